/**
 * Requests about store credit (ADR 052): a staff member's goodwill grant.
 * POST /api/v1/admin/customers/{id}/credit `{ amount, reason }`.
 */
import { z } from 'zod/mini';
import { requiredText } from './text.ts';

/** The most one goodwill grant may add: £1,000.00. */
export const MAX_CREDIT_GRANT = 100_000;

const amountMessage = `Please enter an amount in pence from 1 to ${MAX_CREDIT_GRANT}`;

export const creditGrantSchema = z.object({
  /** Pence, 1..MAX_CREDIT_GRANT. */
  amount: z
    .int({ error: amountMessage })
    .check(
      z.minimum(1, { error: amountMessage }),
      z.maximum(MAX_CREDIT_GRANT, { error: amountMessage }),
    ),
  /** Why the credit is given: kept in the ledger and the audit trail (staff only). */
  reason: requiredText('Please give a reason', 500),
});

export type CreditGrant = z.output<typeof creditGrantSchema>;
