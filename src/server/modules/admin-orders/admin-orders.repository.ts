/**
 * Finding orders for the back office (ADR 054). Newest first by id, keyset-paged (`id <
 * cursor`), each condition served by an index chosen for it: the primary key for the
 * plain list, `orders_status_newest_idx` by status, the trigram GIN index on
 * `search_text` for a search (`LIKE '%…%'` on the lower-cased text, which pg_trgm's GIN
 * index answers from three characters), and the partial index of lines still to send
 * (`order_items_awaiting_idx`; `order_items_awaiting_preorder_idx`, migration 023, for
 * pre-orders: its predicate is the two conditions on `w` below) for the dashboard's lists,
 * and the partial index of pending refunds (`refunds_pending_idx`) for those (ADR 081).
 */
import { sql } from 'kysely';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { OrderListFilter } from '../../../domain/schemas/admin-orders.ts';
import type { Db } from '../../db/client.ts';

/** What the list shows of one order. */
export interface OrderSummaryRow {
  id: number;
  order_number: string;
  public_id: string;
  status: OrderStatus;
  created_at: Date | string;
  email_address: string;
  name: string | null;
  postcode: string | null;
  /** Paid in all (charged + store credit), pence. */
  total: number;
  item_count: number;
}

export interface OrderListCriteria {
  /** LIKE patterns (already lower-cased and escaped); an order matching any is found. */
  patterns?: readonly string[];
  status?: OrderStatus;
  filter?: OrderListFilter;
  /** Only orders older than this id (the keyset). */
  beforeId?: number;
  limit: number;
}

/** Statuses of an order still to be sent (a refunded order's lines are not sent). */
const TO_SEND_STATUSES = ['paid', 'partially_dispatched', 'partially_refunded'] as const;

/** `text` as a LIKE pattern matching it anywhere: lower-cased, wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function adminOrdersRepository(db: Db) {
  return {
    /** One page of orders, newest first, matching every criterion given. */
    async list(criteria: OrderListCriteria): Promise<OrderSummaryRow[]> {
      let query = db
        .selectFrom('orders as o')
        .select((eb) => [
          'o.id',
          'o.order_number',
          'o.public_id',
          'o.status',
          'o.created_at',
          'o.email_address',
          sql<string | null>`o.snapshot #>> '{delivery_address,full_name}'`.as('name'),
          sql<string | null>`o.snapshot #>> '{delivery_address,postcode}'`.as('postcode'),
          sql<number>`o.amount + o.credit_used`.as('total'),
          eb
            .selectFrom('order_items as c')
            .select(sql<number>`coalesce(sum(c.quantity), 0)::int`.as('n'))
            .whereRef('c.order_id', '=', 'o.id')
            .where('c.is_promotion_item', '=', false)
            .as('item_count'),
        ])
        .orderBy('o.id', 'desc')
        .limit(criteria.limit);
      if (criteria.beforeId !== undefined) query = query.where('o.id', '<', criteria.beforeId);
      if (criteria.status) query = query.where('o.status', '=', criteria.status);
      const patterns = criteria.patterns ?? [];
      if (patterns.length > 0) {
        query = query.where((eb) =>
          eb.or(patterns.map((pattern) => eb('o.search_text', 'like', pattern))),
        );
      }
      if (criteria.filter === 'pending_refunds') {
        // The few pending refunds, from their partial index (refunds_pending_idx).
        query = query.where('o.id', 'in', (eb) =>
          eb.selectFrom('refunds').select('order_id').where('state', '=', 'pending'),
        );
      } else if (criteria.filter) {
        const inStock = criteria.filter === 'preorders_in_stock';
        query = query.where('o.status', 'in', TO_SEND_STATUSES).where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_items as w')
              .select(sql`1`.as('one'))
              .whereRef('w.order_id', '=', 'o.id')
              // The partial index's own predicate, so the planner can use it.
              .where(sql<boolean>`w.dispatched + w.refunded < w.quantity`)
              .$if(inStock, (sub) =>
                sub.where('w.preorder_quantity', '>', 0).where((inner) =>
                  inner.exists(
                    inner
                      .selectFrom('products as p')
                      .select(sql`1`.as('one'))
                      .whereRef('p.id', '=', 'w.product_id')
                      .where('p.quantity_on_hand', '>', 0),
                  ),
                ),
              ),
          ),
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        ...row,
        total: Number(row.total),
        item_count: Number(row.item_count ?? 0),
      }));
    },

    /** The order's id and what a write needs to know of it, by number. */
    async find(orderNumber: string) {
      return db
        .selectFrom('orders')
        .select(['id', 'order_number', 'status', 'email_address', 'public_id'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },
  };
}

export type AdminOrdersRepository = ReturnType<typeof adminOrdersRepository>;
