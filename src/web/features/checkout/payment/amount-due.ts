/**
 * The amount the payment takes, by card or wallet: the basket's discounted total when
 * present (spec section 9), in pence and as the decimal pounds the providers take.
 */
import type { BasketView } from '../../../../domain/api/basket.ts';
import { decimalString, type Pence } from '../../../../domain/money.ts';

export function amountDue(basket: BasketView): Pence {
  return (basket.discounted_prices?.total ?? basket.prices.total).amount;
}

/** '12.34': pounds with two decimals, as 3-D Secure and the wallets take it. */
export function amountDueDecimal(basket: BasketView): string {
  return decimalString(amountDue(basket));
}
