/**
 * Wire shape of a back-in-stock sign-up: `{ data: { stock_notification } }` from
 * POST /api/v1/products/{id}/stock_notifications (201).
 */
export interface StockNotificationView {
  /** The variation signed up for (a one-variation family's id becomes its variation's). */
  product_id: number;
  /** Lower-cased. */
  email_address: string;
}
