/**
 * Times of day as staff in the UK enter and read them (Europe/London: GMT in winter,
 * BST in summer), for the back office's offers (ADR 064): a form's `yyyy-MM-ddTHH:mm`
 * in UK time to an instant and back.
 */
import { isValid, parseISO } from 'date-fns';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function londonParts(instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of LONDON.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = part.value;
  }
  return parts;
}

/** `instant` as a UK wall-clock time, `yyyy-MM-ddTHH:mm` (what a datetime-local shows). */
export function ukLocalOf(instant: Date | string): string {
  const p = londonParts(new Date(instant));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The instant a UK wall-clock time `yyyy-MM-ddTHH:mm` names, or null when it is not a
 * real time. A time the spring clock change skips is read as GMT (an hour later than
 * written); one the autumn change repeats as its first (BST) occurrence.
 */
export function instantOfUkLocal(local: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const parsed = parseISO(`${local}:00Z`);
  if (!isValid(parsed) || parsed.toISOString().slice(0, 16) !== local) return null;
  const asUtc = parsed.getTime();
  // London is UTC or UTC+1: try BST first, then GMT.
  for (const offsetMinutes of [60, 0]) {
    const candidate = new Date(asUtc - offsetMinutes * 60_000);
    if (ukLocalOf(candidate) === local) return candidate;
  }
  return new Date(asUtc);
}

/**
 * A time as the API takes it: ISO 8601 with an offset or Z (an instant), or
 * `yyyy-MM-ddTHH:mm` without one (UK time). Null when neither.
 */
export function parseShopTime(value: string): Date | null {
  if (LOCAL.test(value)) return instantOfUkLocal(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const SHOWN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** As staff read it: '1 Dec 2026, 09:00' (UK time). */
export function formatUkTime(instant: Date | string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : SHOWN.format(date);
}
