import type { BasketView } from '../../../../domain/api/basket.ts';

/** The amount the shopper pays: the discounted total when there is one. */
export function payableTotal(basket: BasketView) {
  return basket.discounted_prices?.total ?? basket.prices.total;
}
