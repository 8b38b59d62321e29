/**
 * The back office's reads of stock (ADR 053): each variation's figures and its ledger.
 * Writes go through the stock ledger repository (one conditional statement each).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A variation's stock figures, as stored and counted. */
export interface StockRowRecord {
  id: number;
  sku: string;
  name: string;
  on_hand: number;
  held: number;
  preordered: number;
  discontinued: boolean;
  is_preorder: boolean;
  restock_date: string | null;
}

/** What the service needs to know of a product before changing its stock. */
export interface StockTarget {
  id: number;
  parent_id: number | null;
  sku: string;
  is_bundle: boolean;
  quantity_on_hand: number;
}

export interface StockMovementRecord {
  id: number;
  created_at: Date;
  change: number;
  before: number;
  after: number;
  reason: string;
  note: string | null;
  staff_id: number | null;
  staff_name: string | null;
  order_number: string | null;
}

export interface StockListQuery {
  /** Lower-cased text matched anywhere in the SKU or name. */
  q: string | null;
  /** Only variations low on stock (on sale, at or below `threshold`). */
  low: boolean;
  threshold: number;
  /** The last SKU of the previous page. */
  afterSku: string | null;
  limit: number;
}

/** `text` for a LIKE pattern matching it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Statuses of paid orders that may still have lines to send. */
const OWING_STATUSES = ['paid', 'partially_dispatched', 'partially_refunded'];

export function stockRepository(db: Db) {
  /** Rows of the variations `where` selects, ordered by SKU, with their figures. */
  async function rows(where: RawBuilder<unknown>, limit: number): Promise<StockRowRecord[]> {
    const owing = sql.join(OWING_STATUSES.map((status) => sql`${status}`));
    const { rows: found } = await sql<StockRowRecord>`
      WITH v AS (
        SELECT p.id, p.sku, f.name || coalesce(' — ' || opt.names, '') AS name,
               p.quantity_on_hand AS on_hand, p.discontinued, p.is_preorder,
               to_char(p.restock_date, 'YYYY-MM-DD') AS restock_date
        FROM products p
        JOIN products f ON f.id = p.parent_id
        LEFT JOIN LATERAL (
          SELECT string_agg(ov.name, ', ' ORDER BY o.position, ov.position) AS names
          FROM product_variation_values pvv
          JOIN product_option_values ov ON ov.id = pvv.option_value_id
          JOIN product_options o ON o.id = ov.option_id
          WHERE pvv.product_id = p.id
        ) opt ON true
        WHERE NOT p.is_bundle AND ${where}
        ORDER BY p.sku
        LIMIT ${limit}
      ),
      held AS (
        SELECT r.product_id, sum(r.quantity)::int AS held
        FROM orders o
        CROSS JOIN jsonb_to_recordset(o.reservations) AS r (product_id int, quantity int)
        WHERE o.status = 'pending' AND r.product_id IN (SELECT id FROM v)
        GROUP BY r.product_id
      ),
      owed AS (
        SELECT i.product_id,
               sum(LEAST(i.preorder_quantity, i.quantity - i.dispatched - i.refunded))::int AS owed
        FROM order_items i
        JOIN orders o ON o.id = i.order_id
        WHERE i.product_id IN (SELECT id FROM v)
          AND i.preorder_quantity > 0 AND i.dispatched + i.refunded < i.quantity
          AND o.status IN (${owing})
        GROUP BY i.product_id
      )
      SELECT v.*, coalesce(held.held, 0) AS held, coalesce(owed.owed, 0) AS preordered
      FROM v
      LEFT JOIN held ON held.product_id = v.id
      LEFT JOIN owed ON owed.product_id = v.id
      ORDER BY v.sku
    `.execute(db);
    return found.map((row) => ({
      ...row,
      on_hand: Number(row.on_hand),
      held: Number(row.held),
      preordered: Number(row.preordered),
    }));
  }

  return {
    /** A page of variations by SKU (one more than `limit` when there is a next page). */
    async list(query: StockListQuery): Promise<StockRowRecord[]> {
      const filters: RawBuilder<unknown>[] = [sql`true`];
      if (query.q) {
        const pattern = containing(query.q);
        filters.push(
          sql`(lower(p.sku) LIKE ${pattern} OR lower(f.name || ' ' || coalesce(opt.names, '')) LIKE ${pattern})`,
        );
      }
      if (query.low) {
        filters.push(sql`NOT p.discontinued AND p.quantity_on_hand <= ${query.threshold}`);
      }
      if (query.afterSku !== null) filters.push(sql`p.sku > ${query.afterSku}`);
      return rows(sql.join(filters, sql` AND `), query.limit + 1);
    },

    /** One variation's figures (not a family's nor a bundle's). */
    async row(id: number): Promise<StockRowRecord | undefined> {
      return (await rows(sql`p.id = ${id}`, 1))[0];
    },

    /** The product whose stock would change, read fresh. */
    async target(id: number): Promise<StockTarget | undefined> {
      return db
        .selectFrom('products')
        .select(['id', 'parent_id', 'sku', 'is_bundle', 'quantity_on_hand'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A product by SKU (the restock command's). */
    async targetBySku(sku: string): Promise<StockTarget | undefined> {
      return db
        .selectFrom('products')
        .select(['id', 'parent_id', 'sku', 'is_bundle', 'quantity_on_hand'])
        .where('sku', '=', sku)
        .executeTakeFirst();
    },

    /** A variation's ledger, newest first (one more than `limit` when there is more). */
    async movements(
      productId: number,
      beforeId: number | null,
      limit: number,
    ): Promise<StockMovementRecord[]> {
      let query = db
        .selectFrom('stock_movements as m')
        .leftJoin('staff as s', 's.id', 'm.staff_id')
        .leftJoin('orders as o', 'o.id', 'm.order_id')
        .select([
          'm.id',
          'm.created_at',
          'm.change',
          'm.before',
          'm.after',
          'm.reason',
          'm.note',
          'm.staff_id',
          's.name as staff_name',
          'o.order_number',
        ])
        .where('m.product_id', '=', productId)
        .orderBy('m.id', 'desc')
        .limit(limit + 1);
      if (beforeId !== null) query = query.where('m.id', '<', beforeId);
      const found = await query.execute();
      return found.map((row) => ({ ...row, id: Number(row.id) }));
    },
  };
}

export type StockRepository = ReturnType<typeof stockRepository>;
