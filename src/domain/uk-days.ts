/**
 * The shop's days are UK days (Europe/London: GMT in winter, BST in summer). Staff
 * filter the audit trail by them and the dashboard's "today" is one; a day runs from
 * London midnight to the next London midnight, 23, 24 or 25 hours later.
 */

/** The time zone of the shop's days. */
export const SHOP_TIME_ZONE = 'Europe/London';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of LONDON_PARTS.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Minutes London is ahead of UTC at `instant` (0 or 60). */
function londonOffsetMinutes(instant: Date): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Whether `value` is a real calendar date written yyyy-MM-dd (2027-02-31 is not). */
export function isDay(value: string): boolean {
  const parts = DAY.exec(value);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The UK day (yyyy-MM-dd) that `instant` falls on. */
export function ukDayOf(instant: Date): string {
  const p = londonParts(instant);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** The day after `day` (both yyyy-MM-dd). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The instant a UK day begins: London midnight. Clocks change at 01:00 UTC, never at
 * London midnight, so the offset an hour either side of it is the day's own.
 */
export function ukDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = new Date(utcMidnight - 60 * 60_000);
  return new Date(utcMidnight - londonOffsetMinutes(guess) * 60_000);
}

/** The instants of the UK days `from` to `to`, both included: [start, end). */
export function ukDayRange(from: string, to: string): { start: Date; end: Date } {
  return { start: ukDayStart(from), end: ukDayStart(nextDay(to)) };
}
