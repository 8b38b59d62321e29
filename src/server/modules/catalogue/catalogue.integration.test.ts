import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { writeDemoImages } from '../../db/seed/demo-images.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('catalogue API on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-media-'));
    t = await createTestApp(engine, { mediaDir });
    shopper = new Shopper(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('lists the demo catalogue with the Product fields of the spec', async () => {
    const reply = await shopper.get<{ data: { products: FamilyView[] } }>(
      '/api/v1/products?per_page=100',
    );
    expect(reply.status).toBe(200);
    const products = reply.body.data.products;
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(new Set(products.map((p) => p.primary_category.slug)).size).toBeGreaterThanOrEqual(5);
    const olive = products.find((p) => p.slug === 'artificial-olive-tree');
    const variation = olive?.variations.find((v) => v.sku === 'OLV-120-GRY');
    expect(variation).toMatchObject({
      parent_id: olive?.id,
      name: 'Artificial Olive Tree',
      variation_name: '120cm, Grey pot',
      quantity_available: 14,
      quantity_on_hand: 14,
      is_bundle: false,
      discontinued: false,
      primary_category: { name: 'Trees' },
      prices: {
        price: {
          amount: 7999,
          label: '£79.99',
          excluding_tax: { amount: 6666 },
          tax: { amount: 1333 },
        },
      },
    });
    expect(variation?.options.map((o) => [o.option.name, o.value.name])).toEqual([
      ['Size', '120cm'],
      ['Pot', 'Grey pot'],
    ]);
    expect(variation?.preview_image).toEqual({
      src: expect.stringMatching(
        /^\/media\/products\/artificial-olive-tree-olv-120-gry\.[0-9a-f]{10}\.svg$/,
      ),
      srcset: `${variation?.preview_image.src} 400w`,
      alt: 'Artificial Olive Tree — 120cm, Grey pot',
      // A drawing: one file, no <picture> sources (ADR 063).
      sources: [],
    });
    expect(variation?.url).toBe(`/products/artificial-olive-tree?variation=${variation?.id}`);
  });

  it('shows a bundle with its components and stock made from theirs', async () => {
    const reply = await shopper.get<{ data: { product: FamilyView } }>(
      '/api/v1/products/living-room-trio-bundle',
    );
    const bundle = reply.body.data.product.variations[0];
    expect(bundle?.is_bundle).toBe(true);
    expect(bundle?.bundle_components.map((c) => [c.sku, c.quantity])).toEqual([
      ['FERN-BOS', 1],
      ['EUC-SPRAY', 2],
      ['PEONY-PNK', 3],
    ]);
    expect(bundle?.quantity_available).toBeGreaterThan(0);
  });

  it('marks discontinued variations and pre-orders', async () => {
    const fig = (await shopper.get('/api/v1/products/artificial-fiddle-leaf-fig')).body.data
      .product as FamilyView;
    expect(fig.variations.find((v) => v.sku === 'FIG-150')).toMatchObject({
      discontinued: true,
      quantity_available: 0,
    });
    const arch = (await shopper.get('/api/v1/products/artificial-wisteria-arch')).body.data
      .product as FamilyView;
    expect(arch).toMatchObject({ preorder: true, restock_date: '2027-01-15' });
  });

  it('filters by category and sorts', async () => {
    const trees = (await shopper.get('/api/v1/products?category=trees&sort=price_asc')).body.data
      .products as FamilyView[];
    expect(trees.length).toBeGreaterThan(2);
    expect(trees.every((p) => p.primary_category.slug === 'trees')).toBe(true);
    const amounts = trees.map((p) => p.prices.price.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const none = await shopper.get('/api/v1/products?category=no-such-category');
    expect(none.status).toBe(200);
    expect(none.body.data.products).toEqual([]);
    const bad = await shopper.get('/api/v1/products?sort=cheapest');
    expect(bad.status).toBe(422);
    expect(bad.body.error_type).toBe('validation');
    expect(bad.body.errors.sort[0]).toMatch(/Please choose one of/);
  });

  it('lists categories with counts', async () => {
    const reply = await shopper.get('/api/v1/categories');
    expect(reply.body.data.categories.length).toBeGreaterThanOrEqual(5);
    expect(reply.body.data.categories[0]).toHaveProperty('product_count');
  });

  it('answers 404 Not found for unknown products', async () => {
    for (const id of ['no-such-plant', '999999', "1' OR '1'='1"]) {
      const reply = await shopper.get(`/api/v1/products/${encodeURIComponent(id)}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error_type: 'not_found', message: 'Not found' });
    }
  });

  it('serves each product’s picture as a file from the media folder, cached for good', async () => {
    expect(await writeDemoImages(t.handle.db, mediaDir)).toBeGreaterThan(0);
    const products = (await shopper.get('/api/v1/products?per_page=100')).body.data
      .products as FamilyView[];
    const pictures = new Map<string, string>();
    for (const view of [...products, ...products.flatMap((p) => p.variations)]) {
      const image = await shopper.get(view.preview_image.src);
      expect(image.status, view.preview_image.src).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(image.body)).toMatch(/^<svg [^>]*viewBox="0 0 400 400"/);
      pictures.set(view.preview_image.src, String(image.body));
    }
    // Each colour of a peony has its own picture.
    const peony = products.find((p) => p.slug === 'faux-peony-stem');
    const colours = peony?.variations.map((v) => pictures.get(v.preview_image.src));
    expect(new Set(colours).size).toBe(3);
  });

  it('answers 404 Not found for files that are not there', async () => {
    await writeDemoImages(t.handle.db, mediaDir);
    await writeFile(join(mediaDir, '.secret'), 'not for the public');
    for (const url of [
      '/media/products/nothing-here.svg',
      '/media/products/',
      '/media/products',
      '/media/.secret',
      '/media/products/..%2F.secret',
      '/media/..%2Fpackage.json',
      '/media/products/artificial-olive-tree.svg?w=400',
    ]) {
      const reply = await shopper.get(url);
      expect(reply.status, url).toBe(404);
      expect(reply.body, url).toEqual({ error_type: 'not_found', message: 'Not found' });
    }
  });

  it('writes the demo pictures once and never changes a file that is there', async () => {
    await writeDemoImages(t.handle.db, mediaDir);
    const files = await readdir(join(mediaDir, 'products'));
    expect(files.length).toBe(
      (await t.handle.db.selectFrom('products').select('id').execute()).length,
    );
    const olive = files.find((f) => f.startsWith('artificial-olive-tree.'));
    await writeFile(join(mediaDir, 'products', olive ?? ''), '<svg>kept</svg>');
    expect(await writeDemoImages(t.handle.db, mediaDir)).toBe(0);
    expect(String((await shopper.get(`/media/products/${olive}`)).body)).toBe('<svg>kept</svg>');
  });
});

describe.each(ENGINES)('catalogue lists while the catalogue is cached, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { catalogueCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  it('answers every filter and order correctly however often and in whatever order', async () => {
    const shopper = new Shopper(t.app);
    const list = async (query: string) =>
      (await shopper.get(`/api/v1/products?per_page=100&${query.replace(/^\?/, '')}`)).body.data
        .products as FamilyView[];
    const names = (products: FamilyView[]) => products.map((p) => p.name);

    const all = await list('');
    const cheapestFirst = await list('?sort=price_asc');
    const dearestFirst = await list('?sort=price_desc');
    const trees = await list('?category=trees&sort=name');
    const amounts = (products: FamilyView[]) => products.map((p) => p.prices.price.amount);

    expect(amounts(cheapestFirst)).toEqual([...amounts(all)].sort((a, b) => a - b));
    expect(amounts(dearestFirst)).toEqual([...amounts(all)].sort((a, b) => b - a));
    expect(names(trees)).toEqual(
      all
        .filter((p) => p.primary_category.slug === 'trees')
        .map((p) => p.name)
        .sort((a, b) => a.localeCompare(b, 'en-GB')),
    );
    // Asking again, after other orders, gives the same answers.
    expect(names(await list(''))).toEqual(names(all));
    expect(names(await list('?sort=price_asc'))).toEqual(names(cheapestFirst));
    expect(await list('?category=no-such-category')).toEqual([]);
  });
});
