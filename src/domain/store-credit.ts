/**
 * Store credit (spec section 3, Credit; ADR 052): what a basket or order leaves to pay
 * once its credit is spent. Credit pays for an order rather than discounting it, so a
 * total keeps its VAT and the credit is taken from it here.
 */
import { pence, type Pence } from './money.ts';

/** The parts of a basket or order the amount to pay is read from. */
export interface PayableTotals {
  prices: { total: { amount: number } };
  discounted_prices: { total: { amount: number } } | null;
  credit?: { discount: { amount: number } } | undefined;
}

/** The total after discounts and buds: what the order costs (VAT inclusive). */
export function orderTotal(totals: PayableTotals): Pence {
  return pence((totals.discounted_prices?.total ?? totals.prices.total).amount);
}

/** What the payment (card or wallet) takes: the order's total less the credit spent. */
export function amountToPay(totals: PayableTotals): Pence {
  return pence(Math.max(0, orderTotal(totals) - (totals.credit?.discount.amount ?? 0)));
}
