/**
 * Returns' input (issue 23, ADR 070):
 * - POST /api/v1/orders/{public_id}/returns           which lines, how many, and why;
 * - POST /api/v1/admin/returns/{return_number}/refuse  why the return is refused;
 * - POST /api/v1/admin/returns/{return_number}/refund  where the money goes, restock;
 * - the rules and reasons screen's writes (PATCH /admin/returns/rules, the reasons).
 */
import { z } from 'zod/mini';
import {
  RETURN_ADDRESS_LINES,
  RETURN_REASON_MAX,
  RETURN_REFUSAL_MAX,
  RETURN_RULE_LIMITS,
} from '../returns.ts';
import { storableText } from './text.ts';

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

const NO_MARKUP = 'Please leave out < and >';
const noMarkup = () => z.refine<string>((value) => !/[<>]/.test(value), NO_MARKUP);

/** A number of days within the rule's limits, with the limits in the message. */
function ruleDays(rule: keyof typeof RETURN_RULE_LIMITS, why: string) {
  const { min, max } = RETURN_RULE_LIMITS[rule];
  const message = `Please give a whole number of days from ${min} to ${max}${why}`;
  return z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));
}

const ADDRESS_MESSAGE = `Please give the address in ${RETURN_ADDRESS_LINES.min} to ${RETURN_ADDRESS_LINES.max} lines`;
const ADDRESS_LINE_MESSAGE = `Please keep each line to ${RETURN_ADDRESS_LINES.length} characters`;

/** PATCH /api/v1/admin/returns/rules: any of the days and the returns address. */
export const returnRulesChangeSchema = z.object({
  window_days: z.optional(ruleDays('window_days', ' (the law gives at least 14)')),
  send_back_days: z.optional(ruleDays('send_back_days', ' (the law gives at least 14)')),
  refund_days: z.optional(ruleDays('refund_days', ' (the law allows at most 14)')),
  // One line each; blank lines are dropped.
  address: z.optional(
    z.pipe(
      z.pipe(
        z.array(
          z
            .string({ error: ADDRESS_LINE_MESSAGE })
            .check(
              z.trim(),
              z.maxLength(RETURN_ADDRESS_LINES.length, ADDRESS_LINE_MESSAGE),
              storableText(),
              noMarkup(),
            ),
          { error: ADDRESS_MESSAGE },
        ),
        z.transform((lines: string[]) => lines.filter(Boolean)),
      ),
      z
        .array(z.string())
        .check(
          z.minLength(RETURN_ADDRESS_LINES.min, ADDRESS_MESSAGE),
          z.maxLength(RETURN_ADDRESS_LINES.max, ADDRESS_MESSAGE),
        ),
    ),
  ),
});
export type ReturnRulesChange = z.output<typeof returnRulesChangeSchema>;

const REASON_MESSAGE = 'Please write the reason as customers will see it';
const reasonLabel = z
  .string({ error: REASON_MESSAGE })
  .check(
    z.trim(),
    z.minLength(1, REASON_MESSAGE),
    z.maxLength(RETURN_REASON_MAX, `Please keep the reason to ${RETURN_REASON_MAX} characters`),
    storableText(),
    noMarkup(),
  );

/** POST /api/v1/admin/returns/reasons: a new reason, offered at the end of the list. */
export const returnReasonAddSchema = z.object({ label: reasonLabel });
export type ReturnReasonAdd = z.output<typeof returnReasonAddSchema>;

/** PATCH /api/v1/admin/returns/reasons/{code}: renamed, retired or brought back. */
export const returnReasonChangeSchema = z.object({
  label: z.optional(reasonLabel),
  active: z.optional(z.boolean({ error: 'Please give true (offered) or false (retired)' })),
});
export type ReturnReasonChange = z.output<typeof returnReasonChangeSchema>;

const ORDER_MESSAGE = 'Please list every reason once, in the new order';

/** PUT /api/v1/admin/returns/reasons/order: every reason's code, in the new order. */
export const returnReasonOrderSchema = z.object({
  codes: z
    .array(z.string({ error: ORDER_MESSAGE }).check(z.maxLength(40, ORDER_MESSAGE)), {
      error: ORDER_MESSAGE,
    })
    .check(z.minLength(1, ORDER_MESSAGE), z.maxLength(500, ORDER_MESSAGE)),
});
export type ReturnReasonOrder = z.output<typeof returnReasonOrderSchema>;
