/**
 * Wire shapes of orders and payments (spec section 3: Order shape, Stored card, Order
 * creation result, Payment result), shared by the server that builds them and the
 * browser that reads them.
 */
import type { AmountView, PriceView } from '../price-view.ts';
import type { Discount } from '../pricing.ts';
import type { AddressView, BasketItemView } from './basket.ts';

/** The payment method types the gateway reports (Braintree's names). */
export type PaymentMethodType = 'credit_card' | 'paypal' | 'apple_pay' | 'android_pay_card';

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
export interface StoredCardView {
  /** Opaque id for DELETE /api/v1/payments/methods/{id}. */
  id: string;
  /** A single-use nonce for paying with this card now. */
  nonce: string;
  default: boolean;
  details: {
    cardType: string;
    lastFour: string;
    expirationMonth: string;
    expirationYear: string;
    bin: string;
  };
}

/** GET /api/v1/payments/methods → `{ data: { payment_methods } }`, default first. */
export interface StoredCardsResult {
  payment_methods: StoredCardView[];
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'dispatched';

/** How the order was paid, as the thank-you page and emails show it. */
export interface OrderPaymentView {
  /** null for a free order (no payment taken). */
  type: PaymentMethodType | null;
  /** PAYMENT_METHOD_LABELS[type], or 'No payment required'. */
  label: string;
  /** Cards only: e.g. 'Visa ending 1111'. */
  description: string | null;
}

/** GET /api/v1/orders/{public_id} → `{ data: { order } }` (spec section 3, Order shape). */
export interface OrderView {
  public_id: string;
  /** Shown to the shopper, e.g. 'EB-7K3Q9M2X'; not guessable in sequence. */
  order_number: string;
  status: OrderStatus;
  /** When it was placed (ISO 8601). */
  date: string;
  email_address: string;
  items: BasketItemView[];
  promotionItems: BasketItemView[];
  prices: { items: PriceView; delivery: PriceView; total: PriceView };
  discounted_prices: { total: PriceView } | null;
  discounts: Discount[];
  loyalty_points: { used: number; discount: AmountView; earned: number };
  delivery_address: AddressView;
  billing_address: AddressView | null;
  delivery_option: { id: string; name: string; description: string; price: PriceView };
  delivery_safe_place: string | null;
  /** Dates as yyyy-MM-dd; label e.g. 'Thursday 26 November – Monday 30 November'. */
  delivery_estimate: { earliest: string; latest: string; label: string };
  payment_method: OrderPaymentView;
  prices_exclude_tax: boolean;
  tax_exempt: boolean;
  /**
   * Set once the order is cancelled (ADR 023): when, and how the payment went back —
   * 'void' (the charge was released before it was taken), 'refund', or null (nothing
   * was charged). Optional: added by issue 11.
   */
  cancellation?: { date: string; payment: 'void' | 'refund' | null } | null;
}

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
