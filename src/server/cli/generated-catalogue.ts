/**
 * A realistic generated catalogue for benchmarks and trying the shop at size (issue
 * #21): families named from plant vocabularies (common and Latin names, adjectives,
 * rooms, materials), about three variations each over the shop's options (size,
 * colour, pot), SKUs, prices, stock, some pre-orders with restock dates, some
 * discontinued, some bundles of other families' variations, and a picture recipe each.
 * Deterministic: the same count and seed give the same catalogue. `generateCatalogue`
 * is pure; `writeGeneratedCatalogue` writes it with multi-row INSERTs.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { beginSearchBatch, refreshSearchBatch } from '../modules/search/search-batch.ts';
import { compactSearchFacets } from '../modules/search/search-sales.ts';
import type { Db } from '../db/client.ts';
import { demoCategories, demoOptions } from '../db/seed/demo-catalogue.ts';
import type { ImageStyle } from '../db/seed/demo-types.ts';
import { renderProductImage } from '../db/seed/product-image.ts';
import { slugify } from '../db/seed/slugs.ts';

/** mulberry32: a small, fast, seeded generator. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Plant {
  common: string;
  latin: string;
  code: string;
  category: string;
  style: ImageStyle;
  colours: string[];
  /** Sold in sizes (trees, plants), or in colours (flowers). */
  by: 'size' | 'colour';
}

const PLANTS: Plant[] = [
  ['Olive Tree', 'Olea europaea', 'OLV', 'trees', 'tree', ['#7d8f69', '#8a9a5b'], 'size'],
  ['Fiddle Leaf Fig', 'Ficus lyrata', 'FLF', 'trees', 'tree', ['#3f6b35'], 'size'],
  ['Weeping Fig', 'Ficus benjamina', 'WFG', 'trees', 'tree', ['#4f7f3a'], 'size'],
  ['Bay Tree', 'Laurus nobilis', 'BAY', 'trees', 'tree', ['#3d6b3a'], 'size'],
  ['Japanese Maple', 'Acer palmatum', 'MPL', 'trees', 'tree', ['#a33a2c', '#c0562f'], 'size'],
  ['Lemon Tree', 'Citrus limon', 'LEM', 'trees', 'tree', ['#4c7a34'], 'size'],
  ['Bamboo', 'Bambusa vulgaris', 'BAM', 'trees', 'grass', ['#6a9a3c'], 'size'],
  ['Kentia Palm', 'Howea forsteriana', 'KEN', 'house-plants', 'palm', ['#3e7a3e'], 'size'],
  ['Areca Palm', 'Dypsis lutescens', 'ARE', 'house-plants', 'palm', ['#5a8f3a'], 'size'],
  ['Monstera', 'Monstera deliciosa', 'MON', 'house-plants', 'leafy', ['#2f6b3a'], 'size'],
  ['Rubber Plant', 'Ficus elastica', 'RUB', 'house-plants', 'leafy', ['#2c4a2c'], 'size'],
  ['Snake Plant', 'Dracaena trifasciata', 'SNK', 'house-plants', 'grass', ['#4f7d3c'], 'size'],
  ['Peace Lily', 'Spathiphyllum wallisii', 'PLY', 'house-plants', 'leafy', ['#356b3a'], 'size'],
  ['Bird of Paradise', 'Strelitzia nicolai', 'BOP', 'house-plants', 'palm', ['#3b6e45'], 'size'],
  ['Boston Fern', 'Nephrolepis exaltata', 'FRN', 'house-plants', 'fern', ['#5b8c3a'], 'size'],
  ['Calathea', 'Goeppertia orbifolia', 'CAL', 'house-plants', 'leafy', ['#4a7c59'], 'size'],
  ['Zamioculcas', 'Zamioculcas zamiifolia', 'ZZP', 'house-plants', 'leafy', ['#2e5e2e'], 'size'],
  ['Aloe Vera', 'Aloe barbadensis', 'ALO', 'succulents-cacti', 'succulent', ['#6f9a6a'], 'size'],
  ['Echeveria', 'Echeveria elegans', 'ECH', 'succulents-cacti', 'succulent', ['#8fb3a0'], 'size'],
  ['Jade Plant', 'Crassula ovata', 'JAD', 'succulents-cacti', 'succulent', ['#4f7f4f'], 'size'],
  [
    'Barrel Cactus',
    'Echinocactus grusonii',
    'BCT',
    'succulents-cacti',
    'cactus',
    ['#5f8a3c'],
    'size',
  ],
  [
    'Prickly Pear',
    'Opuntia ficus-indica',
    'PPR',
    'succulents-cacti',
    'cactus',
    ['#6a9a4a'],
    'size',
  ],
  ["Devil's Ivy", 'Epipremnum aureum', 'DIV', 'hanging-trailing', 'trailing', ['#5a8f3a'], 'size'],
  [
    'String of Pearls',
    'Curio rowleyanus',
    'SOP',
    'hanging-trailing',
    'trailing',
    ['#7aa35a'],
    'size',
  ],
  ['English Ivy', 'Hedera helix', 'IVY', 'hanging-trailing', 'trailing', ['#3d6b35'], 'size'],
  [
    'Boston Ivy',
    'Parthenocissus tricuspidata',
    'BIV',
    'hanging-trailing',
    'trailing',
    ['#5a7f35'],
    'size',
  ],
  ['Rose', 'Rosa', 'ROS', 'flowers', 'flower-stems', ['#c0392b', '#f4c2c2'], 'colour'],
  ['Peony', 'Paeonia lactiflora', 'PEO', 'flowers', 'flower-stems', ['#e8a0b4'], 'colour'],
  [
    'Hydrangea',
    'Hydrangea macrophylla',
    'HYD',
    'flowers',
    'bouquet',
    ['#8fa8d8', '#d8a0c8'],
    'colour',
  ],
  [
    'Tulip',
    'Tulipa gesneriana',
    'TUL',
    'flowers',
    'flower-stems',
    ['#e05a47', '#f2d04b'],
    'colour',
  ],
  ['Orchid', 'Phalaenopsis amabilis', 'ORC', 'flowers', 'orchid', ['#d98cc0', '#f5f0f5'], 'colour'],
  ['Lavender', 'Lavandula angustifolia', 'LAV', 'flowers', 'grass', ['#8e7cc3'], 'colour'],
  ['Sunflower', 'Helianthus annuus', 'SUN', 'flowers', 'flower-stems', ['#f2c230'], 'colour'],
  ['Eucalyptus', 'Eucalyptus cinerea', 'EUC', 'wreaths-garlands', 'wreath', ['#8fb3a0'], 'colour'],
  ['Winter Berry', 'Ilex verticillata', 'BER', 'wreaths-garlands', 'wreath', ['#b03a2e'], 'colour'],
  ['Pampas Grass', 'Cortaderia selloana', 'PMP', 'flowers', 'grass', ['#e8d8b8'], 'colour'],
].map(([common, latin, code, category, style, colours, by]) => ({
  common,
  latin,
  code,
  category,
  style,
  colours,
  by,
})) as Plant[];

const ADJECTIVES = [
  'Tall',
  'Compact',
  'Lush',
  'Classic',
  'Variegated',
  'Trailing',
  'Dwarf',
  'Grand',
  'Slim',
  'Full',
  'Rustic',
  'Luxury',
  'Premium',
  'Windswept',
  'Wild',
  'Dense',
  'Mini',
  'Cascading',
];
const FORMS = ['', '', '', 'Bush', 'Stem', 'Spray', 'Arrangement', 'Topiary', 'Cluster'];
const LINES = ['Artificial', 'Faux', 'Silk', 'Artificial', 'Artificial'];
const ROOMS = [
  'living room',
  'hallway',
  'office',
  'bedroom',
  'bathroom',
  'conservatory',
  'kitchen',
  'restaurant',
  'hotel lobby',
  'shop window',
];
const MATERIALS = [
  'UV-resistant polyester leaves',
  'real-touch latex',
  'hand-painted silk',
  'recycled PET foliage',
  'wired fabric stems',
  'natural wood trunk',
];
const FEATURES = [
  'fire-retardant',
  'UV-stable for outdoor use',
  'weighted base',
  'bendable branches',
  'no watering or light needed',
  'wipe-clean leaves',
];
const SIZES = ['30cm', '45cm', '60cm', '90cm', '120cm', '150cm', '180cm'];
const COLOURS = ['White', 'Blush pink', 'Deep red', 'Yellow', 'Soft blue', 'Purple', 'Natural'];
const POTS = ['Black pot', 'Grey pot', 'Terracotta pot', 'White ceramic pot', 'No pot'];
const POT_CODES: Record<string, string> = {
  'Black pot': 'BLK',
  'Grey pot': 'GRY',
  'Terracotta pot': 'TER',
  'White ceramic pot': 'WCP',
  'No pot': 'NOP',
};

export interface GeneratedVariation {
  sku: string;
  price: number;
  quantityOnHand: number;
  options: Record<string, string>;
  discontinued: boolean;
  isPreorder: boolean;
  restockDate: string | null;
  weightG: number;
  heightMm: number;
  /** For a bundle: the SKUs of the variations it is made of. */
  components: { sku: string; quantity: number }[];
}

export interface GeneratedFamily {
  slug: string;
  sku: string;
  name: string;
  description: string;
  category: string;
  style: ImageStyle;
  colour: string;
  isBundle: boolean;
  variations: GeneratedVariation[];
}

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;

function pickSome<T>(rnd: () => number, list: readonly T[], count: number): T[] {
  const start = Math.floor(rnd() * list.length);
  const out: T[] = [];
  for (let i = 0; i < count && i < list.length; i++) {
    out.push(list[(start + i) % list.length] as T);
  }
  return out;
}

/** A date `days` after 2027-01-04 (fixed, so a run is reproducible). */
function restockDate(days: number): string {
  return new Date(Date.UTC(2027, 0, 4 + days)).toISOString().slice(0, 10);
}

/**
 * `count` families, deterministic for (`count`, `seed`). Every 40th is a bundle of two
 * earlier families' variations; families' numbers make slugs and SKUs unique.
 */
export function generateCatalogue(count: number, seed = 21): GeneratedFamily[] {
  const rnd = prng(seed);
  const families: GeneratedFamily[] = [];
  const earlier: GeneratedFamily[] = [];
  for (let n = 1; n <= count; n++) {
    const number = String(n).padStart(6, '0');
    if (n % 40 === 0 && earlier.length >= 2) {
      const a = pick(rnd, earlier);
      const b = pick(rnd, earlier);
      const parts = [a.variations[0], b.variations[0]].filter((v) => v !== undefined);
      const plantA = a.name.replace(/^(Artificial|Faux|Silk) /, '');
      const plantB = b.name.replace(/^(Artificial|Faux|Silk) /, '');
      const name = `${plantA} and ${plantB} Bundle`;
      const sku = `GB-${number}`;
      const price = Math.round(parts.reduce((sum, v) => sum + v.price, 0) * 0.9);
      families.push({
        slug: `${slugify(name)}-${number}`,
        sku: `P-${sku}`,
        name,
        description: `A pair chosen to go together: the ${plantA.toLowerCase()} and the ${plantB.toLowerCase()}, for less than buying both.`,
        category: 'bundles',
        style: a.style,
        colour: a.colour,
        isBundle: true,
        variations: [
          {
            sku,
            price,
            quantityOnHand: 0,
            options: {},
            discontinued: false,
            isPreorder: false,
            restockDate: null,
            weightG: parts.reduce((sum, v) => sum + v.weightG, 0),
            heightMm: Math.max(...parts.map((v) => v.heightMm)),
            components: parts.map((v) => ({ sku: v.sku, quantity: 1 })),
          },
        ],
      });
      continue;
    }
    const plant = pick(rnd, PLANTS);
    const adjective = pick(rnd, ADJECTIVES);
    const form = pick(rnd, FORMS);
    const line = pick(rnd, LINES);
    const name = [line, adjective, plant.common, form].filter(Boolean).join(' ');
    const rooms = pickSome(rnd, ROOMS, 2);
    const description =
      `A ${adjective.toLowerCase()} ${line.toLowerCase()} ${plant.common.toLowerCase()} ` +
      `(${plant.latin}) in ${pick(rnd, MATERIALS)}, ${pick(rnd, FEATURES)}. ` +
      `Brings year-round green to a ${rooms[0]} or ${rooms[1]}.`;
    const variationCount = 1 + Math.floor(rnd() * 5); // 1–5, about 3
    const base = 1500 + Math.floor(rnd() * 120) * 100; // £15–£134
    const discontinuedFamily = rnd() < 0.03;
    const firstSize = Math.floor(rnd() * (SIZES.length - 2));
    const pots = pickSome(rnd, POTS, 2);
    const variations: GeneratedVariation[] = [];
    for (let v = 0; v < variationCount; v++) {
      const options: Record<string, string> = {};
      let code: string;
      if (plant.by === 'size') {
        const size = SIZES[Math.min(SIZES.length - 1, firstSize + Math.floor(v / 2))] ?? '60cm';
        const pot = pots[v % 2] ?? 'Black pot';
        if (variationCount > 1) {
          options.size = size;
          options.pot = pot;
        }
        code = `${size.replace('cm', '')}-${POT_CODES[pot]}`;
      } else {
        const colour = COLOURS[(firstSize + v) % COLOURS.length] ?? 'White';
        if (variationCount > 1) options.colour = colour;
        code = slugify(colour).slice(0, 3).toUpperCase();
      }
      const roll = rnd();
      const isPreorder = roll < 0.05;
      const outOfStock = isPreorder || roll < 0.12;
      variations.push({
        sku: `${plant.code}-${number}-${variationCount > 1 ? code : 'STD'}`,
        price: base + v * 700 + (plant.by === 'size' ? Math.floor(v / 2) * 1500 : 0),
        quantityOnHand: outOfStock ? 0 : 1 + Math.floor(rnd() * 60),
        options,
        discontinued: discontinuedFamily || rnd() < 0.02,
        isPreorder,
        restockDate: isPreorder ? restockDate(Math.floor(rnd() * 90)) : null,
        weightG: 200 + Math.floor(rnd() * 8000),
        heightMm: 300 + Math.floor(rnd() * 1500),
        components: [],
      });
    }
    const family: GeneratedFamily = {
      slug: `${slugify(name)}-${number}`,
      sku: `P-${plant.code}-${number}`,
      name,
      description,
      category: plant.category,
      style: plant.style,
      colour: pick(rnd, plant.colours),
      isBundle: false,
      variations,
    };
    families.push(family);
    earlier.push(family);
  }
  return families;
}

const BUNDLES_CATEGORY = {
  slug: 'bundles',
  name: 'Bundles',
  description: 'Plants chosen to go together, for less than buying each.',
};

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters; products have 19). */
const CHUNK = 1_000;

async function insertChunks<T extends object>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Picture path per recipe (style and colour): one shared file each, drawn once. */
function recipePath(style: ImageStyle, colour: string): { path: string; svg: string } {
  const svg = renderProductImage({ style, colour, title: `${style} ${colour}` });
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  return { path: `products/generated/${style}-${colour.slice(1)}.${hash}.svg`, svg };
}

export interface WriteResult {
  families: number;
  variations: number;
  pictures: number;
}

/**
 * Adds the generated families to the catalogue in one transaction (their categories
 * and option values are reused by slug, or made), with the stock ledger's opening
 * movement for each variation with stock (ADR 053). Refuses when a generated
 * catalogue is already there. Pictures (one per recipe) go to `mediaDir` when given.
 */
export async function writeGeneratedCatalogue(
  db: Db,
  families: readonly GeneratedFamily[],
  mediaDir?: string,
): Promise<WriteResult> {
  const first = families[0];
  if (first) {
    const clash = await db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', first.sku)
      .executeTakeFirst();
    if (clash) throw new Error('This database already holds a generated catalogue.');
  }
  const recipes = new Map<string, { path: string; svg: string }>();
  const pictureOf = (family: GeneratedFamily) => {
    const key = `${family.style}:${family.colour}`;
    let recipe = recipes.get(key);
    if (!recipe) {
      recipe = recipePath(family.style, family.colour);
      recipes.set(key, recipe);
    }
    return recipe.path;
  };

  const variations = families.reduce((sum, f) => sum + f.variations.length, 0);
  await db.transaction().execute(async (trx) => {
    // Each family's search document written once, at the end (ADR 055), not once per
    // statement that touches the family.
    await beginSearchBatch(trx);
    // Categories and option values: the shop's own where they exist.
    const wanted = [...demoCategories, BUNDLES_CATEGORY];
    await trx
      .insertInto('categories')
      .values(wanted.map((c, i) => ({ ...c, position: 100 + i })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    const categoryIds = new Map(
      (await trx.selectFrom('categories').select(['id', 'slug']).execute()).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    await trx
      .insertInto('product_options')
      .values(demoOptions.map((o, position) => ({ slug: o.slug, name: o.name, position })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    const options = await trx.selectFrom('product_options').select(['id', 'slug']).execute();
    const optionIds = new Map(options.map((o) => [o.slug, o.id]));
    const values = demoOptions.flatMap((o) =>
      o.values.map((name, position) => ({
        option_id: optionIds.get(o.slug) ?? 0,
        slug: slugify(name),
        name,
        position,
      })),
    );
    await trx
      .insertInto('product_option_values')
      .values(values)
      .onConflict((oc) => oc.columns(['option_id', 'slug']).doNothing())
      .execute();
    const valueIds = new Map(
      (
        await trx
          .selectFrom('product_option_values as v')
          .innerJoin('product_options as o', 'o.id', 'v.option_id')
          .select(['v.id', 'v.slug', 'o.slug as option_slug'])
          .execute()
      ).map((v) => [`${v.option_slug}:${v.slug}`, v.id]),
    );

    // Ids first, so every row (and its variations and parts) is written in bulk.
    const ids = (
      await sql<{ id: number }>`
        SELECT nextval('products_id_seq')::int AS id
        FROM generate_series(1, ${families.length + variations})
      `.execute(trx)
    ).rows.map((r) => r.id);
    let next = 0;
    const takeId = () => {
      const id = ids[next++];
      if (id === undefined) throw new Error('Ran out of ids');
      return id;
    };
    const productRows = [];
    const variationValues: { product_id: number; option_value_id: number }[] = [];
    const skuIds = new Map<string, number>();
    const bundleRows: { bundle_id: number; component_id: number; quantity: number }[] = [];
    for (const [position, family] of families.entries()) {
      const categoryId = categoryIds.get(family.category);
      if (categoryId === undefined) throw new Error(`Unknown category ${family.category}`);
      const familyId = takeId();
      const image = pictureOf(family);
      const common = {
        name: family.name,
        description: family.description,
        category_id: categoryId,
        is_bundle: family.isBundle,
        image_path: image,
      };
      const buyable = family.variations.filter((v) => !v.discontinued);
      productRows.push({
        ...common,
        id: familyId,
        parent_id: null,
        slug: family.slug,
        sku: family.sku,
        price: Math.min(...(buyable.length ? buyable : family.variations).map((v) => v.price)),
        position: 1000 + position,
      });
      for (const [index, variation] of family.variations.entries()) {
        const id = takeId();
        skuIds.set(variation.sku, id);
        productRows.push({
          ...common,
          id,
          parent_id: familyId,
          slug: `${family.slug}-${slugify(variation.sku)}`,
          sku: variation.sku,
          price: variation.price,
          weight_g: variation.weightG,
          height_mm: variation.heightMm,
          quantity_on_hand: variation.quantityOnHand,
          is_preorder: variation.isPreorder,
          restock_date: variation.restockDate,
          discontinued: variation.discontinued,
          position: index,
        });
        for (const [option, value] of Object.entries(variation.options)) {
          const valueId = valueIds.get(`${option}:${slugify(value)}`);
          if (valueId === undefined) throw new Error(`Unknown option ${option}:${value}`);
          variationValues.push({ product_id: id, option_value_id: valueId });
        }
        for (const part of variation.components) {
          const partId = skuIds.get(part.sku);
          if (partId === undefined) throw new Error(`Unknown component ${part.sku}`);
          bundleRows.push({ bundle_id: id, component_id: partId, quantity: part.quantity });
        }
      }
    }
    await insertChunks(productRows, (chunk) => trx.insertInto('products').values(chunk).execute());
    await insertChunks(variationValues, (chunk) =>
      trx.insertInto('product_variation_values').values(chunk).execute(),
    );
    await insertChunks(bundleRows, (chunk) =>
      trx.insertInto('bundle_components').values(chunk).execute(),
    );
    const firstId = ids[0] ?? 0;
    // The ledger adds up to the level from the start (ADR 053): one opening movement each.
    await sql`
      INSERT INTO stock_movements (product_id, change, before, after, reason, note)
      SELECT id, quantity_on_hand, 0, quantity_on_hand, 'opening', 'Generated stock'
      FROM products WHERE id >= ${firstId} AND quantity_on_hand > 0
    `.execute(trx);
    await refreshSearchBatch(trx);
  });
  // Thousands of document writes appended facet count deltas: fold them now rather than
  // at the search-sales job's next run (ADR 084).
  await compactSearchFacets(db);

  if (mediaDir) {
    const root = resolve(mediaDir);
    await mkdir(resolve(root, 'products/generated'), { recursive: true });
    for (const recipe of recipes.values()) await writeFile(resolve(root, recipe.path), recipe.svg);
  }
  return { families: families.length, variations, pictures: mediaDir ? recipes.size : 0 };
}
