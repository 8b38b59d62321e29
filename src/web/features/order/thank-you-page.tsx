/**
 * The thank-you page (/order/thank-you/{public_id}), where a successful payment
 * lands (spec sections 2 and 4): the order number, what was ordered and paid, where
 * and when it goes, how it was paid, the buds earned and what happens next. It
 * reports the purchase to analytics once per order, and refreshes the basket, which
 * the order emptied. Loading, 'Order not found.' and error states; focus moves to
 * the heading once the order shows. The confirmation email's "View your order" link
 * opens it here with its signed `key` (ADR 044) on any device: then the page also offers
 * to cancel a pre-order, and does not report the purchase again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OrderView } from '../../../domain/api/order.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../domain/shopper-message.ts';
import { BASKET_KEY } from '../../api/basket.ts';
import { useOrder } from '../../api/orders.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { trackPurchase } from '../../lib/purchase-analytics.ts';
import { OrderItems, OrderSection, OrderSideColumn } from '../../shared/order/order-parts.tsx';
import { CancelPreorder } from '../../shared/order/order-status.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import './thank-you.css';

export function ThankYouPage() {
  const { publicId = '' } = useParams();
  const key = useSearchParams()[0].get('key') ?? undefined;
  const { data: order, error, refetch, isFetching } = useOrder(publicId, key);
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(
    order ? 'Thank you for your order' : notFound ? ORDER_NOT_FOUND_MESSAGE : 'Your order',
  );
  useBasketRefresh();
  // Opened from the email, the purchase was reported where it was made.
  usePurchaseAnalytics(key === undefined ? order : undefined);

  let content: ReactNode;
  if (order) {
    content = <OrderConfirmation order={order} fromEmail={key !== undefined} />;
  } else if (notFound) {
    content = (
      <FocusedHeading title={ORDER_NOT_FOUND_MESSAGE}>
        <p>
          We could not find that order. If you have just placed it, check the link in your
          confirmation email, or sign in to the account you ordered with.
        </p>
        <ContinueShopping />
      </FocusedHeading>
    );
  } else if (error && !isFetching) {
    content = (
      <ErrorFallback onRetry={() => void refetch()}>
        <p>Sorry, we could not load your order. {error.message}</p>
      </ErrorFallback>
    );
  } else {
    content = (
      <div className="thank-you__loading">
        <LoadingOverlay message="Fetching order details" />
      </div>
    );
  }
  return <div className="container page thank-you">{content}</div>;
}

/** The order has emptied the basket: the header's count must not show the old one. */
function useBasketRefresh() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: BASKET_KEY });
  }, [client]);
}

function usePurchaseAnalytics(order: OrderView | undefined) {
  useEffect(() => {
    if (!order) return;
    try {
      trackPurchase(order);
    } catch (error) {
      // Analytics must never spoil the confirmation; logged like lib/report-error.ts does
      // (not imported: that would split one more chunk out of the first download's list).
      console.warn('Could not record the purchase', error);
    }
  }, [order]);
}

/** An h1 that takes focus when it appears, so the new content is read from the top. */
function FocusedHeading({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="thank-you__title">
        {title}
      </h1>
      {children}
    </>
  );
}

function ContinueShopping() {
  return (
    <p>
      <Link to="/" className="button button--primary">
        Continue shopping
      </Link>
    </p>
  );
}

/** `fromEmail`: opened through the email's link, where a pre-order may be cancelled. */
function OrderConfirmation({ order, fromEmail }: { order: OrderView; fromEmail: boolean }) {
  const hasPreorder = order.items.some((item) => item.preorder);
  return (
    <FocusedHeading title="Thank you for your order">
      <p className="thank-you__number">
        Your order number is <strong>{order.order_number}</strong>
      </p>
      <div className="order-layout">
        <div>
          <OrderSection title="What happens next">
            <ul className="thank-you__next">
              <li>
                We have sent a confirmation email to <strong>{order.email_address}</strong>.
              </li>
              <li>
                {hasPreorder
                  ? 'Pre-order items are sent when they are back in stock; we will email you as each part of your order is dispatched.'
                  : 'We will email you again when your order has been dispatched.'}
              </li>
              <li>Estimated delivery: {order.delivery_estimate.label}.</li>
              <li>
                You can <Link to="/track-order">track your order</Link> at any time with your order
                number and email address
                {hasPreorder ? ', and cancel a pre-order there before it is dispatched' : ''}.
              </li>
            </ul>
            {order.loyalty_points.earned > 0 && (
              <p className="thank-you__buds">
                You earned <strong>{order.loyalty_points.earned} buds</strong> with this order.
              </p>
            )}
          </OrderSection>
          {fromEmail && hasPreorder && <CancelPreorder order={order} asOwner={false} />}
          <OrderItems order={order} />
        </div>
        <OrderSideColumn order={order} />
      </div>
      <ContinueShopping />
    </FocusedHeading>
  );
}
