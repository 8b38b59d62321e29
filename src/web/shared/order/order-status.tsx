/**
 * What an order's status means to the shopper, and the 'Cancel pre-order' part of an
 * order page (ADR 023): the button and its confirmation dialog while the order may be
 * cancelled, why not otherwise, and what happened once it is cancelled.
 */
import { useState } from 'react';
import type { OrderStatus, OrderView } from '../../../domain/api/order.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { formatPence } from '../../../domain/money.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { orderCancellability } from '../../../domain/order-cancellation.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { useCancelOrder } from '../../api/orders.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { OrderSection, orderTotal } from './order-parts.tsx';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Payment being confirmed',
  paid: 'Order placed',
  partially_dispatched: 'Partly dispatched',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  failed: 'Not placed',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const tone = status === 'cancelled' || status === 'failed' ? 'warning' : 'accent';
  return <span className={`badge badge--${tone}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

function cancelledText(order: OrderView): string {
  const when = order.cancellation ? ` on ${formatShopDate(order.cancellation.date)}` : '';
  const total = orderTotal(order).label;
  const payment =
    order.cancellation?.payment === 'refund'
      ? ` Your payment of ${total} has been refunded; it can take up to 5 working days to reach you.`
      : order.cancellation?.payment === 'void'
        ? ` Your payment of ${total} has been cancelled and will not be taken.`
        : '';
  return `This order was cancelled${when}.${payment}`;
}

/**
 * The cancellation section of an order page. `asOwner`: cancel through the signed-in
 * customer's account; otherwise as the browser that placed or tracked the order.
 * `onCancelled` hears the cancelled order (pages that keep the order themselves).
 */
export function CancelPreorder({
  order,
  asOwner,
  onCancelled,
}: {
  order: OrderView;
  asOwner: boolean;
  onCancelled?: (order: OrderView) => void;
}) {
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const rule = orderCancellability(order);

  if (order.status === 'cancelled') {
    return (
      <OrderSection title="Cancellation">
        {done ? (
          <Notice tone="success">
            Your pre-order has been cancelled. We have emailed a confirmation to{' '}
            {order.email_address}.
          </Notice>
        ) : null}
        <p>{cancelledText(order)}</p>
      </OrderSection>
    );
  }

  if (!rule.cancellable) {
    return (
      <OrderSection title="Cancellation">
        <p>This order cannot be cancelled online. {rule.reason}</p>
      </OrderSection>
    );
  }

  const confirm = () => {
    cancel.mutate(
      { publicId: order.public_id, asOwner },
      {
        onSuccess: (cancelled) => {
          setConfirming(false);
          setDone(true);
          onCancelled?.(cancelled);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <OrderSection title="Cancellation">
      <p>
        Everything in this order is on pre-order and has not been dispatched, so you can cancel it.
        Your payment of {orderTotal(order).label} will be given back in full.
      </p>
      {cancel.error && (
        <Notice tone="error">{cancel.error.message || INTERNAL_ERROR_MESSAGE}</Notice>
      )}
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Cancel pre-order
      </Button>
      <Modal
        open={confirming}
        onClose={() => !cancel.isPending && setConfirming(false)}
        title="Cancel this pre-order?"
        narrow
      >
        <p>
          Order {order.order_number} will be cancelled and your payment of{' '}
          {formatPence(amountToPay(order))} given back.
          {order.credit && order.credit.used > 0 && ' The store credit you spent will be returned.'}
          {order.loyalty_points.used > 0 && ' The buds you spent on it will be returned.'}
          {order.loyalty_points.earned > 0 && ' The buds it earned will be taken back.'} This cannot
          be undone.
        </p>
        <div className="order-cancel__actions">
          <Button onClick={confirm} busy={cancel.isPending} busyLabel="Cancelling">
            Yes, cancel pre-order
          </Button>
          <Button
            variant="secondary"
            onClick={() => setConfirming(false)}
            disabled={cancel.isPending}
          >
            Keep my order
          </Button>
        </div>
      </Modal>
    </OrderSection>
  );
}
