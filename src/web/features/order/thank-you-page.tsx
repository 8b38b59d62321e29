/**
 * The thank-you page (/order/thank-you/{public_id}), where a successful payment
 * lands (spec sections 2 and 4): the order number, what was ordered and paid, where
 * and when it goes, how it was paid, the buds earned and what happens next. It
 * reports the purchase to analytics once per order, and refreshes the basket, which
 * the order emptied. Loading, 'Order not found.' and error states; focus moves to
 * the heading once the order shows.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AddressView, BasketItemView } from '../../../domain/api/basket.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { formatPence, formatPenceOrFree, pence } from '../../../domain/money.ts';
import type { PriceView } from '../../../domain/price-view.ts';
import { BASKET_KEY } from '../../api/basket.ts';
import { useOrder } from '../../api/orders.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { trackPurchase } from '../../lib/purchase-analytics.ts';
import { addressLines, sameAddressLines } from '../../shared/address-lines.ts';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import './thank-you.css';

/*
 * Amounts as the order summary showed them (spec sections 2, 6 and 9): excluding VAT
 * when the customer prefers it or the order is tax exempt, zero as FREE, savings
 * negative. Written out here rather than imported from shared/price.ts, which would
 * split one more chunk into every page's first download list.
 */
const excludesTax = (order: OrderView) => order.prices_exclude_tax || order.tax_exempt;
const amountOf = (price: PriceView, excludeTax: boolean) =>
  excludeTax ? price.excluding_tax.amount : price.amount;
const summaryLabel = (price: PriceView, excludeTax: boolean) =>
  formatPenceOrFree(amountOf(price, excludeTax));
const savingLabel = (amount: number) => (amount === 0 ? 'FREE' : formatPence(pence(-amount)));

/** Spec section 8: order_not_found. */
export const ORDER_NOT_FOUND = 'Order not found.';

export function ThankYouPage() {
  const { publicId = '' } = useParams();
  const { data: order, error, refetch, isFetching } = useOrder(publicId);
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(order ? 'Thank you for your order' : notFound ? ORDER_NOT_FOUND : 'Your order');
  useBasketRefresh();
  usePurchaseAnalytics(order);

  let content: ReactNode;
  if (order) {
    content = <OrderConfirmation order={order} />;
  } else if (notFound) {
    content = (
      <FocusedHeading title={ORDER_NOT_FOUND}>
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

function OrderConfirmation({ order }: { order: OrderView }) {
  const hasPreorder = order.items.some((item) => item.preorder);
  return (
    <FocusedHeading title="Thank you for your order">
      <p className="thank-you__number">
        Your order number is <strong>{order.order_number}</strong>
      </p>
      <div className="thank-you__layout">
        <div className="thank-you__main">
          <section className="thank-you__section" aria-labelledby="thank-you-next">
            <h2 id="thank-you-next">What happens next</h2>
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
            </ul>
            {order.loyalty_points.earned > 0 && (
              <p className="thank-you__buds">
                You earned <strong>{order.loyalty_points.earned} buds</strong> with this order.
              </p>
            )}
          </section>
          <OrderItems order={order} />
        </div>
        <div className="thank-you__aside">
          <OrderTotals order={order} />
          <OrderDelivery order={order} />
          <section className="thank-you__section" aria-labelledby="thank-you-payment">
            <h2 id="thank-you-payment">Payment</h2>
            <p>
              {order.payment_method.label}
              {order.payment_method.description && <> — {order.payment_method.description}</>}
            </p>
          </section>
        </div>
      </div>
      <ContinueShopping />
    </FocusedHeading>
  );
}

function OrderItems({ order }: { order: OrderView }) {
  const excludeTax = excludesTax(order);
  return (
    <section className="thank-you__section" aria-labelledby="thank-you-items">
      <h2 id="thank-you-items">Your items</h2>
      <ul className="thank-you__lines">
        {[...order.items, ...order.promotionItems].map((item) => (
          <OrderLine key={item.id} item={item} excludeTax={excludeTax} />
        ))}
      </ul>
    </section>
  );
}

/** One ordered line, read-only: picture, name, options, quantity and price. */
function OrderLine({ item, excludeTax }: { item: BasketItemView; excludeTax: boolean }) {
  const { product } = item;
  const nameId = useId();
  const options = product.options
    .map(({ option, value }) => `${option.name}: ${value.name}`)
    .join(', ');
  const total = item.discounted_total_price ?? item.total_price;
  return (
    <li className="thank-you__line" aria-labelledby={nameId}>
      <img
        className="thank-you__image"
        src={product.preview_image.src}
        srcSet={product.preview_image.srcset}
        sizes="80px"
        alt={product.preview_image.alt}
        width={80}
        height={80}
        loading="lazy"
      />
      <div className="thank-you__line-details">
        <h3 className="thank-you__line-name" id={nameId}>
          <Link to={product.url}>{item.name}</Link>
        </h3>
        {item.badge && <p className="badge badge--accent">{item.badge}</p>}
        {options && <p className="thank-you__line-options">{options}</p>}
        {item.preorder && (
          <p>
            <span className="badge badge--warning">Pre-order</span> {item.preorder_quantity} on
            pre-order
          </p>
        )}
        <p>Qty: {item.quantity}</p>
      </div>
      <p className="thank-you__line-total">
        {item.is_promotion_item ? 'FREE' : formatPence(amountOf(total, excludeTax))}
      </p>
    </li>
  );
}

function OrderTotals({ order }: { order: OrderView }) {
  const excludeTax = excludesTax(order);
  const paid = order.discounted_prices?.total ?? order.prices.total;
  const buds = order.loyalty_points;
  return (
    <section className="thank-you__section" aria-labelledby="thank-you-totals">
      <h2 id="thank-you-totals">Order total</h2>
      <dl className="thank-you__totals">
        <div className="thank-you__row">
          <dt>Sub total</dt>
          <dd>{summaryLabel(order.prices.items, excludeTax)}</dd>
        </div>
        <div className="thank-you__row">
          <dt>
            Delivery
            <span className="thank-you__note">{order.delivery_option.name}</span>
          </dt>
          <dd>{summaryLabel(order.prices.delivery, excludeTax)}</dd>
        </div>
        {excludeTax && (
          <div className="thank-you__row">
            <dt>VAT</dt>
            <dd>{formatPenceOrFree(paid.tax.amount)}</dd>
          </div>
        )}
        {buds.used > 0 && buds.discount.amount > 0 && (
          <div className="thank-you__row thank-you__row--saving">
            <dt>Bud rewards</dt>
            <dd>{savingLabel(buds.discount.amount)}</dd>
          </div>
        )}
        {order.discounts.map((discount) => (
          <div key={discount.label} className="thank-you__row thank-you__row--saving">
            <dt>
              Discount
              <span className="thank-you__note">{discount.label}</span>
            </dt>
            <dd>{savingLabel(discount.amount)}</dd>
          </div>
        ))}
        <div className="thank-you__row thank-you__row--total">
          <dt>Total paid</dt>
          <dd>{paid.amount === 0 ? 'FREE' : formatPence(paid.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}

function AddressLines({ address }: { address: AddressView }) {
  return (
    <address className="thank-you__address">
      {addressLines(address).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

function OrderDelivery({ order }: { order: OrderView }) {
  const billing = order.billing_address;
  return (
    <section className="thank-you__section" aria-labelledby="thank-you-delivery">
      <h2 id="thank-you-delivery">Delivery</h2>
      <AddressLines address={order.delivery_address} />
      <p>
        <strong>{order.delivery_option.name}</strong>
        {order.delivery_option.description && <> — {order.delivery_option.description}</>}
      </p>
      <p>Estimated delivery: {order.delivery_estimate.label}</p>
      {order.delivery_safe_place && <p>Delivery instructions: {order.delivery_safe_place}</p>}
      {billing && !sameAddressLines(billing, order.delivery_address) && (
        <>
          <h3 className="thank-you__subheading">Billing address</h3>
          <AddressLines address={billing} />
        </>
      )}
    </section>
  );
}
