/**
 * The read-only pieces of an order, shared by the thank-you page, the account's order
 * pages and the order-tracking page: its items (picture, name, options, pre-order,
 * quantity, price), its totals, where and when it goes, and how it was paid. Each is a
 * titled region, so a screen reader can jump between them.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AddressView, BasketItemView } from '../../../domain/api/basket.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { formatPence, formatPenceOrFree, pence } from '../../../domain/money.ts';
import type { PriceView } from '../../../domain/price-view.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { addressLines, sameAddressLines } from '../../../domain/address-lines.ts';
import './order-parts.css';

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

/** What the order cost in the end (after discounts and buds). */
export const orderTotal = (order: OrderView) =>
  order.discounted_prices?.total ?? order.prices.total;

/** A bordered section with an h2 that names it. */
export function OrderSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="order-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function OrderItems({ order }: { order: OrderView }) {
  const excludeTax = excludesTax(order);
  return (
    <OrderSection title="Your items">
      <ul className="order-lines">
        {[...order.items, ...order.promotionItems].map((item) => (
          <OrderLine key={item.id} item={item} excludeTax={excludeTax} />
        ))}
      </ul>
    </OrderSection>
  );
}

/** One ordered line, read-only: picture, name, options, quantity and price. */
export function OrderLine({ item, excludeTax }: { item: BasketItemView; excludeTax: boolean }) {
  const { product } = item;
  const nameId = useId();
  const options = product.options
    .map(({ option, value }) => `${option.name}: ${value.name}`)
    .join(', ');
  const total = item.discounted_total_price ?? item.total_price;
  return (
    <li className="order-line" aria-labelledby={nameId}>
      <img
        className="order-line__image"
        src={product.preview_image.src}
        srcSet={product.preview_image.srcset}
        sizes="80px"
        alt={product.preview_image.alt}
        width={80}
        height={80}
        loading="lazy"
      />
      <div className="order-line__details">
        <h3 className="order-line__name" id={nameId}>
          <Link to={product.url}>{item.name}</Link>
        </h3>
        {item.badge && <p className="badge badge--accent">{item.badge}</p>}
        {options && <p className="order-line__options">{options}</p>}
        {item.preorder && (
          <p>
            <span className="badge badge--warning">Pre-order</span> {item.preorder_quantity} on
            pre-order
          </p>
        )}
        <p>Qty: {item.quantity}</p>
      </div>
      <p className="order-line__total">
        {item.is_promotion_item ? 'FREE' : formatPence(amountOf(total, excludeTax))}
      </p>
    </li>
  );
}

export function OrderTotals({ order }: { order: OrderView }) {
  const excludeTax = excludesTax(order);
  const paid = orderTotal(order);
  const buds = order.loyalty_points;
  const credit = order.credit && order.credit.used > 0 ? order.credit : null;
  return (
    <OrderSection title="Order total">
      <dl className="order-totals">
        <div className="order-totals__row">
          <dt>Sub total</dt>
          <dd>{summaryLabel(order.prices.items, excludeTax)}</dd>
        </div>
        <div className="order-totals__row">
          <dt>
            Delivery
            <span className="order-totals__note">{order.delivery_option.name}</span>
          </dt>
          <dd>{summaryLabel(order.prices.delivery, excludeTax)}</dd>
        </div>
        {excludeTax && (
          <div className="order-totals__row">
            <dt>VAT</dt>
            <dd>{formatPenceOrFree(paid.tax.amount)}</dd>
          </div>
        )}
        {buds.used > 0 && buds.discount.amount > 0 && (
          <div className="order-totals__row order-totals__row--saving">
            <dt>Bud rewards</dt>
            <dd>{savingLabel(buds.discount.amount)}</dd>
          </div>
        )}
        {order.discounts.map((discount) => (
          <div key={discount.label} className="order-totals__row order-totals__row--saving">
            <dt>
              Discount
              <span className="order-totals__note">{discount.label}</span>
            </dt>
            <dd>{savingLabel(discount.amount)}</dd>
          </div>
        ))}
        {credit ? (
          // Store credit paid part (or all) of the total (ADR 052).
          <>
            <div className="order-totals__row">
              <dt>Total</dt>
              <dd>{formatPence(paid.amount)}</dd>
            </div>
            <div className="order-totals__row order-totals__row--saving">
              <dt>Store credit</dt>
              <dd>{savingLabel(credit.discount.amount)}</dd>
            </div>
            <div className="order-totals__row order-totals__row--total">
              <dt>Charged to your payment</dt>
              <dd>{formatPence(amountToPay(order))}</dd>
            </div>
          </>
        ) : (
          <div className="order-totals__row order-totals__row--total">
            <dt>Total paid</dt>
            <dd>{paid.amount === 0 ? 'FREE' : formatPence(paid.amount)}</dd>
          </div>
        )}
      </dl>
    </OrderSection>
  );
}

export function AddressLines({ address }: { address: AddressView }) {
  return (
    <address className="order-address">
      {addressLines(address).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

export function OrderDelivery({ order }: { order: OrderView }) {
  const billing = order.billing_address;
  return (
    <OrderSection title="Delivery">
      <AddressLines address={order.delivery_address} />
      <p>
        <strong>{order.delivery_option.name}</strong>
        {order.delivery_option.description && <> — {order.delivery_option.description}</>}
      </p>
      <p>Estimated delivery: {order.delivery_estimate.label}</p>
      {order.delivery_safe_place && <p>Delivery instructions: {order.delivery_safe_place}</p>}
      {billing && !sameAddressLines(billing, order.delivery_address) && (
        <>
          <h3 className="order-section__subheading">Billing address</h3>
          <AddressLines address={billing} />
        </>
      )}
    </OrderSection>
  );
}

export function OrderPayment({ order }: { order: OrderView }) {
  return (
    <OrderSection title="Payment">
      <p>
        {order.payment_method.label}
        {order.payment_method.description && <> — {order.payment_method.description}</>}
      </p>
    </OrderSection>
  );
}

/** The side column of a page showing an order: its totals, delivery and payment. */
export function OrderSideColumn({ order }: { order: OrderView }) {
  return (
    <div>
      <OrderTotals order={order} />
      <OrderDelivery order={order} />
      <OrderPayment order={order} />
    </div>
  );
}
