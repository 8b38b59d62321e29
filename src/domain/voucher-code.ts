/**
 * Discount code text rules without the validation library, so pages that only tidy
 * a code (e.g. from the address bar) stay small.
 */

/** What an unusable discount code shows (spec section 5), in the form and from the schema. */
export const INVALID_VOUCHER_CODE_MESSAGE = 'Please enter a valid discount code.';

/** The longest discount code. */
export const VOUCHER_CODE_MAX_LENGTH = 32;

/** Title of the discount code input's pattern (spec section 5). */
export const VOUCHER_CODE_PATTERN_MESSAGE = 'Please enter only capital letters and numbers';

/** Upper-cases a typed discount code (spec section 5: forced to upper case). */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}
