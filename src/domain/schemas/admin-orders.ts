/**
 * The back office's order requests (ADR 054): the order list's query, a staff note, an
 * email to resend and a pre-order's cancellation. Shared by the server (parsing) and the
 * order pages (forms), so both give the same messages.
 */
import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../order-status.ts';
import { requiredText } from './text.ts';

/**
 * The lists the dashboard links to, read from an order's lines or refunds rather than its
 * status: `pending_refunds`, orders with a refund to the payment waiting for the
 * gateway's answer (ADR 081).
 */
export const ORDER_LIST_FILTERS = [
  'awaiting_dispatch',
  'preorders_in_stock',
  'pending_refunds',
] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

/** What each filter shows, as the list page names it. */
export const ORDER_LIST_FILTER_LABELS: Readonly<Record<OrderListFilter, string>> = {
  awaiting_dispatch: 'Awaiting dispatch',
  preorders_in_stock: 'Pre-orders now in stock',
  pending_refunds: 'Refunds pending',
};

/** Fewer characters than a trigram: the search index cannot narrow them down. */
export const ORDER_SEARCH_MIN = 3;
export const ORDER_SEARCH_MAX = 100;
export const ORDER_PAGE_DEFAULT = 25;
export const ORDER_PAGE_MAX = 100;
export const ORDER_NOTE_MAX = 2000;

const SEARCH_MESSAGE = `Please enter at least ${ORDER_SEARCH_MIN} characters to search`;
const LIMIT_MESSAGE = `Please choose a page size from 1 to ${ORDER_PAGE_MAX}`;

/** An empty query parameter is the same as none (a form sends `q=` when left blank). */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const orderListQuerySchema = z.object({
  q: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(
        z
          .string({ error: SEARCH_MESSAGE })
          .check(
            z.trim(),
            z.minLength(ORDER_SEARCH_MIN, SEARCH_MESSAGE),
            z.maxLength(
              ORDER_SEARCH_MAX,
              `Please enter no more than ${ORDER_SEARCH_MAX} characters`,
            ),
          ),
      ),
    ),
  ),
  status: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(z.enum(ORDER_STATUSES, { error: 'Please choose a status from the list' })),
    ),
  ),
  filter: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(z.enum(ORDER_LIST_FILTERS, { error: 'Please choose a filter from the list' })),
    ),
  ),
  cursor: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(
        z
          .string({ error: 'Please start again from the first page' })
          .check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Please start again from the first page')),
      ),
    ),
  ),
  limit: z.optional(
    z.pipe(
      z.transform((value: unknown) =>
        typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value,
      ),
      z
        .int({ error: LIMIT_MESSAGE })
        .check(z.minimum(1, LIMIT_MESSAGE), z.maximum(ORDER_PAGE_MAX, LIMIT_MESSAGE)),
    ),
  ),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const NOTE_MESSAGE = 'Please enter a note';

/** A staff note: plain text (markup is kept as typed and shown as text). */
export const orderNoteSchema = z.object({
  note: requiredText(NOTE_MESSAGE, ORDER_NOTE_MAX),
});
export type OrderNoteInput = z.output<typeof orderNoteSchema>;

/** The emails staff may send again (the confirmation, for now). */
export const RESENDABLE_EMAILS = ['confirmation'] as const;

export const resendEmailSchema = z.object({
  kind: z.enum(RESENDABLE_EMAILS, { error: 'Please choose an email to resend' }),
});
export type ResendEmailInput = z.output<typeof resendEmailSchema>;

export const CANCEL_REASON_MESSAGE = 'Please give a reason for cancelling';

export const cancelPreorderSchema = z.object({
  reason: requiredText(CANCEL_REASON_MESSAGE, 500),
});
export type CancelPreorderInput = z.output<typeof cancelPreorderSchema>;
