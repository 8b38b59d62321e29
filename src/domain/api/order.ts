/**
 * Wire shapes of orders and payments (spec section 3: Order shape, Stored card, Order
 * creation result, Payment result), shared by the server that builds them and the
 * browser that reads them. Replies with a schema are inferred from it (replies.ts,
 * ADR 046); requests and the small results without one are written here.
 */
import type { z } from 'zod/mini';
import type {
  orderSchema,
  paymentMethodTypeSchema,
  storedCardSchema,
  storedCardsSchema,
} from './replies.ts';

/** The payment method types the gateway reports (Braintree's names). */
export type PaymentMethodType = z.output<typeof paymentMethodTypeSchema>;

/** Spec section 2: payment method labels. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodType, string> = {
  paypal: 'PayPal',
  credit_card: 'Credit/Debit Card',
  apple_pay: 'Apple Pay',
  android_pay_card: 'Google Pay',
};

/** POST /api/v1/basket/order. Empty strings when no payment is required. */
export interface PlaceOrderRequest {
  payment_method_nonce: string;
  device_data: string;
  /** Signed-in customers: keep a new card in the vault for next time. */
  save_payment_method?: boolean;
  /**
   * The total the shopper was shown and paid for (3-D Secure checked the card for it), in
   * pence: when the basket's total is now different (a discount code expired, buds spent
   * by another order, a price changed), the order is refused with `order_total_changed`
   * and nothing is charged. Without it, the order charges the total as it is.
   */
  expected_total?: number;
}

/** `{ data: { public_id } }` */
export interface PlaceOrderResult {
  public_id: string;
}

/** POST /api/v1/payments/token → `{ data: { token } }` */
export interface PaymentTokenResult {
  token: string;
}

/** A vaulted card (spec section 3, Stored card), plus the id the shop deletes it by. */
export type StoredCardView = z.output<typeof storedCardSchema>;

/** GET /api/v1/payments/methods → `{ data: { payment_methods } }`, default first. */
export type StoredCardsResult = z.output<typeof storedCardsSchema>;

/** GET /api/v1/orders/{public_id} → `{ data: { order } }` (spec section 3, Order shape). */
export type OrderView = z.output<typeof orderSchema>;

export type OrderStatus = OrderView['status'];

/** A parcel sent, as the customer sees it (ADR 050). */
export type OrderShipmentView = NonNullable<OrderView['shipments']>[number];

/** How the order was paid, as the thank-you page and emails show it. */
export type OrderPaymentView = OrderView['payment_method'];

/** GET /api/v1/user/orders → `{ data: { orders } }`, newest first. */
export interface OrderListResult {
  orders: OrderView[];
}

/** POST /api/v1/orders/track → `{ data: { order } }`; also the cancel endpoints' reply. */
export interface OrderResult {
  order: OrderView;
}

/** POST /api/v1/orders/track */
export interface TrackOrderRequest {
  order_number: string;
  email_address: string;
}
