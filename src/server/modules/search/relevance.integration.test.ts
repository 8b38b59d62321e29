/**
 * Relevance (issue 21, ADR 055): what a shopper types, typos and all, and the families
 * they would expect among the first three results on the demo catalogue. At least 90%
 * of the queries must pass; the misses are printed either way, to tune the ranking by.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListView } from '../../../domain/api/catalogue.ts';
import { createTestApp, Shopper, type TestApp } from '../../testing/test-app.ts';

interface Case {
  q: string;
  /** Every one of these among the first three. */
  all?: string[];
  /** At least one of these among the first three. */
  any?: string[];
}

const TREES = [
  'Artificial Olive Tree',
  'Artificial Fiddle Leaf Fig',
  'Artificial Japanese Maple',
  'Artificial Kentia Palm',
  'Artificial Bay Topiary Tree',
  'Artificial Cherry Blossom Tree',
  'Artificial Bamboo Tree',
  'Artificial Lemon Tree',
  'Artificial Weeping Fig Tree',
];
const FLOWERS = [
  'Artificial Wisteria Arch',
  'Faux Peony Stem',
  'Faux Eucalyptus Spray',
  'Faux Rose Stem',
  'Faux Hydrangea Stem',
  'Artificial Lavender Bush',
  'Faux Tulip Bunch',
  'Artificial Rose and Peony Bouquet',
  'Faux Pampas Grass Stems',
  'Artificial Phalaenopsis Orchid',
  'Faux Sunflower Stem',
];
const WREATHS = [
  'Eucalyptus Door Wreath',
  'Faux Olive Leaf Wreath',
  'Lavender Wreath',
  'Winter Berry Wreath',
];
const PLANTS = [
  'Artificial Monstera Plant',
  'Artificial Snake Plant',
  'Artificial ZZ Plant',
  'Artificial Rubber Plant',
  'Artificial Jade Plant',
];
const EUCALYPTUS = ['Faux Eucalyptus Spray', 'Eucalyptus Door Wreath', 'Faux Eucalyptus Garland'];
const CACTI = ['Artificial Barrel Cactus', 'Artificial Saguaro Cactus'];

const CASES: Case[] = [
  // Whole words and phrases.
  { q: 'olive tree', all: ['Artificial Olive Tree'] },
  { q: 'olive', all: ['Artificial Olive Tree', 'Faux Olive Leaf Wreath'] },
  { q: 'lavender wreath', all: ['Lavender Wreath'] },
  { q: 'boston fern', all: ['Artificial Boston Fern'] },
  { q: 'fern', all: ['Artificial Boston Fern', 'Artificial Hanging Boston Fern'] },
  { q: 'peony', all: ['Faux Peony Stem'] },
  { q: 'rose bouquet', all: ['Artificial Rose and Peony Bouquet'] },
  { q: 'orchid', all: ['Artificial Phalaenopsis Orchid'] },
  { q: 'eucalyptus', all: EUCALYPTUS },
  { q: 'door wreath', all: ['Eucalyptus Door Wreath'] },
  { q: 'garland', all: ['Trailing Ivy Garland', 'Faux Eucalyptus Garland'] },
  { q: 'pampas grass', all: ['Faux Pampas Grass Stems'] },
  { q: 'aloe', all: ['Artificial Aloe Vera'] },
  { q: 'jade', all: ['Artificial Jade Plant'] },
  { q: 'snake plant', all: ['Artificial Snake Plant'] },
  { q: 'zz plant', all: ['Artificial ZZ Plant'] },
  { q: 'bird of paradise', all: ['Artificial Bird of Paradise'] },
  { q: 'fiddle leaf', all: ['Artificial Fiddle Leaf Fig'] },
  { q: 'fig tree', all: ['Artificial Weeping Fig Tree', 'Artificial Fiddle Leaf Fig'] },
  { q: 'japanese maple', all: ['Artificial Japanese Maple'] },
  { q: 'palm', all: ['Artificial Kentia Palm'] },
  { q: 'lemon tree', all: ['Artificial Lemon Tree'] },
  { q: 'cherry blossom', all: ['Artificial Cherry Blossom Tree'] },
  { q: 'string of pearls', all: ['Artificial String of Pearls'] },
  { q: 'string of hearts', all: ['Artificial String of Hearts'] },
  { q: 'wisteria', all: ['Artificial Wisteria Arch', 'Faux Hanging Wisteria Stem'] },
  { q: 'calathea', all: ['Artificial Calathea'] },
  { q: 'bundle', all: ['Living Room Trio Bundle'] },
  { q: 'echeveria', all: ['Artificial Echeveria Trio'] },
  { q: 'winter berry', all: ['Winter Berry Wreath'] },
  { q: 'topiary', all: ['Artificial Bay Topiary Tree'] },
  { q: 'bay tree', all: ['Artificial Bay Topiary Tree'] },
  { q: 'mini succulent', all: ['Mini Succulent in Pot'] },
  { q: 'ivy', all: ["Artificial Hanging Devil's Ivy", 'Trailing Ivy Garland'] },
  { q: 'hanging', any: ["Artificial Hanging Devil's Ivy", 'Artificial Hanging Boston Fern'] },
  { q: 'tall tree', any: TREES },
  { q: 'wreath', any: WREATHS },
  { q: 'cactus', all: CACTI },
  // Plurals and common forms.
  { q: 'cacti', all: CACTI },
  { q: 'succulents', all: ['Mini Succulent in Pot'] },
  { q: 'devils ivy', all: ["Artificial Hanging Devil's Ivy"] },
  { q: "devil's ivy", all: ["Artificial Hanging Devil's Ivy"] },
  { q: 'roses', all: ['Faux Rose Stem'] },
  { q: 'sunflowers', all: ['Faux Sunflower Stem'] },
  { q: 'tulips', all: ['Faux Tulip Bunch'] },
  { q: 'berries', all: ['Winter Berry Wreath'] },
  { q: 'grasses', any: ['Artificial Fountain Grass', 'Faux Pampas Grass Stems'] },
  // Synonyms a UK shopper uses.
  { q: 'fake plant', any: PLANTS },
  { q: 'silk flowers', any: FLOWERS },
  { q: 'faux flowers', any: FLOWERS },
  { q: 'artificial tree', any: TREES },
  { q: 'fake olive tree', all: ['Artificial Olive Tree'] },
  { q: 'planter', any: ['Mini Succulent in Pot', ...TREES, ...PLANTS] },
  { q: 'pothos', all: ["Artificial Hanging Devil's Ivy"] },
  // Typos, the first letter too.
  { q: 'olvie', all: ['Artificial Olive Tree'] },
  { q: 'monstra', all: ['Artificial Monstera Plant'] },
  { q: 'hydrangia', all: ['Faux Hydrangea Stem'] },
  { q: 'phalenopsis', all: ['Artificial Phalaenopsis Orchid'] },
  { q: 'eucalytpus', any: EUCALYPTUS },
  { q: 'peace lilly', all: ['Artificial Peace Lily'] },
  { q: 'sanke plant', all: ['Artificial Snake Plant'] },
  { q: 'lavendar', any: ['Artificial Lavender Bush', 'Lavender Wreath'] },
  { q: 'nonstera', all: ['Artificial Monstera Plant'] },
  // Prefixes (as typed so far).
  { q: 'hydr', all: ['Faux Hydrangea Stem'] },
  { q: 'monst', all: ['Artificial Monstera Plant'] },
  { q: 'lav', all: ['Artificial Lavender Bush', 'Lavender Wreath'] },
  { q: 'olive tr', all: ['Artificial Olive Tree'] },
  // SKUs.
  { q: 'OLV-90-BLK', all: ['Artificial Olive Tree'] },
  { q: 'fern-bos', all: ['Artificial Boston Fern'] },
];

describe('search relevance on the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('finds what a shopper means among the first three for at least 90% of queries', async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const shopper = new Shopper(t.app);
    const misses: string[] = [];
    for (const c of CASES) {
      const reply = await shopper.get<{ data: ProductListView }>(
        `/api/v1/products?per_page=3&q=${encodeURIComponent(c.q)}`,
      );
      expect(reply.status, c.q).toBe(200);
      const top = reply.body.data.products.map((p) => p.name);
      const ok =
        (c.all ?? []).every((name) => top.includes(name)) &&
        (!c.any || c.any.some((name) => top.includes(name)));
      if (!ok) {
        misses.push(
          `  "${c.q}": expected ${c.all ? `all of ${c.all.join(', ')}` : `one of ${c.any?.join(', ')}`}; got ${top.join(', ') || 'nothing'}`,
        );
      }
    }
    const passed = CASES.length - misses.length;
    console.log(
      `Relevance: ${passed} of ${CASES.length} queries (${Math.round((100 * passed) / CASES.length)}%) found what was expected in the top three.` +
        (misses.length ? `\nMisses:\n${misses.join('\n')}` : ''),
    );
    expect(passed / CASES.length).toBeGreaterThanOrEqual(0.9);
  });
});
