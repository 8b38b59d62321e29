/**
 * The back office's stock replies (ADR 053): a variation's stock row, as the stock
 * list, an adjustment and a count answer it, and its ledger's movements. The server
 * declares its routes with these schemas; the browser imports the inferred types.
 */
import { z } from 'zod/mini';

const int = z.int();

/**
 * One variation's stock. Orders take stock when they are placed, so `on_hand` is what
 * no order has taken yet; `held` (taken by orders awaiting payment: back to on_hand if
 * the payment fails) and `preordered` (ordered beyond stock, still owed) are not in it.
 */
export const stockRowSchema = z.object({
  id: int,
  sku: z.string(),
  /** The family's name and the variation's options, e.g. 'Artificial Olive Tree — 120cm'. */
  name: z.string(),
  /** products.quantity_on_hand: units no order has taken. */
  on_hand: int,
  /** Units taken by orders still awaiting payment (not in on_hand). */
  held: int,
  /** Units paid orders are waiting for beyond stock, not yet sent or refunded. */
  preordered: int,
  /** What the shop sells now: on_hand, or 0 when discontinued. */
  available: int,
  /** Not discontinued, and available at or below LOW_STOCK_THRESHOLD. */
  low: z.boolean(),
  discontinued: z.boolean(),
  is_preorder: z.boolean(),
  /** yyyy-MM-dd, or null. */
  restock_date: z.nullable(z.string()),
});

export const stockListSchema = z.object({
  variations: z.array(stockRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});

export const stockMovementSchema = z.object({
  id: int,
  /** ISO date-time. */
  at: z.string(),
  change: int,
  before: int,
  after: int,
  /** opening, sold, released, restock, received, damaged, returned, correction, counted, restocked. */
  reason: z.string(),
  note: z.nullable(z.string()),
  /** The staff member's name, 'Shop' for orders, or 'Command line'. */
  who: z.string(),
  /** The order's number when an order moved the stock. */
  order_number: z.nullable(z.string()),
});

export const stockMovementsSchema = z.object({
  variation: stockRowSchema,
  movements: z.array(stockMovementSchema),
  next_cursor: z.nullable(z.string()),
});

export type StockRowView = z.output<typeof stockRowSchema>;
export type StockListView = z.output<typeof stockListSchema>;
export type StockMovementView = z.output<typeof stockMovementSchema>;
export type StockMovementsView = z.output<typeof stockMovementsSchema>;
