/**
 * The search documents off the order's path (ADR 076): a stock change rewrites a
 * family's document only when it changes what the document says (in stock or not, a
 * bundle's parts enough or not), and paying an order touches no document at all — on
 * PostgreSQL, an order is paid while another transaction holds every document.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { foldSearchSales } from './search-sales.ts';

/** A document's row version: it changes whenever the row is rewritten. */
async function versionOf(db: Db, familyId: number): Promise<string> {
  const { rows } = await sql<{ v: string }>`
    SELECT xmin::text || ':' || ctid::text AS v FROM search_documents WHERE family_id = ${familyId}`.execute(
    db,
  );
  return rows[0]!.v;
}

async function inStock(db: Db, familyId: number): Promise<boolean> {
  const { rows } = await sql<{ in_stock: boolean }>`
    SELECT in_stock FROM search_documents WHERE family_id = ${familyId}`.execute(db);
  return rows[0]!.in_stock;
}

/** A family with a single variation, not a bundle, with stock `quantity`. */
async function singleVariation(db: Db, quantity: number) {
  const { rows } = await sql<{ id: number; parent_id: number }>`
    SELECT v.id, v.parent_id FROM products v
    WHERE v.parent_id IS NOT NULL AND NOT v.discontinued AND NOT v.is_preorder
      AND NOT EXISTS (SELECT 1 FROM bundle_components b WHERE b.bundle_id = v.id)
      AND NOT EXISTS (SELECT 1 FROM bundle_components b WHERE b.component_id = v.id)
      AND (SELECT count(*) FROM products s WHERE s.parent_id = v.parent_id) = 1
    ORDER BY v.id LIMIT 1`.execute(db);
  const variation = rows[0]!;
  await sql`UPDATE products SET quantity_on_hand = ${quantity} WHERE id = ${variation.id}`.execute(
    db,
  );
  return variation;
}

describe.each(ENGINES)('search documents and orders on %s', (engine) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('rewrites a document for a stock change only when the family goes in or out of stock', async () => {
    const db = handle.db;
    const variation = await singleVariation(db, 5);
    const family = variation.parent_id;
    expect(await inStock(db, family)).toBe(true);

    const before = await versionOf(db, family);
    await sql`UPDATE products SET quantity_on_hand = 2 WHERE id = ${variation.id}`.execute(db);
    expect(await versionOf(db, family)).toBe(before);

    await sql`UPDATE products SET quantity_on_hand = 0 WHERE id = ${variation.id}`.execute(db);
    expect(await inStock(db, family)).toBe(false);
    await sql`UPDATE products SET quantity_on_hand = 3 WHERE id = ${variation.id}`.execute(db);
    expect(await inStock(db, family)).toBe(true);
  });

  it('rewrites a bundle’s document when a part crosses the number the bundle needs', async () => {
    const db = handle.db;
    const { rows } = await sql<{ bundle_family: number; part: number; needs: number }>`
      SELECT coalesce(bp.parent_id, bp.id) AS bundle_family, b.component_id AS part,
             b.quantity AS needs
      FROM bundle_components b JOIN products bp ON bp.id = b.bundle_id
      WHERE (SELECT count(*) FROM bundle_components o WHERE o.bundle_id = b.bundle_id) >= 1
      ORDER BY b.quantity DESC, b.bundle_id LIMIT 1`.execute(db);
    const bundle = rows[0]!;
    // Every part of the bundle plenty, then this one part exactly what it needs.
    await sql`UPDATE products SET quantity_on_hand = 50, discontinued = false
              WHERE id IN (SELECT component_id FROM bundle_components b
                           JOIN products bp ON bp.id = b.bundle_id
                           WHERE coalesce(bp.parent_id, bp.id) = ${bundle.bundle_family})`.execute(
      db,
    );
    await sql`UPDATE products SET quantity_on_hand = ${bundle.needs} WHERE id = ${bundle.part}`.execute(
      db,
    );
    const { rows: bundles } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products v
      WHERE coalesce(v.parent_id, v.id) = ${bundle.bundle_family} AND NOT v.is_preorder`.execute(
      db,
    );
    expect(bundles[0]!.n).toBeGreaterThan(0);
    expect(await inStock(db, bundle.bundle_family)).toBe(true);
    await sql`UPDATE products SET quantity_on_hand = ${bundle.needs - 1} WHERE id = ${bundle.part}`.execute(
      db,
    );
    expect(await inStock(db, bundle.bundle_family)).toBe(false);
    await sql`UPDATE products SET quantity_on_hand = ${bundle.needs} WHERE id = ${bundle.part}`.execute(
      db,
    );
    expect(await inStock(db, bundle.bundle_family)).toBe(true);
  });

  it('queues what a paid order sold, and counts it once however many folds run', async () => {
    const db = handle.db;
    const variation = await singleVariation(db, 10);
    const order = await newOrder(db, variation.id, 3);
    const before = await versionOf(db, variation.parent_id);
    await sql`UPDATE orders SET status = 'paid' WHERE id = ${order}`.execute(db);
    expect(await versionOf(db, variation.parent_id)).toBe(before);
    const sold = async () =>
      (
        await sql<{ units_sold: number }>`
          SELECT units_sold FROM search_documents WHERE family_id = ${variation.parent_id}`.execute(
          db,
        )
      ).rows[0]!.units_sold;
    const was = await sold();
    const folds = await Promise.all([foldSearchSales(db), foldSearchSales(db)]);
    expect(folds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await sold()).toBe(was + 3);
    // A refund takes them back (the order leaves the sold statuses).
    await sql`UPDATE orders SET status = 'refunded' WHERE id = ${order}`.execute(db);
    await foldSearchSales(db);
    expect(await sold()).toBe(was);
  });

  it.runIf(engine === 'postgres')(
    'pays an order while another transaction holds every search document',
    async () => {
      const db = handle.db;
      const variation = await singleVariation(db, 10);
      const order = await newOrder(db, variation.id, 2);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const isHolding = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.transaction().execute(async (trx) => {
        await sql`SELECT family_id FROM search_documents FOR UPDATE`.execute(trx);
        holding();
        await held;
      });
      await isHolding;
      try {
        // Any wait for a document's lock fails at once instead of hanging.
        await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
          await sql`UPDATE products SET quantity_on_hand = quantity_on_hand - 2
                    WHERE id = ${variation.id}`.execute(trx);
          await sql`UPDATE orders SET status = 'paid' WHERE id = ${order}`.execute(trx);
        });
      } finally {
        release();
        await holder;
      }
      const { rows } = await sql<{ status: string }>`
        SELECT status FROM orders WHERE id = ${order}`.execute(db);
      expect(rows[0]!.status).toBe('paid');
    },
  );
});

/** A pending order of `quantity` of one variation, with its line. */
async function newOrder(db: Db, productId: number, quantity: number): Promise<number> {
  const { rows } = await sql<{ sku: string; name: string }>`
    SELECT sku, name FROM products WHERE id = ${productId}`.execute(db);
  const line = {
    id: 'line-1',
    name: rows[0]!.name,
    quantity,
    product: { id: productId, sku: rows[0]!.sku },
    price: { amount: 1000 },
    total_price: { amount: 1000 * quantity },
  };
  const order = await db
    .insertInto('orders')
    .values({
      public_id: randomUUID(),
      order_number: `EB-LOCKS-${randomUUID().slice(0, 8)}`,
      email_address: 'ada@example.com',
      amount: 1000 * quantity,
      snapshot: JSON.stringify({ items: [line] }),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}
