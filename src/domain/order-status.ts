/**
 * An order's statuses and how dispatch and refunds move it on (ADR 047).
 *
 *   pending → paid | failed;  paid → cancelled (a pre-order, by its customer)
 *   paid → partially_dispatched → dispatched   (as lines are sent)
 *   any refund → partially_refunded → refunded (everything paid given back)
 *
 * A refund's status wins over a dispatch's in `status`: the lines say what was sent.
 */

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'partially_dispatched',
  'dispatched',
  'cancelled',
  'refunded',
  'partially_refunded',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order being paid or paid for: its basket has been ordered. */
export const ACTIVE_ORDER_STATUSES = [
  'pending',
  'paid',
  'partially_dispatched',
  'dispatched',
  'refunded',
  'partially_refunded',
] as const satisfies readonly OrderStatus[];

/** Statuses whose order was paid for (what staff dispatch and refund). */
export const PAID_ORDER_STATUSES = [
  'paid',
  'partially_dispatched',
  'dispatched',
  'refunded',
  'partially_refunded',
] as const satisfies readonly OrderStatus[];

/**
 * Statuses of an order that was sold: paid for, whatever happened after. A cancelled
 * order was paid (only a paid order can be cancelled, ADR 023) and its cancellation is a
 * credit note (ADR 078), so it keeps its VAT invoice and stays a sale on the day it was
 * paid; the credit note counts on the day it was cancelled. What the invoices and the
 * sales reports count (migration 045's `sales_counted` mirrors it); not what staff may
 * dispatch or refund (PAID_ORDER_STATUSES).
 */
export const SOLD_ORDER_STATUSES = [
  ...PAID_ORDER_STATUSES,
  'cancelled',
] as const satisfies readonly OrderStatus[];

export interface OrderLineProgress {
  quantity: number;
  dispatched: number;
  refunded: number;
}

/**
 * The status of a paid order from its lines and what was refunded: refunded once
 * `refunded` reaches what was paid (`paid` > 0, or every line refunded), partially
 * refunded after any refund; else dispatched once every line not refunded was sent,
 * partially dispatched once any was.
 */
export function paidOrderStatus(
  lines: readonly OrderLineProgress[],
  refunded: number,
  paid: number,
): Extract<OrderStatus, (typeof PAID_ORDER_STATUSES)[number]> {
  const allLinesRefunded = lines.length > 0 && lines.every((l) => l.refunded >= l.quantity);
  if ((paid > 0 && refunded >= paid) || (paid === 0 && allLinesRefunded)) return 'refunded';
  if (refunded > 0 || lines.some((l) => l.refunded > 0)) return 'partially_refunded';
  const toSend = lines.filter((l) => l.quantity - l.refunded > 0);
  if (toSend.length > 0 && toSend.every((l) => l.dispatched >= l.quantity - l.refunded)) {
    return 'dispatched';
  }
  if (lines.some((l) => l.dispatched > 0)) return 'partially_dispatched';
  return 'paid';
}
