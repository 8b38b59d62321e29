/**
 * POST /api/v1/admin/orders/{order_number}/refunds (ADR 051): which lines and how many
 * of each, the delivery charge, a goodwill amount in pence, the reason, whether the
 * items go back into stock, and where the money goes.
 */
import { z } from 'zod/mini';
import { GOODWILL_MAX, REFUND_REASON_MAX } from '../refunds.ts';

const WHOLE = 'Please give a whole number';

export const refundBodySchema = z.object({
  items: z.optional(
    z
      .array(
        z.object({
          order_item_id: z.int({ error: WHOLE }).check(z.positive('This order has no such line')),
          quantity: z
            .int({ error: WHOLE })
            .check(
              z.gte(0, 'Please give a quantity of 0 or more'),
              z.lte(10_000, 'Please give a smaller quantity'),
            ),
        }),
        { error: 'Please list the lines to refund' },
      )
      .check(z.maxLength(200, 'Too many lines')),
  ),
  delivery: z.optional(z.boolean({ error: 'Please answer yes or no' })),
  amount: z.optional(
    z
      .int({ error: 'Please give the amount in whole pence' })
      .check(
        z.gte(0, 'Please give an amount of 0 or more'),
        z.lte(GOODWILL_MAX, 'Please give a smaller amount'),
      ),
  ),
  reason: z.string({ error: 'Please say why' }).check(
    z.trim(),
    z.minLength(1, 'Please say why'),
    z.maxLength(REFUND_REASON_MAX, `Please keep the reason to ${REFUND_REASON_MAX} characters`),
    z.refine((value) => !/[<>]/.test(value), 'Please leave out < and >'),
  ),
  restock: z.optional(z.boolean({ error: 'Please answer yes or no' })),
  to: z.enum(['payment', 'credit'], {
    error: 'Please choose the original payment or store credit',
  }),
});

export type RefundBody = z.output<typeof refundBodySchema>;
