/**
 * Returns' input (issue 23, ADR 070):
 * - POST /api/v1/orders/{public_id}/returns           which lines, how many, and why;
 * - POST /api/v1/admin/returns/{return_number}/refuse  why the return is refused;
 * - POST /api/v1/admin/returns/{return_number}/refund  where the money goes, restock.
 */
import { z } from 'zod/mini';
import { RETURN_REFUSAL_MAX } from '../returns.ts';

const WHOLE = 'Please give a whole number';
const CURSOR_MESSAGE = 'Please start again from the first page';

/** An empty query parameter is the same as none (a form sends `cursor=` when blank). */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const startReturnSchema = z.object({
  items: z
    .array(
      z.object({
        order_item_id: z.int({ error: WHOLE }).check(z.positive('This order has no such line')),
        quantity: z
          .int({ error: WHOLE })
          .check(
            z.gte(1, 'Please return at least one'),
            z.lte(10_000, 'Please give a smaller quantity'),
          ),
      }),
      { error: 'Please choose what to return' },
    )
    .check(z.minLength(1, 'Please choose what to return'), z.maxLength(200, 'Too many lines')),
  reason: z
    .string({ error: 'Please tell us why you are returning it' })
    .check(
      z.minLength(1, 'Please tell us why you are returning it'),
      z.maxLength(40, 'Please choose one of the reasons'),
    ),
});
export type StartReturnInput = z.output<typeof startReturnSchema>;

export const refuseReturnSchema = z.object({
  reason: z.string({ error: 'Please say why' }).check(
    z.trim(),
    z.minLength(1, 'Please say why'),
    z.maxLength(RETURN_REFUSAL_MAX, `Please keep the reason to ${RETURN_REFUSAL_MAX} characters`),
    z.refine((value) => !/[<>]/.test(value), 'Please leave out < and >'),
  ),
});
export type RefuseReturnInput = z.output<typeof refuseReturnSchema>;

export const refundReturnSchema = z.object({
  to: z.enum(['payment', 'credit'], {
    error: 'Please choose the original payment or store credit',
  }),
  restock: z.optional(z.boolean({ error: 'Please answer yes or no' })),
});
export type RefundReturnInput = z.output<typeof refundReturnSchema>;

/** GET /api/v1/admin/returns: a status, an order's number, a page's cursor; all optional. */
export const returnListQuerySchema = z.object({
  status: z.optional(
    z.enum(['requested', 'received', 'refunded', 'refused'], {
      error: 'Please choose a status',
    }),
  ),
  order_number: z.optional(
    z.string().check(z.trim(), z.maxLength(40, 'Please give an order number')),
  ),
  // The last return shown's id, as `next_cursor` gave it; anything else is a 422 naming
  // `cursor` (as the orders' and customers' lists), never silently the first page.
  cursor: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(
        z.string({ error: CURSOR_MESSAGE }).check(z.regex(/^[1-9]\d{0,8}$/, CURSOR_MESSAGE)),
      ),
    ),
  ),
});
export type ReturnListQuery = z.output<typeof returnListQuerySchema>;
