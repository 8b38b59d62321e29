/**
 * Text-less lists from the facet counts kept by migration 050's triggers (ADR 084): the
 * home and category pages answer exactly what the general statement answers (every
 * sort, page, filter), the counts equal a recount of the documents after a mixed series
 * of catalogue writes, and on PostgreSQL a document write never waits for another
 * transaction's write to the same category's counts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListQuery, ProductSort } from '../../../domain/api/catalogue.ts';
import {
  generateCatalogue,
  writeGeneratedCatalogue,
  type GeneratedFamily,
} from '../../cli/generated-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { listQuery } from '../../testing/list-query.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { pgSearch } from './pg-search.ts';
import { compactSearchFacets } from './search-sales.ts';

const SORTS: (ProductSort | undefined)[] = [
  undefined,
  'position',
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'best_selling',
  'name',
];

/** Every combination the shop's pages send without text, filtered and not. */
function queries(categories: string[]): ProductListQuery[] {
  const out: ProductListQuery[] = [];
  for (const category of [undefined, ...categories, 'no-such-category'])
    for (const sort of SORTS)
      for (const page of [1, 3, 40]) out.push(listQuery({ category, sort, page }));
  for (const category of [undefined, categories[0]])
    for (const sort of ['position', 'price_desc'] as const) {
      out.push(listQuery({ category, sort, colour: ['green'] }));
      out.push(listQuery({ category, sort, size: ['small', 'large'] }));
      out.push(listQuery({ category, sort, in_stock: true }));
      out.push(listQuery({ category, sort, preorder: true }));
      out.push(listQuery({ category, sort, price_min: 2000, price_max: 6000 }));
    }
  return out;
}

/** The counts as the list reads them, and a recount from the documents. */
async function kept(db: Db) {
  const { rows } = await sql<{ category_id: number; key: number; count: number }>`
    SELECT category_id, key, sum(n)::int AS count FROM search_facet_counts
    GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`.execute(db);
  return rows;
}
async function recounted(db: Db) {
  const { rows } = await sql<{ category_id: number; key: number; count: number }>`
    SELECT d.category_id, k.key, count(*)::int AS count
    FROM search_documents d,
         unnest(ARRAY[0] || d.option_value_ids
                || CASE WHEN d.in_stock THEN ARRAY[-1] ELSE '{}'::int[] END
                || CASE WHEN d.preorder THEN ARRAY[-2] ELSE '{}'::int[] END) AS k(key)
    WHERE NOT d.discontinued
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows;
}

/** Families of a category, in id order (variations' ids alongside). */
async function familiesOf(db: Db, count: number) {
  const { rows } = await sql<{ id: number; category_id: number; variations: number[] }>`
    SELECT f.id, f.category_id, array_agg(v.id ORDER BY v.id) AS variations
    FROM products f JOIN products v ON v.parent_id = f.id
    WHERE f.parent_id IS NULL AND NOT f.is_bundle
      AND NOT EXISTS (SELECT 1 FROM bundle_components b WHERE b.component_id = v.id)
    GROUP BY f.id ORDER BY f.id DESC LIMIT ${count}`.execute(db);
  return rows;
}

describe.each(ENGINES)('text-less lists from kept facet counts on %s', (engine) => {
  let handle: TestDatabase;
  let later: GeneratedFamily[];
  let categories: string[];
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const families = generateCatalogue(360);
    // The last families are written during the mixed series (not bundles: their parts
    // would be in the first write).
    later = families.slice(300).filter((f) => !f.isBundle);
    await writeGeneratedCatalogue(handle.db, families.slice(0, 300));
    const { rows } = await sql<{ slug: string }>`
      SELECT c.slug FROM categories c
      WHERE EXISTS (SELECT 1 FROM search_documents d WHERE d.category_id = c.id)
      ORDER BY c.position, c.id LIMIT 3`.execute(handle.db);
    categories = rows.map((r) => r.slug);
  });
  afterAll(() => handle.close());

  async function expectSameLists() {
    const kept = pgSearch(handle.db);
    const general = pgSearch(handle.db, { plainLists: false });
    for (const query of queries(categories)) {
      const answer = await kept.search(query);
      expect({ query, answer }).toEqual({ query, answer: await general.search(query) });
    }
  }

  it('answers every text-less list exactly as the general statement does', async () => {
    expect(categories.length).toBe(3);
    const home = await pgSearch(handle.db).search(listQuery({}));
    expect(home.total).toBeGreaterThan(300);
    expect(home.facets.colour.length).toBeGreaterThan(1);
    await expectSameLists();
  });

  it('keeps the counts equal to a recount after inserts, updates and deletes', async () => {
    const db = handle.db;
    expect(await kept(db)).toEqual(await recounted(db));
    await writeGeneratedCatalogue(db, later);
    const [moved, optioned, priced, sold, discontinued, gone] = await familiesOf(db, 6);
    const otherCategory = await sql<{ id: number }>`
      SELECT id FROM categories WHERE id <> ${moved!.category_id} ORDER BY id LIMIT 1`.execute(db);
    await sql`UPDATE products SET category_id = ${otherCategory.rows[0]!.id}
              WHERE id = ${moved!.id}`.execute(db);
    // Options: a variation loses its values, another gains one more.
    await sql`DELETE FROM product_variation_values
              WHERE product_id = ${optioned!.variations[0]!}`.execute(db);
    await sql`INSERT INTO product_variation_values (product_id, option_value_id)
              SELECT ${optioned!.variations.at(-1)!}, v.id FROM product_option_values v
              WHERE v.id NOT IN (SELECT option_value_id FROM product_variation_values
                                 WHERE product_id = ${optioned!.variations.at(-1)!})
              ORDER BY v.id LIMIT 1`.execute(db);
    await sql`UPDATE products SET price = price + 150 WHERE parent_id = ${priced!.id}`.execute(db);
    await sql`UPDATE products SET quantity_on_hand = 0, is_preorder = false
              WHERE parent_id = ${sold!.id}`.execute(db);
    await sql`UPDATE products SET is_preorder = true
              WHERE id = ${sold!.variations[0]!}`.execute(db);
    await sql`UPDATE products SET discontinued = true
              WHERE parent_id = ${discontinued!.id}`.execute(db);
    expect(await kept(db)).toEqual(await recounted(db));
    expect(await compactSearchFacets(db)).toBe((await recounted(db)).length);
    await sql`DELETE FROM stock_movements WHERE product_id = ANY(${gone!.variations})`.execute(db);
    await sql`DELETE FROM product_variation_values
              WHERE product_id = ANY(${gone!.variations})`.execute(db);
    await sql`DELETE FROM products WHERE parent_id = ${gone!.id}`.execute(db);
    await sql`DELETE FROM products WHERE id = ${gone!.id}`.execute(db);
    await sql`UPDATE products SET discontinued = false
              WHERE parent_id = ${discontinued!.id}`.execute(db);
    expect(await kept(db)).toEqual(await recounted(db));
    await expectSameLists();
  });

  it('shows the discontinued families when nothing else is left, as before', async () => {
    const db = handle.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE products SET discontinued = true WHERE parent_id IS NOT NULL`.execute(trx);
        expect(await kept(trx)).toEqual([]);
        const answer = await pgSearch(trx).search(listQuery({}));
        expect(answer.total).toBeGreaterThan(300);
        expect(answer).toEqual(await pgSearch(trx, { plainLists: false }).search(listQuery({})));
        throw new Error('rolled back'); // undoes the discontinuing
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
      });
    expect(await kept(db)).toEqual(await recounted(db));
  });

  it.runIf(engine === 'postgres')(
    'lets two transactions write documents of the same category without waiting',
    async () => {
      const db = handle.db;
      const { rows } = await sql<{ a: number; b: number }>`
        SELECT min(v.id) AS a, max(v.id) AS b FROM products v
        JOIN products f ON f.id = v.parent_id
        WHERE v.quantity_on_hand > 0 AND NOT v.discontinued AND NOT f.is_bundle
          AND NOT EXISTS (SELECT 1 FROM bundle_components b WHERE b.component_id = v.id)
          AND (SELECT count(*) FROM products s WHERE s.parent_id = f.id) = 1
        GROUP BY f.category_id HAVING count(DISTINCT f.id) >= 2
        ORDER BY f.category_id LIMIT 1`.execute(db);
      const { a, b } = rows[0]!;
      let releaseFirst!: () => void;
      const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      // The first takes its family out of stock (its document and the category's in-stock
      // count change) and stays open; the second does the same to another family of the
      // same category, commits, and only then is the first let go: with one locked
      // counter row per category the second would wait for the first forever.
      const first = db.transaction().execute(async (trx) => {
        await sql`UPDATE products SET quantity_on_hand = 0 WHERE id = ${a}`.execute(trx);
        firstWrote();
        await firstMayFinish;
        await sql`UPDATE products SET quantity_on_hand = 0 WHERE id = ${b}`.execute(trx);
      });
      await firstHasWritten;
      const second = db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
        await sql`UPDATE products SET quantity_on_hand = 0 WHERE id = ${b}`.execute(trx);
      });
      await expect(second).resolves.toBeUndefined();
      releaseFirst();
      await first;
      expect(await kept(db)).toEqual(await recounted(db));
    },
  );
});
