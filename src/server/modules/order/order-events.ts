/**
 * An order's timeline (ADR 047): what happened after it was placed — emails sent,
 * dispatches, tracking corrections, refunds, staff notes — written as it happens, in
 * the same transaction as the change it describes (pass the transaction as `db`).
 */
import type { Db } from '../../db/client.ts';

export interface OrderEvent {
  orderId: number;
  /** e.g. 'email_sent', 'dispatched', 'tracking_corrected', 'refunded', 'note', 'cancelled'. */
  kind: string;
  /** One line a person reads; a note's text. */
  summary: string;
  /** The staff member, or null for the shop itself or the customer. */
  staffId?: number | null;
  detail?: unknown;
}

export async function recordOrderEvent(db: Db, event: OrderEvent): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      kind: event.kind,
      summary: event.summary,
      staff_id: event.staffId ?? null,
      detail: event.detail === undefined ? null : JSON.stringify(event.detail),
    })
    .execute();
}
