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

/**
 * Records one write by `actor`; call with the transaction that makes the write. Answers
 * the record's id.
 */
export async function recordAudit(db: Db, actor: StaffActor, entry: AuditEntry): Promise<number> {
  const row = await db
    .insertInto('audit_log')
    .values(auditRow(actor, entry))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Records many writes by `actor` in one statement, in the order given (a bulk write's
 * record per thing changed, e.g. a CSV import's variations); call with the transaction
 * that makes the writes.
 */
export async function recordAudits(
  db: Db,
  actor: StaffActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(entries.map((entry) => auditRow(actor, entry)))
    .execute();
}

function auditRow(actor: StaffActor, entry: AuditEntry) {
  return {
    staff_id: actor.staffId,
    actor: actor.label,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    reason: entry.reason ?? null,
    ip: actor.ip,
  };
}

/** Which entries to read (ADR 049); every field optional. */
export interface AuditFilter {
  /** Entries by the staff account with this email (lower-cased), or recorded under it. */
  staff?: string;
  /** An action, or a prefix ending at a dot: 'order' finds 'order.dispatch'. */
  action?: string;
  entityType?: string;
  entityId?: string;
  /** Written at or after this instant, and before `end`. */
  start?: Date;
  end?: Date;
}

/** One audit record, with the staff account it names as it is today. */
export interface AuditRecord {
  id: number;
  at: Date | string;
  actor: string;
  staff_email: string | null;
  staff_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
}

/**
 * Reading the audit trail (ADR 049). Pages are keyset by id: the order rows were written
 * in, served by the indexes on (at, id), (entity_type, entity_id, id) and (staff_id, id).
 */
export function auditTrailRepository(db: Db) {
  function select(filter: AuditFilter) {
    let query = db
      .selectFrom('audit_log')
      .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
      .select([
        'audit_log.id',
        'audit_log.at',
        'audit_log.actor',
        'staff.email as staff_email',
        'staff.name as staff_name',
        'audit_log.action',
        'audit_log.entity_type',
        'audit_log.entity_id',
        'audit_log.before',
        'audit_log.after',
        'audit_log.reason',
        'audit_log.ip',
      ]);
    if (filter.staff !== undefined) {
      const email = filter.staff;
      query = query.where((eb) =>
        eb.or([
          eb(
            'audit_log.staff_id',
            'in',
            eb.selectFrom('staff as s').select('s.id').where('s.email', '=', email),
          ),
          eb('audit_log.actor', '=', email),
        ]),
      );
    }
    if (filter.action !== undefined) {
      const action = filter.action;
      query = action.includes('.')
        ? query.where('audit_log.action', '=', action)
        : query.where((eb) =>
            eb.or([
              eb('audit_log.action', '=', action),
              // A prefix: no wildcard of the caller's reaches LIKE (escaped by left()).
              eb(eb.fn('left', ['audit_log.action', eb.val(action.length + 1)]), '=', `${action}.`),
            ]),
          );
    }
    if (filter.entityType !== undefined)
      query = query.where('audit_log.entity_type', '=', filter.entityType);
    if (filter.entityId !== undefined)
      query = query.where('audit_log.entity_id', '=', filter.entityId);
    if (filter.start) query = query.where('audit_log.at', '>=', filter.start);
    if (filter.end) query = query.where('audit_log.at', '<', filter.end);
    return query;
  }

  return {
    /** Up to `limit` entries matching `filter`, newest first, older than `beforeId` when given. */
    async newestFirst(
      filter: AuditFilter,
      limit: number,
      beforeId?: number,
    ): Promise<AuditRecord[]> {
      let query = select(filter);
      if (beforeId !== undefined) query = query.where('audit_log.id', '<', beforeId);
      return (await query.orderBy('audit_log.id', 'desc').limit(limit).execute()) as AuditRecord[];
    },

    /** Up to `limit` entries matching `filter` with ids in (afterId, untilId), oldest first. */
    async oldestFirst(
      filter: AuditFilter,
      limit: number,
      afterId: number,
      untilId: number,
    ): Promise<AuditRecord[]> {
      return (await select(filter)
        .where('audit_log.id', '>', afterId)
        .where('audit_log.id', '<', untilId)
        .orderBy('audit_log.id', 'asc')
        .limit(limit)
        .execute()) as AuditRecord[];
    },

    /** Records one write and answers its id (the export records itself this way). */
    async record(actor: StaffActor, entry: AuditEntry): Promise<number> {
      return recordAudit(db, actor, entry);
    },
  };
}

export type AuditTrailRepository = ReturnType<typeof auditTrailRepository>;
