/**
 * Discount code text rules without the validation library, so pages that only tidy
 * a code (e.g. from the address bar) stay small.
 */

/** Upper-cases a typed discount code (spec section 5: forced to upper case). */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}
