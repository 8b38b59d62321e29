/** The amount a wallet charges: the basket's discounted total when present (spec section 9). */
import type { BasketView } from '../../../../../domain/api/basket.ts';
import { decimalString, type Pence } from '../../../../../domain/money.ts';

export function walletAmount(basket: BasketView): Pence {
  return (basket.discounted_prices?.total ?? basket.prices.total).amount;
}

/** '12.34': pounds with two decimals, as the payment providers take it. */
export function walletDecimal(basket: BasketView): string {
  return decimalString(walletAmount(basket));
}
