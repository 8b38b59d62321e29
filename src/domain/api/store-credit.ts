/**
 * Store credit's replies (ADR 052): the customer's balance and history
 * (GET /api/v1/user/credit) and the back office's view and grants
 * (GET and POST /api/v1/admin/customers/{id}/credit). Wire types inferred from them.
 */
import { z } from 'zod/mini';

const int = z.int();
const isoDate = z.iso.datetime();

export const CREDIT_KINDS = ['refund', 'goodwill', 'spent', 'returned'] as const;

/** One change to a customer's credit, as the customer sees it. */
export const creditEntrySchema = z.object({
  /** When (ISO 8601). */
  date: isoDate,
  /** Pence: positive adds, negative spends. */
  change: int,
  /** The balance after this change (pence). */
  balance_after: int,
  kind: z.enum(CREDIT_KINDS),
  /** e.g. 'Spent on order EB-7K3Q9M2X', 'Refund on order …', 'Goodwill credit'. */
  reason: z.string(),
});

export const storeCreditSchema = z.object({
  /** Pence the customer can spend. */
  balance: int,
  /** Newest first (the latest 100). */
  entries: z.array(creditEntrySchema),
});

/** One change as staff see it: with the reason given and the order it belongs to. */
export const adminCreditEntrySchema = z.extend(creditEntrySchema, {
  order_number: z.nullable(z.string()),
  /** The staff member who made it (grants, refunds), or null. */
  staff_id: z.nullable(int),
});

export const adminStoreCreditSchema = z.object({
  customer_id: int,
  balance: int,
  entries: z.array(adminCreditEntrySchema),
});

export const creditBalanceSchema = z.object({ balance: int });

export type CreditEntryView = z.output<typeof creditEntrySchema>;
export type StoreCreditView = z.output<typeof storeCreditSchema>;
export type AdminStoreCreditView = z.output<typeof adminStoreCreditSchema>;
