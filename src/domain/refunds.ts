/**
 * A refund's arithmetic (ADR 051): what refunding some of an order's lines, its delivery
 * and/or a goodwill amount gives back, with the VAT inside it, and whether it stays
 * within what was paid. Pure: the service runs it on rows it read under the order's lock,
 * and the database's CHECKs refuse anything beyond it whatever happens meanwhile.
 *
 * - A line's units are worth what the shopper paid for them after discounts: its
 *   `total_price` shared over its `quantity` by cumulative floor, so refunding a line in
 *   parts never comes to more than its total (the last units take the remainder).
 * - VAT is split per refunded line at the line's own rate (vatIncluded, rounded once per
 *   line); the delivery charge carries the VAT the order priced it with; a goodwill amount
 *   is compensation, not a price reduction of a supply, and carries none.
 * - Basket-level discounts (a voucher, buds, store credit) mean the lines can add up to
 *   more than was paid: nothing is refunded beyond `paid in all − refunded so far`.
 */
import type { FieldErrors } from './errors.ts';
import { decimalString, formatPence, pence, vatIncluded, type Pence } from './money.ts';

/** The longest reason a refund may give. */
export const REFUND_REASON_MAX = 500;
/** The largest goodwill amount one refund may give (a typo guard): £10,000. */
export const GOODWILL_MAX = 1_000_000;

export type RefundDestination = 'payment' | 'credit';

export interface RefundableLine {
  order_item_id: number;
  quantity: number;
  /** Units refunded before this refund. */
  refunded: number;
  /** Pence including VAT: what the whole line cost after its discounts. */
  total_price: number;
  tax_rate_bp: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  /** The delivery charge as the order priced it, and the VAT within it. */
  delivery: { amount: number; tax: number };
  /** Whether an earlier refund gave the delivery charge back. */
  deliveryRefunded: boolean;
  /** amount + credit_used. */
  paidInAll: number;
  /** refunded_amount so far. */
  refunded: number;
}

export interface RefundAsk {
  items: readonly { order_item_id: number; quantity: number }[];
  delivery: boolean;
  /** Goodwill pence (0 for none). */
  goodwill: number;
}

export interface PlannedRefundItem {
  order_item_id: number;
  quantity: number;
  amount: number;
  tax: number;
}

export interface RefundPlan {
  items: PlannedRefundItem[];
  itemsAmount: number;
  deliveryAmount: number;
  goodwillAmount: number;
  /** The whole refund, and the VAT within it. */
  amount: number;
  tax: number;
}

export type RefundPlanResult =
  | { ok: true; plan: RefundPlan }
  /** The request names lines that are not the order's, twice, or gives nothing to refund. */
  | { ok: false; kind: 'invalid'; errors: FieldErrors }
  /** More units than are left to refund, or more money than was paid and not yet refunded. */
  | { ok: false; kind: 'exceeds'; message: string };

/**
 * What units `refundedBefore + 1 … refundedBefore + q` of a line are worth: the
 * cumulative floor of the line's total over its quantity, so every part is whole pence
 * and all parts add up to the total exactly.
 */
export function lineRefundAmount(
  totalPrice: number,
  quantity: number,
  refundedBefore: number,
  q: number,
): Pence {
  const upTo = (units: number) => Math.floor((totalPrice * units) / quantity);
  return pence(upTo(refundedBefore + q) - upTo(refundedBefore));
}

/** What may still be refunded of an order, in pence. */
export function refundable(order: Pick<RefundableOrder, 'paidInAll' | 'refunded'>): number {
  return Math.max(0, order.paidInAll - order.refunded);
}

export function planRefund(order: RefundableOrder, ask: RefundAsk): RefundPlanResult {
  const errors: FieldErrors = {};
  const byId = new Map(order.lines.map((line) => [line.order_item_id, line]));
  const seen = new Set<number>();
  const items: PlannedRefundItem[] = [];
  let beyondLines = false;
  ask.items.forEach((item, index) => {
    const line = byId.get(item.order_item_id);
    if (!line) {
      errors[`items.${index}.order_item_id`] = ['This order has no such line'];
      return;
    }
    if (seen.has(item.order_item_id)) {
      errors[`items.${index}.order_item_id`] = ['Each line may be named once'];
      return;
    }
    seen.add(item.order_item_id);
    if (item.quantity === 0) return;
    if (line.refunded + item.quantity > line.quantity) {
      beyondLines = true;
      return;
    }
    const amount = lineRefundAmount(line.total_price, line.quantity, line.refunded, item.quantity);
    items.push({
      order_item_id: line.order_item_id,
      quantity: item.quantity,
      amount,
      tax: vatIncluded(amount, line.tax_rate_bp),
    });
  });
  if (ask.delivery && order.delivery.amount <= 0) {
    errors.delivery = ['This order’s delivery was free: there is no charge to refund'];
  }
  if (Object.keys(errors).length > 0) return { ok: false, kind: 'invalid', errors };
  if (ask.delivery && order.deliveryRefunded) {
    return {
      ok: false,
      kind: 'exceeds',
      message: 'This order’s delivery charge has already been refunded.',
    };
  }
  if (beyondLines) {
    return {
      ok: false,
      kind: 'exceeds',
      message: 'You cannot refund more of a line than was bought and not yet refunded.',
    };
  }
  const itemsAmount = items.reduce((sum, item) => sum + item.amount, 0);
  const deliveryAmount = ask.delivery ? order.delivery.amount : 0;
  const amount = itemsAmount + deliveryAmount + ask.goodwill;
  if (amount <= 0) {
    return {
      ok: false,
      kind: 'invalid',
      errors: { items: ['Choose lines, the delivery charge or an amount to refund'] },
    };
  }
  const left = refundable(order);
  if (amount > left) {
    return {
      ok: false,
      kind: 'exceeds',
      message: `You cannot refund more than was paid for this order: ${formatPence(pence(left))} is left to refund, and this refund comes to ${formatPence(pence(amount))}.`,
    };
  }
  const tax =
    items.reduce((sum, item) => sum + item.tax, 0) + (ask.delivery ? order.delivery.tax : 0);
  return {
    ok: true,
    plan: {
      items,
      itemsAmount,
      deliveryAmount,
      goodwillAmount: ask.goodwill,
      amount,
      tax,
    },
  };
}

/**
 * Pounds as typed into the back office ("12", "12.5", "12.50", "£1,200.00") → pence;
 * null when it is not a non-negative amount with at most two decimals.
 */
export function poundsToPence(input: string): number | null {
  const cleaned = input.trim().replace(/^£/, '').replace(/,/g, '');
  if (cleaned === '') return 0;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pounds = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return pounds * 100 + Number(fraction);
}

/** "12.50": pence as the amount field shows them. */
export function penceToPounds(amount: number): string {
  return decimalString(pence(amount));
}

const PAYMENT_DESTINATIONS: Record<string, string> = {
  credit_card: 'to the card',
  paypal: 'to PayPal',
  apple_pay: 'to Apple Pay',
  android_pay_card: 'to Google Pay',
};

/** Where a refund goes, as a sentence ends: "to the card", "to PayPal", "as store credit". */
export function refundDestinationLabel(to: RefundDestination, paymentType: string | null): string {
  if (to === 'credit') return 'as store credit';
  return (paymentType && PAYMENT_DESTINATIONS[paymentType]) ?? 'to the original payment';
}
