/**
 * Which orders a shopper may cancel themselves (ADR 023), shared by the server that
 * enforces it and the pages that offer the button or say why not.
 *
 * A *pre-order item* is an order line none of whose units came out of stock when the
 * order was placed: its variation was a pre-order and the whole quantity went beyond the
 * stock on hand (`preorder_quantity` = `quantity`; the order's reservations recorded it
 * as pre-ordered, nothing taken). Nothing of such a line can have been picked or sent.
 * An order may be cancelled while it is `paid` (not yet dispatched) and every line is a
 * pre-order item; free gifts that came with it go back with it.
 */
import type { BasketItemView } from './api/basket.ts';
import type { OrderView } from './api/order.ts';

export const NOT_PREORDER_REASON =
  'Only orders made up entirely of pre-order items that have not been dispatched can be cancelled online.';

export type Cancellability = { cancellable: true } | { cancellable: false; reason: string };

/** A line that took nothing from stock: all of it waits for the restock. */
export function isPreorderItem(
  item: Pick<BasketItemView, 'preorder' | 'preorder_quantity' | 'quantity'>,
) {
  return item.preorder && item.quantity > 0 && item.preorder_quantity >= item.quantity;
}

export function orderCancellability(order: Pick<OrderView, 'status' | 'items'>): Cancellability {
  switch (order.status) {
    case 'cancelled':
      return { cancellable: false, reason: 'This order has been cancelled.' };
    case 'dispatched':
    case 'partially_dispatched':
      return { cancellable: false, reason: 'This order has been dispatched.' };
    case 'refunded':
    case 'partially_refunded':
      return { cancellable: false, reason: 'This order has been refunded.' };
    case 'pending':
      return {
        cancellable: false,
        reason: 'The payment for this order is still being confirmed. Please try again shortly.',
      };
    case 'failed':
      return { cancellable: false, reason: 'This order was not placed.' };
    case 'paid':
      break;
  }
  if (order.items.length === 0 || !order.items.every(isPreorderItem)) {
    return { cancellable: false, reason: NOT_PREORDER_REASON };
  }
  return { cancellable: true };
}
