/**
 * The reports' periods and VAT keys (ADR 067): a report covers whole UK days `from` to
 * `to`, grouped by UK day, by week (Monday to Sunday) or by calendar month; each period
 * is named by its first day (yyyy-MM-dd), a month by yyyy-MM.
 */
import type { ReportGroup } from './api/admin-reports.ts';
import { daysBetween, nextDay } from './uk-days.ts';

/** The most periods one sales report lists (day by day: a little over three years). */
export const MAX_REPORT_PERIODS = 1_200;
/** The longest range one report covers, in days (ten years). */
export const MAX_REPORT_DAYS = 3_660;

/** The rates every report lists, basis points: 20%, 5% and 0%. */
export const STANDARD_VAT_RATES_BP = [2000, 500, 0] as const;

/** The VAT key of a rate in basis points: '20', '5', '0', '12.5'. */
export function vatKey(rateBp: number): string {
  return String(rateBp / 100);
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The name of the period `day` (yyyy-MM-dd) falls in. */
export function periodOf(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return day.slice(0, 7);
  const back = (weekday(day) + 6) % 7; // days since Monday
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

/** Every period from the one holding `from` to the one holding `to`, oldest first. */
export function periodsBetween(from: string, to: string, group: ReportGroup): string[] {
  const periods: string[] = [];
  if (daysBetween(from, to) < 0) return periods;
  let day = from;
  for (;;) {
    const period = periodOf(day, group);
    if (periods[periods.length - 1] !== period) periods.push(period);
    if (day === to) return periods;
    day = nextDay(day);
  }
}

/** How many periods `from` to `to` spans when grouped by `group`. */
export function periodCount(from: string, to: string, group: ReportGroup): number {
  const days = daysBetween(from, to) + 1;
  if (days <= 0) return 0;
  if (group === 'day') return days;
  if (group === 'week') return Math.floor(days / 7) + 2;
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The keys of a report's VAT figures: the standard rates and any other it met, highest first. */
export function vatKeys(ratesBp: Iterable<number>): string[] {
  const all = new Set<number>([...STANDARD_VAT_RATES_BP, ...ratesBp]);
  return [...all].sort((a, b) => b - a).map(vatKey);
}
