import type { BasketView } from '../../domain/api/basket.ts';
import { amountToPay } from '../../domain/store-credit.ts';
import { discountLabel, excludesTax, summaryAmountLabel, summaryLabel } from './price.ts';
import './basket-totals.css';

/** True when any delivery option costs nothing (or has no price): spec section 2. */
export function qualifiesForFreeDelivery(basket: BasketView): boolean {
  return basket.available_delivery_options.some((option) => (option.price?.amount ?? 0) === 0);
}

/** 'You qualify for FREE standard delivery', when it is true (spec section 2). */
export function FreeDeliveryMessage({ basket }: { basket: BasketView }) {
  if (!qualifiesForFreeDelivery(basket)) return null;
  return (
    <p className="free-delivery">
      <span aria-hidden="true">✓</span> You qualify for FREE standard delivery
    </p>
  );
}

/**
 * The basket's price lines: Sub total, Delivery, VAT (only when prices exclude it),
 * Bud rewards, discounts and the Total; with store credit spent, the credit and what is
 * left To pay. Every amount is formatted
 * by shared/price.ts's summary labels, so a zero shows as FREE on any line.
 */
export function BasketTotals({ basket }: { basket: BasketView }) {
  const excludeTax = excludesTax(basket);
  const total = basket.discounted_prices?.total ?? basket.prices.total;
  const chosen = basket.delivery_option
    ? basket.available_delivery_options.find((option) => option.id === basket.delivery_option?.id)
    : undefined;
  const buds = basket.loyalty_points;
  // Credit pays for the order after its total (ADR 052); orders placed before it have none.
  const credit = basket.credit?.using ? basket.credit : null;

  return (
    <>
      <dl className="basket-totals">
        <div className="basket-totals__row">
          <dt>Sub total</dt>
          <dd>{summaryLabel(basket.prices.items, excludeTax)}</dd>
        </div>
        <div className="basket-totals__row">
          <dt>
            Delivery
            {chosen && <span className="basket-totals__note">{chosen.name}</span>}
          </dt>
          <dd>
            {basket.delivery_option ? (
              summaryLabel(basket.prices.delivery, excludeTax)
            ) : (
              <span className="basket-totals__pending">Calculated at checkout</span>
            )}
          </dd>
        </div>
        {excludeTax && (
          <div className="basket-totals__row">
            <dt>VAT</dt>
            <dd>{summaryAmountLabel(total.tax.amount)}</dd>
          </div>
        )}
        {buds.using && buds.discount.amount > 0 && (
          <div className="basket-totals__row basket-totals__row--saving">
            <dt>Bud rewards</dt>
            <dd>{discountLabel(buds.discount.amount)}</dd>
          </div>
        )}
        {basket.discounts.map((discount) => (
          <div key={discount.label} className="basket-totals__row basket-totals__row--saving">
            <dt>
              Discount
              <span className="basket-totals__note">{discount.label}</span>
            </dt>
            <dd>{discountLabel(discount.amount)}</dd>
          </div>
        ))}
        <div className="basket-totals__row basket-totals__row--total">
          <dt>Total</dt>
          <dd>{summaryLabel(total)}</dd>
        </div>
        {credit && credit.discount.amount > 0 && (
          <>
            <div className="basket-totals__row basket-totals__row--saving">
              <dt>Store credit</dt>
              <dd>{discountLabel(credit.discount.amount)}</dd>
            </div>
            <div className="basket-totals__row basket-totals__row--total">
              <dt>To pay</dt>
              <dd>{summaryAmountLabel(amountToPay(basket))}</dd>
            </div>
          </>
        )}
      </dl>
      {!excludeTax && <p className="basket-totals__vat">Prices include VAT</p>}
    </>
  );
}
