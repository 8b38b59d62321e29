/**
 * The stock ledger (ADR 047): every change to a variation's stock on hand is one
 * relative, conditional UPDATE — it never overwrites sales made meanwhile and never
 * takes stock below zero — with its stock_movements row (who, why, before, after) in
 * the same statement. Pass a transaction as `db` to make it part of a larger write.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface StockChange {
  productId: number;
  /** Units, + or −; never 0. */
  change: number;
  /** received, damaged, returned, correction, counted, restocked, restock, sold, released. */
  reason: string;
  note?: string | null;
  staffId?: number | null;
  orderId?: number | null;
}

export interface StockMoved {
  before: number;
  after: number;
}

export function stockLedgerRepository(db: Db) {
  return {
    /**
     * Applies one change. Undefined when it would take stock below zero (or there is no
     * such variation): nothing changes.
     */
    async apply(change: StockChange, on: Db = db): Promise<StockMoved | undefined> {
      const { rows } = await sql<StockMoved>`
        WITH moved AS (
          UPDATE products SET quantity_on_hand = quantity_on_hand + ${change.change}
          WHERE id = ${change.productId} AND quantity_on_hand + ${change.change} >= 0
          RETURNING id, quantity_on_hand - ${change.change} AS before, quantity_on_hand AS after
        ),
        entry AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, staff_id, order_id)
          SELECT id, ${change.change}, before, after, ${change.reason}, ${change.note ?? null},
                 ${change.staffId ?? null}, ${change.orderId ?? null}
          FROM moved
        )
        SELECT before, after FROM moved
      `.execute(on);
      return rows[0];
    },

    /**
     * Sets a counted level (a stock take, ADR 053) only while the level is still
     * `expected` — the one the counter's form showed — in one conditional UPDATE, with
     * its ledger row ('counted', change = counted − expected). Undefined when the level
     * moved meanwhile (or there is no such variation): nothing changes. A count that
     * confirms the level writes its row too (change 0): when stock was last counted.
     */
    async count(
      entry: {
        productId: number;
        counted: number;
        expected: number;
        note?: string | null;
        staffId?: number | null;
      },
      on: Db = db,
    ): Promise<StockMoved | undefined> {
      const { rows } = await sql<StockMoved>`
        WITH moved AS (
          UPDATE products SET quantity_on_hand = ${entry.counted}
          WHERE id = ${entry.productId} AND quantity_on_hand = ${entry.expected}
          RETURNING id, ${entry.expected}::int AS before, quantity_on_hand AS after
        ),
        entry AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, staff_id)
          SELECT id, after - before, before, after, 'counted', ${entry.note ?? null},
                 ${entry.staffId ?? null}
          FROM moved
        )
        SELECT before, after FROM moved
      `.execute(on);
      return rows[0];
    },
  };
}

export type StockLedgerRepository = ReturnType<typeof stockLedgerRepository>;
