import { z } from 'zod';

export const VOUCHER_CODE_MAX_LENGTH = 32;

/** Title of the discount code input's pattern (spec section 5). */
export const VOUCHER_CODE_PATTERN_MESSAGE = 'Please enter only capital letters and numbers';

/** Upper-cases a typed discount code (spec section 5: forced to upper case). */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A discount code: forced to upper case, capital letters and digits only. */
export const voucherCodeSchema = z
  .string({ error: 'Please enter a valid discount code.' })
  .transform(normaliseVoucherCode)
  .pipe(
    z
      .string()
      .min(1, 'Please enter a valid discount code.')
      .max(VOUCHER_CODE_MAX_LENGTH, 'Please enter a valid discount code.')
      .regex(/^[A-Z0-9]+$/, VOUCHER_CODE_PATTERN_MESSAGE),
  );
