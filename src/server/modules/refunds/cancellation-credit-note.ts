/**
 * The credit note of a cancelled paid order (ADR 078), written in the cancellation's own
 * transaction: a completed refund (ADR 051/071) crediting every line, the delivery
 * charge and so everything the order took (`amount + credit_used`), numbered from the
 * gap-free 'credit_note' sequence. The figures are migration 045's
 * `credit_cancelled_order()`, which the migration's backfill runs too, so orders
 * cancelled before and after it are credited alike.
 *
 * Lock order (ADR 078): the order's row, then the sequence's (`holdCreditNoteSequence`,
 * before the cancellation puts stock back), the customer's, products, the sales summary's
 * rows — the order a refund's completion takes them in (ADR 051/068), so a cancellation
 * and a refund or an order cannot wait on each other in a circle.
 */
import { sql } from 'kysely';
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import type { Db } from '../../db/client.ts';

/** The reason a credit note gives when the shopper cancelled. */
export const CANCELLATION_REASON = 'Order cancelled';

/**
 * Locks the credit note sequence's row until the transaction ends, without taking a
 * number: taken before the cancellation statement locks products, as a refund takes its
 * number before it restocks.
 */
export async function holdCreditNoteSequence(trx: Db): Promise<void> {
  await sql`SELECT last_used FROM document_sequences WHERE kind = 'credit_note' FOR UPDATE`.execute(
    trx,
  );
}

export interface CancellationCredit {
  orderId: number;
  /** "Order cancelled", or the staff member's reason. */
  reason: string;
  /** The staff member who cancelled, if one did. */
  staffId: number | null;
  /** How the payment went back (null: nothing was charged). */
  gatewayKind: 'void' | 'refund' | null;
  /** The seller the credit note names (kept with it); null prints the configured one. */
  seller: DocumentSeller | null;
}

/**
 * Issues the credit note of an order just cancelled in this transaction; answers its
 * number, or null when there was nothing to credit (an order that took nothing) or the
 * order already has one.
 */
export async function creditCancelledOrder(
  trx: Db,
  credit: CancellationCredit,
): Promise<string | null> {
  const { rows } = await sql<{ number: string | null }>`
    SELECT credit_cancelled_order(
      ${credit.orderId}::int, ${credit.reason}::text, ${credit.staffId}::int,
      ${credit.gatewayKind}::text, NULL::text,
      ${credit.seller ? JSON.stringify(credit.seller) : null}::jsonb, NULL::timestamptz
    ) AS number
  `.execute(trx);
  return rows[0]?.number ?? null;
}

/**
 * After a pending refund of a cancelled order is released (ADR 081), in the release's
 * transaction: the credit note for what that refund had held back from the cancellation's
 * credit note (migration 051's `credit_released_refund()`), since the cancellation's
 * reversal gave back the whole sale. Answers its number, or null (the order is not a
 * cancelled one with a cancellation credit note, or nothing is left to credit).
 */
export async function creditReleasedRefund(trx: Db, orderId: number): Promise<string | null> {
  const { rows } = await sql<{ number: string | null }>`
    SELECT credit_released_refund(${orderId}::int) AS number
  `.execute(trx);
  return rows[0]?.number ?? null;
}
