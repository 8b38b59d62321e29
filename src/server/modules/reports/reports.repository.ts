/**
 * The reports' queries (ADR 067, ADR 068). Sales sum the summary by UK day that
 * migration 037's triggers keep from stored figures — an order's columns of migration
 * 035 (its discounts, delivery, VAT and delivery option, from its snapshot), its lines'
 * prices and VAT (order_items), refunds and their lines as written; the service groups
 * days into weeks and months. Best sellers read the lines. Nothing is repriced.
 *
 * An order counts on the UK day it was paid (created, for orders paid before paid_at was
 * kept: orders_paid_day_idx), when it was sold (SOLD_ORDER_STATUSES: a cancelled order
 * too, ADR 078); a refund — a cancellation's credit note among them — on the UK day it
 * was made, once completed.
 */
import { sql } from 'kysely';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import type { Db } from '../../db/client.ts';

/** The standard rate, for a delivery option since removed. */
const DEFAULT_RATE_BP = 2000;

/**
 * One UK day's figures at one delivery rate (the delivery option's, looked up now) and,
 * for `rate` -1, the whole orders' and refunds' figures, else those of the lines at that
 * line VAT rate (basis points): units sold, their VAT, and refunded lines' VAT.
 */
export interface SalesDayFigures {
  day: string;
  delivery_rate: number;
  rate: number;
  orders: number;
  takings: number;
  discounts: number;
  delivery: number;
  tax: number;
  items: number;
  refunds: number;
  refund_tax: number;
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

const paidAt = sql`coalesce(o.paid_at, o.created_at)`;
const paidStatuses = sql.join(SOLD_ORDER_STATUSES.map((status) => sql`${status}`));
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
    /**
     * Sales by UK day over [from, to] (days, both included), from the summary the
     * triggers of migration 037 keep (ADR 068): a few rows a day whatever the orders.
     */
    async salesDays(from: string, to: string): Promise<SalesDayFigures[]> {
      const { rows } = await sql<SalesDayFigures>`
        SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${deliveryRate} AS delivery_rate, s.rate,
               sum(s.orders) AS orders, sum(s.takings) AS takings,
               sum(s.discounts) AS discounts, sum(s.delivery) AS delivery, sum(s.tax) AS tax,
               sum(s.items) AS items, sum(s.refunds) AS refunds,
               sum(s.refund_tax) AS refund_tax
        FROM sales_days s
        LEFT JOIN delivery_options d ON d.id = s.delivery_option
        WHERE s.day >= ${from}::date AND s.day <= ${to}::date
        GROUP BY 1, 2, 3
      `.execute(db);
      return numbers(rows, [
        'delivery_rate',
        'rate',
        'orders',
        'takings',
        'discounts',
        'delivery',
        'tax',
        'items',
        'refunds',
        'refund_tax',
      ]);
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
