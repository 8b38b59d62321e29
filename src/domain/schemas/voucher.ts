import { z } from 'zod/mini';
import {
  INVALID_VOUCHER_CODE_MESSAGE,
  normaliseVoucherCode,
  VOUCHER_CODE_MAX_LENGTH,
  VOUCHER_CODE_PATTERN_MESSAGE,
} from '../voucher-code.ts';

export { normaliseVoucherCode, VOUCHER_CODE_MAX_LENGTH, VOUCHER_CODE_PATTERN_MESSAGE };

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
