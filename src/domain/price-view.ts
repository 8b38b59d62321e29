import { CURRENCY_CODE, decimalString, formatPence, type Pence } from './money.ts';

/** An amount with its label. */
export interface AmountView {
  amount: Pence;
  label: string;
}

/** The Price shape of spec section 3 (see design/api-shapes.md). */
export interface PriceView extends AmountView {
  currency_code: typeof CURRENCY_CODE;
  price: string;
  excluding_tax: AmountView;
  tax: AmountView;
}

/** An amount and its label. */
export function amountView(amount: Pence, label = formatPence(amount)): AmountView {
  return { amount, label };
}

/** A Price for a VAT-inclusive `amount` of which `tax` is VAT. */
export function priceView(amount: Pence, tax: Pence): PriceView {
  return {
    currency_code: CURRENCY_CODE,
    amount,
    price: decimalString(amount),
    label: formatPence(amount),
    excluding_tax: amountView((amount - tax) as Pence),
    tax: amountView(tax),
  };
}
