/**
 * One order in full, as the account's order page and the order-tracking page show it
 * (ADR 023): number, date, status, delivery estimate and buds earned; the cancellation
 * part ('Cancel pre-order', or why not); the parcels sent (ADR 050); returns (ADR 070); items, totals,
 * addresses and payment.
 */
import type { OrderView } from '../../../domain/api/order.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderItems, OrderSideColumn } from './order-parts.tsx';
import { OrderReturns } from './order-returns.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { CancelPreorder, OrderStatusBadge } from './order-status.tsx';

/** The whole order, headed by its number; `asOwner`: cancel through the account. */
export function OrderDetail({
  order,
  asOwner = true,
  onCancelled,
}: {
  order: OrderView;
  asOwner?: boolean;
  onCancelled?: (order: OrderView) => void;
}) {
  return (
    <>
      <h1 tabIndex={-1}>Order {order.order_number}</h1>
      <dl className="order-facts order-facts--summary">
        <div>
          <dt>Placed</dt>
          <dd>{formatShopDate(order.date)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        {order.status !== 'cancelled' && (
          <div>
            <dt>Estimated delivery</dt>
            <dd>{order.delivery_estimate.label}</dd>
          </div>
        )}
        {order.loyalty_points.earned > 0 && order.status !== 'cancelled' && (
          <div>
            <dt>Buds earned</dt>
            <dd>{order.loyalty_points.earned}</dd>
          </div>
        )}
      </dl>
      <div className="order-layout">
        <div>
          <CancelPreorder
            order={order}
            asOwner={asOwner}
            {...(onCancelled ? { onCancelled } : {})}
          />
          <OrderShipments order={order} />
          <OrderReturns order={order} />
          <OrderItems order={order} />
          <OrderInvoice order={order} />
        </div>
        <OrderSideColumn order={order} />
      </div>
    </>
  );
}
