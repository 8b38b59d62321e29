import type { OrderStatus } from '../../../domain/order-status.ts';

/** How each status reads in the back office. */
export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending payment',
  paid: 'Paid',
  partially_dispatched: 'Partly dispatched',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  failed: 'Failed',
};

/** An order's status as a badge (its text carries the meaning, not only its colour). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-badge order-badge--${status}`}>{STATUS_LABELS[status]}</span>;
}
