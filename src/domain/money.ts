/**
 * Money in minor units. Every amount in the shop is an integer number of pence;
 * floats appear only when formatting for display.
 */

declare const penceBrand: unique symbol;

/** An integer amount of pence (GBP minor units). */
export type Pence = number & { readonly [penceBrand]: true };

/** The shop's only currency. */
export const CURRENCY_CODE = 'GBP';

/** UK standard VAT rate, in basis points (20%). */
export const STANDARD_VAT_BP = 2000;

/** Brands a whole number as pence; throws on fractions, NaN or infinities. */
export function pence(amount: number): Pence {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Pence must be a safe integer, got ${amount}`);
  }
  return amount as Pence;
}

/** The sum of several amounts. */
export function sumPence(amounts: readonly Pence[]): Pence {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total as Pence;
}

/** The smaller of two amounts, never below zero. */
export function clampPence(amount: number, max: number): Pence {
  return Math.max(0, Math.min(amount, max)) as Pence;
}

/**
 * Integer division rounding half away from zero, for non-negative numerators
 * and positive denominators (the only kind money needs).
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0) return -divideRoundHalfUp(-numerator, denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `12.50` — the amount in pounds with two decimals, no symbol. */
export function decimalString(amount: Pence): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const pounds = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${pounds}.${rest}`;
}

/** `12.50` back in pence (1250): a payment gateway's decimal amount. */
export function penceFromDecimal(amount: string): Pence {
  return pence(Math.round(Number(amount) * 100));
}

/** `£1,234.50`, or `-£16.00` for a negative amount. */
export function formatPence(amount: Pence): string {
  const sign = amount < 0 ? '-' : '';
  const [pounds = '0', rest = '00'] = decimalString(Math.abs(amount) as Pence).split('.');
  const grouped = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${grouped}.${rest}`;
}

/** Summary lines show zero amounts as FREE (spec section 9). */
export function formatPenceOrFree(amount: Pence): string {
  return amount === 0 ? 'FREE' : formatPence(amount);
}

/** Delivery option prices show zero as 'Free' (spec section 9). */
export function formatDeliveryPrice(amount: Pence): string {
  return amount === 0 ? 'Free' : formatPence(amount);
}

/**
 * The VAT inside a VAT-inclusive amount at `rateBp` basis points, rounded half up
 * once: tax = round(gross × rate / (1 + rate)).
 */
export function vatIncluded(gross: Pence, rateBp: number): Pence {
  if (rateBp === 0) return 0 as Pence;
  return divideRoundHalfUp(gross * rateBp, 10_000 + rateBp) as Pence;
}
