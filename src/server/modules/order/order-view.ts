/**
 * The Order view (spec section 3, Order shape) built from an order as stored: the priced
 * basket as it was ordered (the snapshot) and the order's own columns.
 */
import type { BasketView } from '../../../domain/api/basket.ts';
import {
  PAYMENT_METHOD_LABELS,
  type OrderPaymentView,
  type OrderView,
  type PaymentMethodType,
} from '../../../domain/api/order.ts';
import type { DeliveryEstimate } from '../../../domain/delivery-estimate.ts';
import type { OrderRecord } from './order.repository.ts';

/** What an order keeps of the basket it was placed from. */
export type OrderSnapshot = Omit<
  OrderView,
  | 'public_id'
  | 'order_number'
  | 'status'
  | 'date'
  | 'email_address'
  | 'payment_method'
  | 'cancellation'
  | 'shipments'
>;

/** The snapshot of a priced basket view, with the chosen option and estimate. */
export function snapshotOf(
  basket: BasketView,
  extra: {
    deliveryOption: OrderSnapshot['delivery_option'];
    deliveryAddress: NonNullable<BasketView['delivery_address']>;
    estimate: DeliveryEstimate;
    budsEarned: number;
  },
): OrderSnapshot {
  return {
    items: basket.items.filter((item) => !item.discontinued),
    promotionItems: basket.promotion_items,
    prices: basket.prices,
    discounted_prices: basket.discounted_prices,
    discounts: basket.discounts,
    loyalty_points: {
      used: basket.loyalty_points.using ? basket.loyalty_points.discount.amount : 0,
      discount: basket.loyalty_points.discount,
      earned: extra.budsEarned,
    },
    ...(basket.credit.using && basket.credit.discount.amount > 0
      ? { credit: { used: basket.credit.discount.amount, discount: basket.credit.discount } }
      : {}),
    delivery_address: extra.deliveryAddress,
    billing_address: basket.billing_address,
    delivery_option: extra.deliveryOption,
    delivery_safe_place: basket.delivery_safe_place,
    delivery_estimate: extra.estimate,
    prices_exclude_tax: basket.prices_exclude_tax,
    tax_exempt: basket.tax_exempt,
  };
}

/** How an order was paid, for the thank-you page and the email. */
export function paymentView(
  type: PaymentMethodType | null,
  cardType: string | null,
  lastFour: string | null,
  amount: number,
  creditUsed = 0,
): OrderPaymentView {
  if (type === null) {
    // An order that costs something has no method until its payment is taken.
    const label =
      amount > 0
        ? 'Payment not taken'
        : creditUsed > 0
          ? 'Paid with store credit'
          : 'No payment required';
    return { type: null, label, description: null };
  }
  const description =
    type === 'credit_card' && cardType && lastFour ? `${cardType} ending ${lastFour}` : null;
  return { type, label: PAYMENT_METHOD_LABELS[type], description };
}

export function orderView(order: OrderRecord): OrderView {
  return {
    ...order.snapshot,
    public_id: order.public_id,
    order_number: order.order_number,
    status: order.status,
    date: new Date(order.created_at).toISOString(),
    email_address: order.email_address,
    payment_method: paymentView(
      order.payment_type,
      order.payment_card_type,
      order.payment_last_four,
      order.amount,
      order.credit_used,
    ),
    cancellation:
      order.status === 'cancelled' && order.cancelled_at
        ? {
            date: new Date(order.cancelled_at).toISOString(),
            payment: order.reversal_kind ?? null,
          }
        : null,
  };
}
