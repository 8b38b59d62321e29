/**
 * The audit trail (ADR 047): every back-office write records who, what, which record,
 * before and after, the reason given and from which address — in the write's own
 * transaction (pass the transaction as `db`), so a write without its record cannot
 * happen. The table is append only (a trigger refuses UPDATE and DELETE).
 */
import type { Db } from '../../db/client.ts';
import type { StaffActor } from '../staff/staff-actor.ts';

export interface AuditEntry {
  /** e.g. 'order.dispatch', 'stock.adjust'. */
  action: string;
  /** e.g. 'order', 'variation', 'staff'. */
  entityType: string;
  entityId: string | number;
  /** The record's fields before and after: never passwords, secrets or card data. */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Records one write by `actor`; call with the transaction that makes the write. */
export async function recordAudit(db: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: actor.staffId,
      actor: actor.label,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      ip: actor.ip,
    })
    .execute();
}
