/**
 * Reading the audit trail (ADR 049): pages of entries newest first with filters, and a
 * CSV export of a range of UK days, streamed a page at a time and itself recorded.
 * Nothing here changes or removes an entry: the trail is append only (ADR 047).
 */
import type { AuditEntryView, AuditPageView } from '../../../domain/api/admin-audit.ts';
import { ukDayRange } from '../../../domain/uk-days.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import type { AuditFilter, AuditRecord, AuditTrailRepository } from './audit.repository.ts';
import { csvRow } from './audit-csv.ts';

/** What staff filter by, as the route parsed it (days are yyyy-MM-dd, UK days). */
export interface AuditQuery {
  staff?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: string;
  to?: string;
  /** The last id of the page before (entries older than it follow). */
  cursor?: number;
  limit: number;
}

/** Rows read per query while exporting. */
const EXPORT_PAGE = 500;

export const CSV_HEADER = [
  'id',
  'at',
  'actor',
  'staff_name',
  'action',
  'entity_type',
  'entity_id',
  'reason',
  'ip',
  'before',
  'after',
] as const;

const json = (value: unknown) => (value === null || value === undefined ? null : value);
const iso = (at: Date | string) => new Date(at).toISOString();

function view(record: AuditRecord): AuditEntryView {
  return {
    id: record.id,
    at: iso(record.at),
    actor: record.actor,
    staff:
      record.staff_email === null
        ? null
        : { email: record.staff_email, name: record.staff_name ?? '' },
    action: record.action,
    entity_type: record.entity_type,
    entity_id: record.entity_id,
    before: json(record.before),
    after: json(record.after),
    reason: record.reason,
    ip: record.ip,
  };
}

function filterOf(query: Omit<AuditQuery, 'limit' | 'cursor'>): AuditFilter {
  const filter: AuditFilter = {};
  if (query.staff) filter.staff = query.staff;
  if (query.action) filter.action = query.action;
  if (query.entityType) filter.entityType = query.entityType;
  if (query.entityId) filter.entityId = query.entityId;
  if (query.from) filter.start = ukDayRange(query.from, query.from).start;
  if (query.to) filter.end = ukDayRange(query.to, query.to).end;
  return filter;
}

export function auditService(deps: { trail: AuditTrailRepository }) {
  const { trail } = deps;
  return {
    /** One page, newest first; `next_cursor` is null on the last. */
    async list(query: AuditQuery): Promise<AuditPageView> {
      // One more than asked: whether another page follows, without counting.
      const rows = await trail.newestFirst(filterOf(query), query.limit + 1, query.cursor);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map(view),
        next_cursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },

    /**
     * The entries of the UK days `from` to `to`, oldest first, as CSV lines (the header
     * first). The export is recorded before the first line (who exported which days);
     * entries written after that record are not in it, so the file is one cut of the
     * trail however long it takes to send.
     */
    async exportCsv(
      actor: StaffActor,
      range: { from: string; to: string },
    ): Promise<{ filename: string; lines: AsyncIterable<string> }> {
      const filter = filterOf(range);
      const recordId = await trail.record(actor, {
        action: 'audit.export',
        entityType: 'audit_log',
        entityId: `${range.from}..${range.to}`,
        after: { from: range.from, to: range.to, format: 'csv' },
      });
      async function* lines() {
        yield csvRow(CSV_HEADER);
        let afterId = 0;
        for (;;) {
          const rows = await trail.oldestFirst(filter, EXPORT_PAGE, afterId, recordId);
          for (const row of rows) {
            yield csvRow([
              row.id,
              iso(row.at),
              row.actor,
              row.staff_name,
              row.action,
              row.entity_type,
              row.entity_id,
              row.reason,
              row.ip,
              row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
              row.after === null || row.after === undefined ? null : JSON.stringify(row.after),
            ]);
          }
          if (rows.length < EXPORT_PAGE) return;
          afterId = rows.at(-1)!.id;
        }
      }
      return { filename: `audit-${range.from}-to-${range.to}.csv`, lines: lines() };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
