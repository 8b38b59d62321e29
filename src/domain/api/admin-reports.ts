/**
 * The back office's reports (ADR 067): sales by UK day, week or month, best sellers and
 * stock value. Amounts are pence including VAT unless named `_ex_vat`. The server
 * declares its routes with these schemas; the browser imports the inferred types.
 */
import { z } from 'zod/mini';
import { named } from './replies.ts';

const int = z.int();

/** How many of the most valuable variations the stock value reply lists. */
export const STOCK_VALUE_ROWS = 200;

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** VAT payable at each rate, pence, keyed by the rate in percent. */
export const vatByRateSchema = named(
  'VatByRate',
  z.record(z.string(), int),
  'VAT payable at each rate in pence, keyed by the rate in percent, e.g. { "20": 1234, "5": 0, "0": 0 }: ' +
    'the VAT in what was sold, less the VAT in what was refunded. Every row of a report has the same keys ' +
    '(20, 5 and 0, and any other rate the period used).',
);

/** One period's figures, or the report's totals. */
export const salesFiguresSchema = z.object({
  /** Paid orders (paid in the period, UK time). */
  orders: int,
  /** Units sold on those orders (free gifts not counted). */
  items: int,
  /** What those orders took: charged to the payment plus store credit spent. */
  takings: int,
  /** Vouchers and buds taken off those orders. */
  discounts: int,
  /** Delivery charged on those orders, before any voucher. */
  delivery: int,
  /** Refunds made in the period (whichever period the order was in). */
  refunds: int,
  vat: vatByRateSchema,
});

export const salesRowSchema = z.object({
  /** The period's first UK day (yyyy-MM-dd; weeks start on Monday), or yyyy-MM for a month. */
  period: z.string(),
  ...salesFiguresSchema.shape,
});

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  /** Every period from `from` to `to`, oldest first, empty ones included. */
  rows: z.array(salesRowSchema),
  totals: salesFiguresSchema,
});

export const bestSellerSchema = z.object({
  product_id: int,
  sku: z.string(),
  name: z.string(),
  /** Units sold on orders paid in the range (free gifts not counted). */
  units: int,
  /** What those lines took after discounts. */
  takings: int,
  /** Of those units, how many have been refunded since. */
  refunded: int,
});

export const bestSellersSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(bestSellerSchema),
});

export const stockValueRowSchema = z.object({
  id: int,
  sku: z.string(),
  name: z.string(),
  on_hand: int,
  /** One unit's price today, including VAT. */
  price: int,
  /** on_hand × price. */
  value: int,
  /** on_hand × the price without its VAT. */
  value_ex_vat: int,
});

export const stockValueSchema = z.object({
  /**
   * Variations with stock on hand (bundles' stock is their parts'), most valuable first:
   * the first STOCK_VALUE_ROWS here, every one in the CSV.
   */
  rows: z.array(stockValueRowSchema),
  /** Over every variation with stock on hand. */
  totals: z.object({ variations: int, on_hand: int, value: int, value_ex_vat: int }),
});

export type SalesFigures = z.output<typeof salesFiguresSchema>;
export type SalesRow = z.output<typeof salesRowSchema>;
export type SalesReport = z.output<typeof salesReportSchema>;
export type BestSeller = z.output<typeof bestSellerSchema>;
export type BestSellers = z.output<typeof bestSellersSchema>;
export type StockValueRow = z.output<typeof stockValueRowSchema>;
export type StockValue = z.output<typeof stockValueSchema>;
