/**
 * PayPal Pay in 3 (UK), for the pay-later messaging in the order summary and the
 * payment step's PayPal choices: which totals qualify and what one payment is.
 */
import { formatPence, pence, type Pence } from './money.ts';

/** PayPal's UK Pay in 3 range, inclusive: £20 to £3,000 (integrations.md section 1). */
export const PAY_IN_3_MIN: Pence = pence(2_000);
export const PAY_IN_3_MAX: Pence = pence(300_000);
export const PAY_IN_3_PAYMENTS = 3;

/**
 * One of the three payments for `total`, to the nearest penny (half up), or null
 * when the total is outside the Pay in 3 range. The plan itself settles the odd
 * penny (£100.00 shows £33.33; the three payments still add up to £100.00).
 */
export function payInThreeInstalment(total: Pence): Pence | null {
  if (total < PAY_IN_3_MIN || total > PAY_IN_3_MAX) return null;
  // Half up: floor((2 × total + 3) / 6), in whole pence.
  return pence(Math.floor((2 * total + PAY_IN_3_PAYMENTS) / (2 * PAY_IN_3_PAYMENTS)));
}

/** 'Pay in 3 interest-free payments of £33.33 with PayPal', or null outside the range. */
export function payInThreeMessage(total: Pence): string | null {
  const instalment = payInThreeInstalment(total);
  return instalment === null
    ? null
    : `Pay in 3 interest-free payments of ${formatPence(instalment)} with PayPal`;
}
