/**
 * The reports' queries (ADR 067). Each sums stored figures — an order's columns of
 * migration 035 (its discounts, delivery, VAT and delivery option, from its snapshot),
 * its lines' prices and VAT (order_items), refunds and their lines as written — grouped
 * by UK day; the service groups days into weeks and months. Nothing is repriced.
 *
 * An order counts on the UK day it was paid (created, for orders paid before paid_at was
 * kept: orders_paid_day_idx), when its status is a paid one; a refund on the UK day it
 * was made, once completed.
 */
import { sql, type RawBuilder } from 'kysely';
import { PAID_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { SHOP_TIME_ZONE } from '../../../domain/uk-days.ts';
import type { Db } from '../../db/client.ts';

/** The standard rate, for a delivery option since removed. */
const DEFAULT_RATE_BP = 2000;

export interface OrderDayFigures {
  day: string;
  delivery_rate: number;
  orders: number;
  takings: number;
  discounts: number;
  delivery: number;
  tax: number;
}

export interface LineDayFigures {
  day: string;
  delivery_rate: number;
  rate: number;
  items: number;
  tax: number;
}

export interface RefundDayFigures {
  day: string;
  delivery_rate: number;
  amount: number;
  tax: number;
}

export interface RefundLineDayFigures {
  day: string;
  delivery_rate: number;
  rate: number;
  tax: number;
}

export interface BestSellerRecord {
  product_id: number;
  sku: string;
  name: string;
  units: number;
  takings: number;
  refunded: number;
}

export interface StockValueRecord {
  id: number;
  sku: string;
  name: string;
  on_hand: number;
  price: number;
  tax_rate_bp: number;
}

/** The UK day of an instant column, as yyyy-MM-dd. */
const ukDay = (column: RawBuilder<unknown>) =>
  sql<string>`to_char((${column} AT TIME ZONE ${sql.lit(SHOP_TIME_ZONE)})::date, 'YYYY-MM-DD')`;

const paidAt = sql`coalesce(o.paid_at, o.created_at)`;
const paidStatuses = sql.join(PAID_ORDER_STATUSES.map((status) => sql`${status}`));
const deliveryRate = sql<number>`coalesce(d.tax_rate_bp, ${sql.lit(DEFAULT_RATE_BP)})`;

/** Bigint sums arrive as strings: numbers, every one. */
function numbers<T extends object>(rows: readonly T[], keys: readonly (keyof T)[]): T[] {
  return rows.map((row) => {
    const copy = { ...row };
    for (const key of keys) (copy[key] as unknown) = Number(row[key] ?? 0);
    return copy;
  });
}

export function reportsRepository(db: Db) {
  /** Paid orders whose paid day falls in [start, end). */
  const paidIn = (start: Date, end: Date) => sql`
    ${paidAt} >= ${start} AND ${paidAt} < ${end} AND o.status IN (${paidStatuses})`;

  return {
    async orderDays(start: Date, end: Date): Promise<OrderDayFigures[]> {
      const { rows } = await sql<OrderDayFigures>`
        SELECT ${ukDay(paidAt)} AS day, ${deliveryRate} AS delivery_rate,
               count(*) AS orders, sum(o.amount + o.credit_used) AS takings,
               sum(o.sales_discount) AS discounts, sum(o.sales_delivery) AS delivery,
               sum(o.sales_tax) AS tax
        FROM orders o
        LEFT JOIN delivery_options d ON d.id = o.sales_delivery_option
        WHERE ${paidIn(start, end)}
        GROUP BY 1, 2
      `.execute(db);
      return numbers(rows, ['delivery_rate', 'orders', 'takings', 'discounts', 'delivery', 'tax']);
    },

    async lineDays(start: Date, end: Date): Promise<LineDayFigures[]> {
      const { rows } = await sql<LineDayFigures>`
        SELECT ${ukDay(paidAt)} AS day, ${deliveryRate} AS delivery_rate, i.tax_rate_bp AS rate,
               coalesce(sum(i.quantity) FILTER (WHERE NOT i.is_promotion_item), 0) AS items,
               sum(i.tax_amount) AS tax
        FROM orders o
        JOIN order_items i ON i.order_id = o.id
        LEFT JOIN delivery_options d ON d.id = o.sales_delivery_option
        WHERE ${paidIn(start, end)}
        GROUP BY 1, 2, 3
      `.execute(db);
      return numbers(rows, ['delivery_rate', 'rate', 'items', 'tax']);
    },

    async refundDays(start: Date, end: Date): Promise<RefundDayFigures[]> {
      const { rows } = await sql<RefundDayFigures>`
        SELECT ${ukDay(sql`r.created_at`)} AS day, ${deliveryRate} AS delivery_rate,
               sum(r.amount) AS amount, sum(r.tax_amount) AS tax
        FROM refunds r
        JOIN orders o ON o.id = r.order_id
        LEFT JOIN delivery_options d ON d.id = o.sales_delivery_option
        WHERE r.state = 'completed' AND r.created_at >= ${start} AND r.created_at < ${end}
        GROUP BY 1, 2
      `.execute(db);
      return numbers(rows, ['delivery_rate', 'amount', 'tax']);
    },

    async refundLineDays(start: Date, end: Date): Promise<RefundLineDayFigures[]> {
      const { rows } = await sql<RefundLineDayFigures>`
        SELECT ${ukDay(sql`r.created_at`)} AS day, ${deliveryRate} AS delivery_rate,
               i.tax_rate_bp AS rate, sum(ri.tax_amount) AS tax
        FROM refunds r
        JOIN refund_items ri ON ri.refund_id = r.id
        JOIN order_items i ON i.id = ri.order_item_id
        JOIN orders o ON o.id = r.order_id
        LEFT JOIN delivery_options d ON d.id = o.sales_delivery_option
        WHERE r.state = 'completed' AND r.created_at >= ${start} AND r.created_at < ${end}
        GROUP BY 1, 2, 3
      `.execute(db);
      return numbers(rows, ['delivery_rate', 'rate', 'tax']);
    },

    /** Variations by units sold on orders paid in [start, end), free gifts not counted. */
    async bestSellers(start: Date, end: Date, limit: number): Promise<BestSellerRecord[]> {
      const { rows } = await sql<BestSellerRecord>`
        SELECT i.product_id, max(i.sku) AS sku, max(i.name) AS name,
               sum(i.quantity) AS units, sum(i.total_price) AS takings,
               sum(i.refunded) AS refunded
        FROM orders o
        JOIN order_items i ON i.order_id = o.id
        WHERE ${paidIn(start, end)} AND NOT i.is_promotion_item
        GROUP BY i.product_id
        ORDER BY units DESC, takings DESC, i.product_id
        LIMIT ${limit}
      `.execute(db);
      return numbers(rows, ['product_id', 'units', 'takings', 'refunded']);
    },

    /** Variations with stock on hand (not bundles), most valuable first. */
    async stockValues(limit: number | null): Promise<StockValueRecord[]> {
      const { rows } = await sql<StockValueRecord>`
        WITH v AS (
          SELECT p.id, p.sku, p.parent_id, p.quantity_on_hand AS on_hand, p.price, p.tax_rate_bp
          FROM products p
          WHERE p.parent_id IS NOT NULL AND NOT p.is_bundle AND p.quantity_on_hand > 0
          ORDER BY p.quantity_on_hand::bigint * p.price DESC, p.id
          ${limit === null ? sql`` : sql`LIMIT ${limit}`}
        )
        SELECT v.id, v.sku, f.name || coalesce(' — ' || opt.names, '') AS name,
               v.on_hand, v.price, v.tax_rate_bp
        FROM v
        JOIN products f ON f.id = v.parent_id
        LEFT JOIN LATERAL (
          SELECT string_agg(ov.name, ', ' ORDER BY o.position, ov.position) AS names
          FROM product_variation_values pvv
          JOIN product_option_values ov ON ov.id = pvv.option_value_id
          JOIN product_options o ON o.id = ov.option_id
          WHERE pvv.product_id = v.id
        ) opt ON true
        ORDER BY v.on_hand::bigint * v.price DESC, v.id
      `.execute(db);
      return rows;
    },

    /** Units on hand by price and VAT rate, over every variation with stock. */
    async stockByPrice(): Promise<
      { price: number; tax_rate_bp: number; on_hand: number; variations: number }[]
    > {
      const { rows } = await sql<{
        price: number;
        tax_rate_bp: number;
        on_hand: number;
        variations: number;
      }>`
        SELECT price, tax_rate_bp, sum(quantity_on_hand) AS on_hand, count(*) AS variations
        FROM products
        WHERE parent_id IS NOT NULL AND NOT is_bundle AND quantity_on_hand > 0
        GROUP BY 1, 2
      `.execute(db);
      return numbers(rows, ['on_hand', 'variations']);
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
