/**
 * The basket page (/basket): the lines with their quantity and Remove controls, the
 * totals, the discount form and the way on to the checkout. Every change is sent
 * to the server and the page shows the basket it replies with.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { BasketItemView } from '../../../domain/api/basket.ts';
import { useBasket } from '../../api/basket.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { BasketLine } from '../../shared/basket-line.tsx';
import { BasketTotals, FreeDeliveryMessage } from '../../shared/basket-totals.tsx';
import { DiscountForm } from '../../shared/discount-form.tsx';
import { excludesTax } from '../../shared/price.ts';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';

import './basket.css';

export function BasketPage() {
  usePageTitle('Your basket');
  const { data: basket, error, isFetching, refetch } = useBasket();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const onRemoved = (item: BasketItemView) => {
    setAnnouncement(`${item.name} has been removed from your basket.`);
    // The line and its controls are gone; start again from the top of the basket.
    heading.current?.focus();
  };

  let content: ReactNode;
  if (!basket) {
    content =
      error && !isFetching ? (
        <ErrorFallback onRetry={() => void refetch()}>
          <p>Sorry, we could not load your basket. {error.message}</p>
        </ErrorFallback>
      ) : (
        <div className="basket-page__loading">
          <LoadingOverlay message="Loading your basket" />
        </div>
      );
  } else if (basket.items.length === 0 && basket.promotion_items.length === 0) {
    content = (
      <div className="basket-empty">
        <p className="basket-empty__message">Your basket is empty</p>
        <p>Find something lovely for your home among our realistic plants and flowers.</p>
        <Link to="/" className="button button--primary">
          Start shopping
        </Link>
      </div>
    );
  } else {
    const excludeTax = excludesTax(basket);
    content = (
      <div className="basket-layout">
        <section className="basket-lines" aria-labelledby="basket-lines-heading">
          <h2 id="basket-lines-heading" className="visually-hidden">
            Items in your basket
          </h2>
          <p className="basket-lines__count">
            {basket.item_count} {basket.item_count === 1 ? 'item' : 'items'}
          </p>
          <ul className="basket-lines__list">
            {basket.items.map((item) => (
              <BasketLine
                key={item.id}
                item={item}
                excludeTax={excludeTax}
                restockDates={basket.preorder_restock_dates}
                onRemoved={onRemoved}
              />
            ))}
            {basket.promotion_items.map((item) => (
              <BasketLine
                key={item.id}
                item={item}
                excludeTax={excludeTax}
                restockDates={basket.preorder_restock_dates}
                onRemoved={onRemoved}
              />
            ))}
          </ul>
        </section>

        <aside className="basket-summary" aria-labelledby="basket-summary-heading">
          <h2 id="basket-summary-heading" className="basket-summary__heading">
            Order summary
          </h2>
          <BasketTotals basket={basket} />
          <FreeDeliveryMessage basket={basket} />
          <div className="basket-summary__discount">
            <DiscountForm basket={basket} />
          </div>
          {basket.item_count > 0 ? (
            <Link to="/checkout" className="button button--primary button--block">
              Checkout
            </Link>
          ) : (
            <Notice tone="warning" live={false}>
              Remove the discontinued items to continue to the checkout.
            </Notice>
          )}
          <p className="basket-summary__continue">
            <Link to="/">Continue shopping</Link>
          </p>
        </aside>
      </div>
    );
  }

  return (
    <div className="container basket-page">
      <h1 ref={heading} tabIndex={-1} className="basket-page__heading">
        Your basket
      </h1>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {content}
    </div>
  );
}
