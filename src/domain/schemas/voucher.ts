import { z } from 'zod/mini';
import { INVALID_VOUCHER_CODE_MESSAGE, normaliseVoucherCode } from '../voucher-code.ts';

export const VOUCHER_CODE_MAX_LENGTH = 32;

/** Title of the discount code input's pattern (spec section 5). */
export const VOUCHER_CODE_PATTERN_MESSAGE = 'Please enter only capital letters and numbers';

export { normaliseVoucherCode };

/** A discount code: forced to upper case, capital letters and digits only. */
export const voucherCodeSchema = z.pipe(
  z.string({ error: INVALID_VOUCHER_CODE_MESSAGE }).check(z.overwrite(normaliseVoucherCode)),
  z
    .string()
    .check(
      z.minLength(1, INVALID_VOUCHER_CODE_MESSAGE),
      z.maxLength(VOUCHER_CODE_MAX_LENGTH, INVALID_VOUCHER_CODE_MESSAGE),
      z.regex(/^[A-Z0-9]+$/, VOUCHER_CODE_PATTERN_MESSAGE),
    ),
);
