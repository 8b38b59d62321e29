/**
 * One audit entry as a table row: when, who, action, record, reason, and a button that
 * opens the entry's details (before and after side by side, as JSON text — never HTML —
 * with the client address).
 */
import { useId, useState } from 'react';
import type { AuditEntryView } from '../../../domain/api/admin-audit.ts';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/** A UK date and time, e.g. 26/11/2026, 14:03:09. */
export function formatWhen(at: string): string {
  return WHEN.format(new Date(at));
}

/** JSON as indented text ('—' when there is none). */
export function jsonText(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

const COLUMNS = 6;

export function AuditEntryRow({ entry }: { entry: AuditEntryView }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const who = entry.staff?.name ?? entry.actor;
  return (
    <>
      <tr className={open ? 'audit-row audit-row--open' : 'audit-row'}>
        <td>
          <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        </td>
        <td>
          {who}
          {entry.staff && <span className="audit-row__email">{entry.actor}</span>}
        </td>
        <td>
          <code>{entry.action}</code>
        </td>
        <td>
          {entry.entity_type} <span className="audit-row__id">{entry.entity_id}</span>
        </td>
        <td>{entry.reason ?? ''}</td>
        <td>
          <button
            type="button"
            className="button button--link audit-row__toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} details of ${entry.action} on ${entry.entity_type} ${entry.entity_id}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide details' : 'Show details'}
          </button>
        </td>
      </tr>
      <tr id={detailsId} className="audit-details" hidden={!open}>
        <td colSpan={COLUMNS}>
          {open && (
            <div className="audit-details__body">
              <div className="audit-details__side">
                <h3 className="audit-details__title">Before</h3>
                <pre className="audit-details__json">{jsonText(entry.before)}</pre>
              </div>
              <div className="audit-details__side">
                <h3 className="audit-details__title">After</h3>
                <pre className="audit-details__json">{jsonText(entry.after)}</pre>
              </div>
              <p className="audit-details__meta">
                Entry {entry.id} · recorded as {entry.actor}
                {entry.ip ? ` from ${entry.ip}` : ''}
              </p>
            </div>
          )}
        </td>
      </tr>
    </>
  );
}
