/**
 * The dashboard's figures (ADR 049), each one query on an index chosen for it: today's
 * paid orders on orders_paid_day_idx (migration 028), what awaits dispatch on
 * order_items_awaiting_idx (lines neither sent nor refunded), refunds pending on
 * refunds_pending_idx, low stock on the catalogue.
 */
import { sql } from 'kysely';
import { PAID_ORDER_STATUSES } from '../../../domain/order-status.ts';
import type { Db } from '../../db/client.ts';

export function dashboardRepository(db: Db) {
  /** A paid order's lines still to send. */
  const waitingLines = () =>
    db
      .selectFrom('order_items as line')
      .innerJoin('orders', 'orders.id', 'line.order_id')
      .where(sql<boolean>`line.dispatched + line.refunded < line.quantity`)
      .where('orders.status', 'in', PAID_ORDER_STATUSES);

  return {
    /** Orders paid in [start, end) and what they took (pence, store credit included). */
    async paidBetween(start: Date, end: Date): Promise<{ orders: number; takings: number }> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('orders'),
          sql<number>`coalesce(sum(amount + credit_used), 0)::bigint`.as('takings'),
        ])
        .where(sql<Date>`coalesce(paid_at, created_at)`, '>=', start)
        .where(sql<Date>`coalesce(paid_at, created_at)`, '<', end)
        .where('status', 'in', PAID_ORDER_STATUSES)
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), takings: Number(row.takings) };
    },

    /** Paid orders with a line neither sent nor refunded. */
    async awaitingDispatch(): Promise<number> {
      const row = await waitingLines()
        .select(sql<number>`count(DISTINCT line.order_id)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Of those, orders with a waiting pre-order line whose variation has stock on hand. */
    async preordersInStock(): Promise<number> {
      const row = await waitingLines()
        .innerJoin('products', 'products.id', 'line.product_id')
        .where('line.preorder_quantity', '>', 0)
        .where('products.quantity_on_hand', '>', 0)
        .select(sql<number>`count(DISTINCT line.order_id)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Refunds to the payment waiting for the gateway (its partial index, refunds_pending_idx). */
    async pendingRefunds(): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Variations on sale (not bundles, not discontinued) with `threshold` or fewer on hand. */
    async lowStock(threshold: number): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', 'is not', null)
        .where('is_bundle', '=', false)
        .where('discontinued', '=', false)
        .where('quantity_on_hand', '<=', threshold)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
