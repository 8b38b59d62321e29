/**
 * The catalogue reads only what a request needs (ADR 056): a product page its family,
 * a basket its lines' families and their bundles' parts, the categories their counts
 * from SQL; never the whole catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { STATEMENTS_HEADER } from '../../http/statement-count.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';
import { catalogueRepository, type CatalogueRepository } from './catalogue.repository.ts';
import { catalogueService } from './catalogue.service.ts';

/** The repository, counting the families each read answers and any whole load. */
function counting(repository: CatalogueRepository) {
  const counts = { families: 0, reads: 0 };
  const spy: CatalogueRepository = {
    ...repository,
    async familiesOf(ids) {
      const rows = await repository.familiesOf(ids);
      counts.reads++;
      counts.families += rows.length;
      return rows;
    },
    async familyBySlug(slug) {
      const rows = await repository.familyBySlug(slug);
      counts.reads++;
      counts.families += rows ? 1 : 0;
      return rows;
    },
  };
  return { spy, counts };
}

describe.each(ENGINES)('catalogue reads on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp(engine, { sqlStatementsHeader: true, catalogueCacheMs: 60_000 });
    shopper = new Shopper(t.app);
  });
  afterAll(() => t.close());

  const product = (idOrSlug: string | number) =>
    shopper.get<{ data: { product: FamilyView } }>(`/api/v1/products/${idOrSlug}`);

  it('finds a product by slug, by its id and by a variation’s id, reading it once', async () => {
    const bySlug = await product('artificial-olive-tree');
    expect(bySlug.status).toBe(200);
    // The first read is one statement (the family, its options and parts); then kept.
    expect(Number(bySlug.headers[STATEMENTS_HEADER])).toBe(1);
    const family = bySlug.body.data.product;
    const variation = family.variations.find((v) => v.sku === 'OLV-120-GRY');
    expect(variation?.variation_name).toBe('120cm, Grey pot');
    const byId = await product(family.id);
    expect(byId.body.data.product.slug).toBe('artificial-olive-tree');
    expect(Number(byId.headers[STATEMENTS_HEADER])).toBe(0);
    expect((await product(variation?.id ?? 0)).body.data.product.id).toBe(family.id);
    for (const missing of ['no-such-plant', '2147483648', '99999999999999999999']) {
      const reply = await product(missing);
      expect(reply.status).toBe(404);
      expect((reply.body as unknown as { error_type: string }).error_type).toBe('not_found');
    }
  });

  it('counts each category’s families in SQL', async () => {
    const reply = await shopper.get<{
      data: { categories: { slug: string; product_count: number }[] };
    }>('/api/v1/categories');
    const rows = await t.handle.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .where('p.parent_id', 'is', null)
      .select(['c.slug'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('c.slug')
      .execute();
    const counts = Object.fromEntries(rows.map((r) => [r.slug, Number(r.n)]));
    expect(reply.body.data.categories.length).toBeGreaterThanOrEqual(5);
    for (const category of reply.body.data.categories) {
      expect(category.product_count).toBe(counts[category.slug] ?? 0);
    }
    expect(Number(reply.headers[STATEMENTS_HEADER])).toBeLessThanOrEqual(1);
  });

  it('prices a basket holding a bundle from its parts', async () => {
    const bundle = (await product('living-room-trio-bundle')).body.data.product;
    const basketShopper = new Shopper(t.app);
    const added = await basketShopper.post<{ data: { items: any[] } }>('/api/v1/basket', {
      product_id: bundle.id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const [line] = added.body.data.items;
    expect(line.name).toBe('Living Room Trio Bundle');
    expect(line.product.bundle_components.map((c: { sku: string }) => c.sku)).toEqual([
      'FERN-BOS',
      'EUC-SPRAY',
      'PEONY-PNK',
    ]);
    expect(line.product.quantity_available).toBe(bundle.variations[0]?.quantity_available);
    expect(line.product.quantity_available).toBeGreaterThan(0);
  });

  it('reads only the families asked for (and bundles’ parts), never the whole catalogue', async () => {
    const { spy, counts } = counting(catalogueRepository(t.handle.db));
    const catalogue = catalogueService({ repository: spy, cacheMs: 60_000, maxFamilies: 3 });
    const olive = await catalogue.familyBySlug('artificial-olive-tree');
    expect(counts).toEqual({ families: 1, reads: 1 });
    await catalogue.familyBySlug('artificial-olive-tree');
    expect(counts.reads).toBe(1);

    const bundle = await catalogue.familyBySlug('living-room-trio-bundle');
    const bundleVariation = bundle?.variations[0]?.id ?? 0;
    const snapshot = await catalogue.snapshotOf([bundleVariation]);
    // The bundle and the families of its three parts: nothing else.
    expect(snapshot.families.map((f) => f.row.slug).sort()).toEqual(
      [
        'living-room-trio-bundle',
        ...(bundle?.variations[0]?.bundle_components ?? []).map((c) =>
          c.url.replace(/^\/products\/([^?]+).*$/, '$1'),
        ),
      ].sort(),
    );
    // At most three families are kept: the oldest went.
    expect(await catalogue.kept()).toBeLessThanOrEqual(3);
    const reads = counts.reads;
    await catalogue.familyViews([olive?.id ?? 0]);
    expect(counts.reads).toBe(reads + 1);
    expect(await catalogue.familyViews([olive?.id ?? 0, 0, -1, 2 ** 40])).toHaveLength(1);
  });
});
