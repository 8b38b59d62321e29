/**
 * The amount the payment takes, by card or wallet: the basket's discounted total when
 * present (spec section 9) less any store credit spent (ADR 052), in pence and as the
 * decimal pounds the providers take.
 */
import type { BasketView } from '../../../../domain/api/basket.ts';
import { decimalString, type Pence } from '../../../../domain/money.ts';
import { amountToPay } from '../../../../domain/store-credit.ts';

export function amountDue(basket: BasketView): Pence {
  return amountToPay(basket);
}

/** '12.34': pounds with two decimals, as 3-D Secure and the wallets take it. */
export function amountDueDecimal(basket: BasketView): string {
  return decimalString(amountDue(basket));
}
