/**
 * The back office's customer requests (ADR 066): the customer list's query, buds granted
 * with a reason, disabling and re-enabling an account, erasing one (staff), and the
 * customer's own erasure with their password. Shared by the server (parsing) and the
 * pages (forms), so both give the same messages.
 */
import { z } from 'zod/mini';
import { requiredText } from './text.ts';

/** Fewer characters than a trigram: the search indexes cannot narrow them down. */
export const CUSTOMER_SEARCH_MIN = 3;
export const CUSTOMER_SEARCH_MAX = 100;
export const CUSTOMER_PAGE_DEFAULT = 25;
export const CUSTOMER_PAGE_MAX = 100;
/** The most buds one grant may add or take back. */
export const MAX_BUDS_GRANT = 100_000;
export const CUSTOMER_REASON_MAX = 500;

const SEARCH_MESSAGE = `Please enter at least ${CUSTOMER_SEARCH_MIN} characters to search`;
const LIMIT_MESSAGE = `Please choose a page size from 1 to ${CUSTOMER_PAGE_MAX}`;
const CURSOR_MESSAGE = 'Please start again from the first page';

/** An empty query parameter is the same as none (a form sends `q=` when left blank). */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const customerListQuerySchema = z.object({
  q: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(
        z
          .string({ error: SEARCH_MESSAGE })
          .check(
            z.trim(),
            z.minLength(CUSTOMER_SEARCH_MIN, SEARCH_MESSAGE),
            z.maxLength(
              CUSTOMER_SEARCH_MAX,
              `Please enter no more than ${CUSTOMER_SEARCH_MAX} characters`,
            ),
          ),
      ),
    ),
  ),
  cursor: z.optional(
    z.pipe(
      z.transform(blankIsMissing),
      z.optional(
        z.string({ error: CURSOR_MESSAGE }).check(z.regex(/^[1-9]\d{0,8}$/, CURSOR_MESSAGE)),
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
        .check(z.minimum(1, LIMIT_MESSAGE), z.maximum(CUSTOMER_PAGE_MAX, LIMIT_MESSAGE)),
    ),
  ),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

const BUDS_MESSAGE = `Please enter a whole number of buds from -${MAX_BUDS_GRANT} to ${MAX_BUDS_GRANT}, not 0`;

/** Buds granted (positive) or taken back (negative, to put a mistake right). */
export const budsGrantSchema = z.object({
  buds: z.int({ error: BUDS_MESSAGE }).check(
    z.minimum(-MAX_BUDS_GRANT, { error: BUDS_MESSAGE }),
    z.maximum(MAX_BUDS_GRANT, { error: BUDS_MESSAGE }),
    z.refine((n) => n !== 0, BUDS_MESSAGE),
  ),
  /** Why: kept in the ledger (staff only) and the audit trail. */
  reason: requiredText('Please give a reason', CUSTOMER_REASON_MAX),
});
export type BudsGrant = z.output<typeof budsGrantSchema>;

/** Disabling or re-enabling an account, and a staff erasure: a reason for the trail. */
export const customerReasonSchema = z.object({
  reason: requiredText('Please give a reason', CUSTOMER_REASON_MAX),
});
export type CustomerReason = z.output<typeof customerReasonSchema>;

/** The customer's own erasure: their password, as a second thought. */
export const selfEraseSchema = z.object({
  password: z
    .string({ error: 'Please enter your password' })
    .check(
      z.minLength(1, 'Please enter your password'),
      z.maxLength(200, 'Please enter your password'),
    ),
});
export type SelfErase = z.output<typeof selfEraseSchema>;
