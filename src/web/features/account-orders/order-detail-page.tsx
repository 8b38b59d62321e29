/**
 * One of the customer's orders (/account/orders/{public_id}, ADR 023): its status,
 * date and delivery estimate, the buds it earned, 'Cancel pre-order' when it may be
 * cancelled (or why not), then its items, totals, addresses and payment method.
 * 'Order not found.' for an order that is not theirs.
 */
import { ORDER_NOT_FOUND_MESSAGE } from '../../../domain/shopper-message.ts';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useOrder } from '../../api/orders.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthToken } from '../../lib/auth-token-read.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { OrderDetail } from '../../shared/order/order-detail.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { ACCOUNT_ORDERS_PATH } from './orders-page.tsx';
import './account-orders.css';

export function OrderDetailPage() {
  const { publicId = '' } = useParams();
  const token = useAuthToken();
  const order = useOrder(publicId);
  const { pathname, search } = useLocation();
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  usePageTitle(
    order.data
      ? `Order ${order.data.order_number}`
      : notFound
        ? ORDER_NOT_FOUND_MESSAGE
        : 'Your order',
  );
  if (!token) return <Navigate to={loginFor(`${pathname}${search}`)} replace />;

  let content;
  if (order.data) {
    content = <OrderDetail order={order.data} />;
  } else if (notFound) {
    content = (
      <>
        <h1>{ORDER_NOT_FOUND_MESSAGE}</h1>
        <p>We could not find that order in your account.</p>
      </>
    );
  } else if (order.isError) {
    content = (
      <ErrorFallback onRetry={() => void order.refetch()}>
        <p>Sorry, we could not load your order. {order.error.message}</p>
      </ErrorFallback>
    );
  } else {
    content = (
      <div className="account-orders__loading">
        <LoadingOverlay message="Fetching order details" />
      </div>
    );
  }
  return (
    <div className="container account-orders">
      <p className="account-orders__back">
        <Link to={ACCOUNT_ORDERS_PATH}>Back to your orders</Link>
      </p>
      {content}
    </div>
  );
}
