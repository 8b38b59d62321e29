/**
 * The customer's orders (/account/orders, ADR 023): newest first, each with its
 * number, date, status, total, item count and a link to it; an empty state, loading
 * and error states. Without a stored login it sends the visitor to log in and back.
 */
import { Link, Navigate, useLocation } from 'react-router';
import type { OrderView } from '../../../domain/api/order.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { useCustomerOrders } from '../../api/orders.ts';
import { useAuthToken } from '../../lib/auth-token-read.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { orderTotal } from '../../shared/order/order-parts.tsx';
import { OrderStatusBadge } from '../../shared/order/order-status.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import './account-orders.css';

export const ACCOUNT_ORDERS_PATH = '/account/orders';
export const accountOrderPath = (publicId: string) =>
  `${ACCOUNT_ORDERS_PATH}/${encodeURIComponent(publicId)}`;

/** How many things were ordered (free gifts aside). */
export function itemCount(order: OrderView): string {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return count === 1 ? '1 item' : `${count} items`;
}

export function OrdersPage() {
  usePageTitle('Your orders');
  const token = useAuthToken();
  const orders = useCustomerOrders();
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={loginFor(`${pathname}${search}`)} replace />;

  let content;
  if (orders.data) {
    content =
      orders.data.length === 0 ? (
        <div className="account-orders__empty">
          <p>You have not placed any orders yet.</p>
          <p>
            <Link to="/" className="button button--primary">
              Start shopping
            </Link>
          </p>
        </div>
      ) : (
        <ul className="account-orders__list">
          {orders.data.map((order) => (
            <OrderSummary key={order.public_id} order={order} />
          ))}
        </ul>
      );
  } else if (orders.isError) {
    content = (
      <ErrorFallback onRetry={() => void orders.refetch()}>
        <p>Sorry, we could not load your orders. {orders.error.message}</p>
      </ErrorFallback>
    );
  } else {
    content = (
      <div className="account-orders__loading">
        <LoadingOverlay message="Fetching your orders" />
      </div>
    );
  }

  return (
    <div className="container account-orders">
      <p className="account-orders__back">
        <Link to="/account">Back to your account</Link>
      </p>
      <h1>Your orders</h1>
      {content}
    </div>
  );
}

function OrderSummary({ order }: { order: OrderView }) {
  return (
    <li className="account-orders__order">
      <h2 className="account-orders__number">
        <Link to={accountOrderPath(order.public_id)}>Order {order.order_number}</Link>
      </h2>
      <dl className="order-facts">
        <div>
          <dt>Date</dt>
          <dd>{formatShopDate(order.date)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{orderTotal(order).label}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{itemCount(order)}</dd>
        </div>
      </dl>
      <p className="account-orders__view">
        <Link to={accountOrderPath(order.public_id)}>
          View order <span className="visually-hidden">{order.order_number}</span>
        </Link>
      </p>
    </li>
  );
}
