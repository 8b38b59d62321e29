/**
 * Product search (ADR 055) through its two endpoints, on each engine: filters, facet
 * counts, sorts, paging, an exact SKU first, the index current in the same transaction
 * as a product change, suggestions, and bad input.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView, ProductListView, SuggestionView } from '../../../domain/api/catalogue.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';
import { foldSearchSales } from './search-sales.ts';

describe.each(ENGINES)('product search on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp(engine);
    shopper = new Shopper(t.app);
  });
  afterAll(() => t.close());

  const list = async (query: string): Promise<ProductListView> => {
    const reply = await shopper.get<{ data: ProductListView }>(`/api/v1/products?${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body.data;
  };
  const names = (view: { products: FamilyView[] }) => view.products.map((p) => p.name);
  const hasOption = (family: FamilyView, option: string, value: string) =>
    family.variations.some((v) =>
      v.options.some((o) => o.option.slug === option && o.value.slug === value),
    );

  it('filters by category, colour, size, price, stock and pre-order', async () => {
    const trees = await list('category=trees&per_page=100');
    expect(trees.total).toBe(trees.products.length);
    expect(trees.products.every((p) => p.primary_category.slug === 'trees')).toBe(true);

    const white = await list('colour=white,purple&per_page=100');
    expect(white.total).toBeGreaterThan(0);
    expect(
      white.products.every(
        (p) => hasOption(p, 'colour', 'white') || hasOption(p, 'colour', 'purple'),
      ),
    ).toBe(true);

    const tall = await list('size=150cm&per_page=100');
    expect(tall.products.every((p) => hasOption(p, 'size', '150cm'))).toBe(true);

    const cheap = await list('price_min=1000&price_max=2000&per_page=100');
    expect(cheap.total).toBeGreaterThan(0);
    expect(
      cheap.products.every((p) => p.prices.price.amount >= 1000 && p.prices.price.amount <= 2000),
    ).toBe(true);

    const preorders = await list('preorder=true&per_page=100');
    expect(names(preorders)).toEqual(
      expect.arrayContaining(['Artificial Japanese Maple', 'Artificial Wisteria Arch']),
    );
    expect(preorders.products.every((p) => p.variations.some((v) => v.preorder))).toBe(true);

    const inStock = await list('in_stock=1&per_page=100');
    expect(
      inStock.products.every((p) =>
        p.variations.some((v) => v.quantity_available > 0 || v.preorder),
      ),
    ).toBe(true);
  });

  it('counts each facet for the query and the other filters, not its own', async () => {
    const all = await list('q=artificial&per_page=100');
    expect(all.facets.categories.reduce((sum, c) => sum + c.count, 0)).toBe(all.total);
    const trees = all.facets.categories.find((c) => c.slug === 'trees');
    expect(trees?.count).toBe(
      all.products.filter((p) => p.primary_category.slug === 'trees').length,
    );
    const white = all.facets.colour.find((c) => c.slug === 'white');
    expect(white?.count).toBe(all.products.filter((p) => hasOption(p, 'colour', 'white')).length);

    // Ticking a colour keeps the other colours' counts; the categories count what is left.
    const ticked = await list('q=artificial&colour=white&per_page=100');
    expect(ticked.total).toBe(white?.count);
    expect(ticked.facets.colour).toEqual(all.facets.colour);
    expect(ticked.facets.categories.reduce((sum, c) => sum + c.count, 0)).toBe(ticked.total);

    const prices = all.products.map((p) => p.prices.price.amount);
    expect(all.facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    expect(all.facets.preorder).toBe(
      all.products.filter((p) => p.variations.some((v) => v.preorder)).length,
    );
  });

  it('sorts by price, name, newest and best selling', async () => {
    const amounts = (view: ProductListView) => view.products.map((p) => p.prices.price.amount);
    const up = await list('sort=price_asc&per_page=100');
    expect(amounts(up)).toEqual([...amounts(up)].sort((a, b) => a - b));
    const down = await list('sort=price_desc&per_page=100');
    expect(amounts(down)).toEqual([...amounts(up)].reverse());
    const byName = await list('sort=name&per_page=100');
    expect(names(byName)).toEqual(
      [...names(byName)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en-GB')),
    );

    await sql`UPDATE products SET created_at = now() + interval '1 day'
              WHERE slug = 'artificial-calathea'`.execute(t.handle.db);
    expect(names(await list('sort=newest&per_page=1'))).toEqual(['Artificial Calathea']);

    // A paid order of five jade plants makes them the best selling.
    const jade = await t.handle.db
      .selectFrom('products')
      .select(['id', 'sku', 'parent_id'])
      .where('parent_id', 'is not', null)
      .where('name', '=', 'Artificial Jade Plant')
      .executeTakeFirstOrThrow();
    const line = {
      id: 'line-1',
      name: 'Artificial Jade Plant',
      quantity: 5,
      product: { id: jade.id, sku: jade.sku },
      price: { amount: 1000 },
      total_price: { amount: 5000 },
    };
    const order = await t.handle.db
      .insertInto('orders')
      .values({
        public_id: randomUUID(),
        order_number: `EB-SEARCH${engine.length}`,
        email_address: 'ada@example.com',
        amount: 5000,
        snapshot: JSON.stringify({ items: [line] }),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(names(await list('sort=best_selling&per_page=1'))).not.toEqual([
      'Artificial Jade Plant',
    ]);
    await t.handle.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', order.id)
      .execute();
    // Queued by the payment, folded in by the minute's job (ADR 076): once, however
    // many folds run.
    expect(names(await list('sort=best_selling&per_page=1'))).not.toEqual([
      'Artificial Jade Plant',
    ]);
    expect(await foldSearchSales(t.handle.db)).toBe(1);
    expect(await foldSearchSales(t.handle.db)).toBe(0);
    expect(names(await list('sort=best_selling&per_page=1'))).toEqual(['Artificial Jade Plant']);
    const sold = await sql<{ units_sold: number }>`
      SELECT units_sold FROM search_documents WHERE family_id = ${jade.parent_id}`.execute(
      t.handle.db,
    );
    expect(sold.rows[0]?.units_sold).toBe(5);
  });

  it('pages with the total over all pages', async () => {
    const first = await list('per_page=5&page=1');
    const second = await list('per_page=5&page=2');
    expect(first.products).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(first.total).toBeGreaterThan(10);
    expect(names(second).some((n) => names(first).includes(n))).toBe(false);
    expect(second).toMatchObject({ page: 2, per_page: 5 });
    const beyond = await list(`per_page=100&page=${Math.ceil(first.total / 100) + 1}`);
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(first.total);
    expect((await list('')).per_page).toBe(24);
  });

  it('puts the family of an exact SKU first, in any case', async () => {
    const reply = await list('q=olv-120-gry');
    expect(names(reply)[0]).toBe('Artificial Olive Tree');
  });

  it('finds a change in the same transaction as it is made: never stale', async () => {
    await t.handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ name: 'Artificial Zebra Grass' })
        .where('slug', '=', 'artificial-fountain-grass')
        .execute();
      const { rows } = await sql<{ name: string }>`
        SELECT name FROM search_documents WHERE document @@ to_tsquery('english', 'zebra')`.execute(
        trx,
      );
      expect(rows.map((r) => r.name)).toEqual(['Artificial Zebra Grass']);
    });
    expect(names(await list('q=zebra'))).toEqual(['Artificial Zebra Grass']);
    // The vocabulary follows: a typo of the new word is corrected.
    const typo = await list('q=zebar');
    expect(typo.did_you_mean).toBe('zebra');
    expect(names(typo)).toEqual(['Artificial Zebra Grass']);

    // Out of stock: no longer among what is in stock; in stock again: back.
    const calathea = (db = t.handle.db) =>
      db
        .updateTable('products')
        .where('parent_id', 'in', (eb) =>
          eb.selectFrom('products').select('id').where('slug', '=', 'artificial-calathea'),
        );
    await calathea().set({ quantity_on_hand: 0, is_preorder: false }).execute();
    expect(names(await list('q=calathea&in_stock=true'))).toEqual([]);
    expect(names(await list('q=calathea'))).toEqual(['Artificial Calathea']);
    await calathea().set({ quantity_on_hand: 4 }).execute();
    expect(names(await list('q=calathea&in_stock=true'))).toEqual(['Artificial Calathea']);

    // Discontinued: shown only when nothing else matches.
    await t.handle.db
      .updateTable('products')
      .set({ discontinued: true })
      .where('parent_id', 'in', (eb) =>
        eb.selectFrom('products').select('id').where('slug', '=', 'artificial-bamboo-tree'),
      )
      .execute();
    expect(names(await list('q=tree&per_page=100'))).not.toContain('Artificial Bamboo Tree');
    expect(names(await list('q=bamboo'))).toEqual(['Artificial Bamboo Tree']);
  });

  it('takes a bundle out of stock when one of its parts is discontinued', async () => {
    expect(names(await list('q=living+room+trio&in_stock=true'))).toEqual([
      'Living Room Trio Bundle',
    ]);
    // The change itself must go through: the bundle's document is refreshed with it.
    await t.handle.db
      .updateTable('products')
      .set({ discontinued: true })
      .where('sku', '=', 'FERN-BOS')
      .execute();
    expect(names(await list('q=living+room+trio&in_stock=true'))).toEqual([]);
    expect(names(await list('q=living+room+trio'))).toEqual(['Living Room Trio Bundle']);
  });

  it('suggests products and categories from the second letter, typos and all', async () => {
    const suggest = async (q: string) => {
      const reply = await shopper.get<{ data: { suggestions: SuggestionView[] } }>(
        `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
      );
      expect(reply.status, q).toBe(200);
      return reply.body.data.suggestions;
    };
    expect(await suggest('h')).toEqual([]);
    const hydr = await suggest('hydr');
    expect(hydr[0]).toMatchObject({
      kind: 'product',
      name: 'Faux Hydrangea Stem',
      url: '/products/faux-hydrangea-stem',
      image: { src: expect.stringMatching(/^\/media\//) },
    });
    expect((await suggest('monstr')).map((s) => s.name)).toContain('Artificial Monstera Plant');
    expect((await suggest('cact')).map((s) => [s.kind, s.name])).toContainEqual([
      'category',
      'Succulents & Cacti',
    ]);
    expect((await suggest('ar')).length).toBeLessThanOrEqual(8);
    expect(await suggest('<script>')).toEqual([]);
  });

  it('answers bad input with per-field validation errors, and odd text with no error', async () => {
    const bad = async (query: string, field: string) => {
      const reply = await shopper.get(`/api/v1/products?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(
        Object.keys(reply.body.errors as object).some((key) => key.split('.')[0] === field),
        query,
      ).toBe(true);
    };
    await bad('per_page=101', 'per_page');
    await bad('per_page=0', 'per_page');
    await bad('page=0', 'page');
    await bad('page=-2', 'page');
    await bad('page=1.5', 'page');
    await bad(`q=${'a'.repeat(201)}`, 'q');
    await bad('in_stock=maybe', 'in_stock');
    await bad('price_min=-1', 'price_min');
    await bad('colour=%3Cb%3E', 'colour');
    await bad('sort=cheapest', 'sort');
    const unknown = await shopper.get('/api/v1/products?flavour=mint');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_type).toBe('validation');
    const long = await shopper.get(`/api/v1/search/suggestions?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);

    for (const q of [
      '<img src=x onerror=alert(1)>',
      "'; DROP TABLE products; --",
      'olive:* & !tree | (',
      '🌵‏́',
      '   ',
      'a'.repeat(200),
    ]) {
      const reply = await list(`q=${encodeURIComponent(q)}`);
      expect(reply.products.every((p) => !p.name.includes('<'))).toBe(true);
      const suggestions = await shopper.get(
        `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
      );
      expect(suggestions.status, q).toBe(200);
    }
    // The empty text lists everything.
    expect((await list('q=')).total).toBe((await list('')).total);
  });
});
