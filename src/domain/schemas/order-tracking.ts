/**
 * POST /api/v1/orders/track and the /track-order form (ADR 023): the order number from
 * the confirmation email and the email address the order was placed with. Shared by
 * the server (parsing) and the page (react-hook-form), so both give the same messages.
 */
import { z } from 'zod/mini';
import { emailSchema } from './email.ts';

/** 'EB-' and 8 characters (order numbers are random, ADR 019). */
export const ORDER_NUMBER_PATTERN = /^EB-[0-9A-Z]{8}$/;
export const ORDER_NUMBER_MESSAGE =
  'Please enter the order number from your confirmation email, e.g. EB-7K3Q9M2X';

/**
 * Upper-cased, spaces removed, and 'EB-' added when only the 8 characters were typed
 * (or 'EB' without its hyphen), so a number copied loosely still matches.
 */
export function normaliseOrderNumber(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (/^[0-9A-Z]{8}$/.test(compact)) return `EB-${compact}`;
  if (/^EB[0-9A-Z]{8}$/.test(compact)) return `EB-${compact.slice(2)}`;
  return compact;
}

export const orderNumberSchema = z.pipe(
  z
    .string({ error: 'Required' })
    .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(32, ORDER_NUMBER_MESSAGE)),
  z
    .string()
    .check(z.overwrite(normaliseOrderNumber), z.regex(ORDER_NUMBER_PATTERN, ORDER_NUMBER_MESSAGE)),
);

export const trackOrderSchema = z.object({
  order_number: orderNumberSchema,
  email_address: emailSchema,
});
export type TrackOrderInput = z.output<typeof trackOrderSchema>;
