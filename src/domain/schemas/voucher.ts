import { z } from 'zod/mini';
import { normaliseVoucherCode } from '../voucher-code.ts';

export const VOUCHER_CODE_MAX_LENGTH = 32;

/** Title of the discount code input's pattern (spec section 5). */
export const VOUCHER_CODE_PATTERN_MESSAGE = 'Please enter only capital letters and numbers';

export { normaliseVoucherCode };

/** A discount code: forced to upper case, capital letters and digits only. */
export const voucherCodeSchema = z.pipe(
  z
    .string({ error: 'Please enter a valid discount code.' })
    .check(z.overwrite(normaliseVoucherCode)),
  z
    .string()
    .check(
      z.minLength(1, 'Please enter a valid discount code.'),
      z.maxLength(VOUCHER_CODE_MAX_LENGTH, 'Please enter a valid discount code.'),
      z.regex(/^[A-Z0-9]+$/, VOUCHER_CODE_PATTERN_MESSAGE),
    ),
);
