/**
 * Price labels as a shopper sees them: VAT-inclusive, or excluding VAT when the
 * customer prefers it or the basket is tax exempt (spec section 6).
 */
import { formatPence, formatPenceOrFree, type Pence } from '../../domain/money.ts';
import type { PriceView } from '../../domain/price-view.ts';

/** True when the basket's prices show excluding VAT: the preference or a tax-exempt basket. */
export function excludesTax(basket: { prices_exclude_tax: boolean; tax_exempt: boolean }): boolean {
  return basket.prices_exclude_tax || basket.tax_exempt;
}

/** '£79.99', or the excluding-tax label when `excludeTax`. */
export function priceLabel(price: PriceView, excludeTax = false): string {
  return excludeTax ? price.excluding_tax.label : price.label;
}

/** The amount shown: including or excluding VAT. */
export function priceAmount(price: PriceView, excludeTax = false): Pence {
  return excludeTax ? price.excluding_tax.amount : price.amount;
}

/**
 * An order summary line's amount (Sub total, Delivery, VAT, Total): zero shows as
 * FREE on every line (spec sections 2 and 9), so every line goes through here.
 */
export function summaryAmountLabel(amount: Pence): string {
  return formatPenceOrFree(amount);
}

/** A summary line for a price, including or excluding VAT; zero is FREE. */
export function summaryLabel(price: PriceView, excludeTax = false): string {
  return summaryAmountLabel(priceAmount(price, excludeTax));
}

/** A saving on the summary (Bud rewards, Discount) as '-£16.00'; zero is FREE. */
export function discountLabel(amount: Pence): string {
  return amount === 0 ? summaryAmountLabel(amount) : formatPence(-amount as Pence);
}
