/**
 * Price labels as a shopper sees them: VAT-inclusive, or excluding VAT when the
 * customer prefers it or the basket is tax exempt (spec section 6).
 */
import { formatPence, formatPenceOrFree, type Pence } from '../../domain/money.ts';
import type { PriceView } from '../../domain/price-view.ts';

/** '£79.99', or the excluding-tax label when `excludeTax`. */
export function priceLabel(price: PriceView, excludeTax = false): string {
  return excludeTax ? price.excluding_tax.label : price.label;
}

/** The amount shown: including or excluding VAT. */
export function priceAmount(price: PriceView, excludeTax = false): Pence {
  return excludeTax ? price.excluding_tax.amount : price.amount;
}

/** Summary lines show zero as FREE (spec section 9). */
export function summaryLabel(price: PriceView, excludeTax = false): string {
  return formatPenceOrFree(priceAmount(price, excludeTax));
}

/** '-£16.00'. */
export function discountLabel(amount: Pence): string {
  return formatPence(-amount as Pence);
}
