/**
 * When an order should arrive: the delivery option's working-day range counted from
 * the day the order is dispatched. Working days are Monday to Friday (bank holidays
 * are not known here); an order placed on a working day before the option's cut-off
 * hour (UK time) is dispatched that day, otherwise on the next working day. Options
 * delivered on one weekday only (Saturday delivery) arrive on the first such day whose
 * eve's cut-off the order beat.
 *
 * With a calendar (ADR 065): no order is dispatched on a bank holiday of the dispatch
 * division or on a day the shop is closed, and bank holidays are not working days for
 * the carrier either.
 */
import { addDays, format, isWeekend } from 'date-fns';

export interface DeliveryTiming {
  minDays: number;
  maxDays: number;
  /** Hour (0–23, UK time) before which an order is dispatched the same working day. */
  cutoffHour: number | null;
  /** ISO weekday (1 = Monday … 7 = Sunday) the option delivers on, or null. */
  deliveryWeekday: number | null;
}

/** Days (yyyy-MM-dd) that are not working days. */
export interface DeliveryCalendar {
  /** Bank holidays of the dispatch division: neither dispatch nor delivery days. */
  holidays: ReadonlySet<string>;
  /** The shop's own closing days: no dispatch (carriers still deliver). */
  closed: ReadonlySet<string>;
}

export const NO_CLOSING_DAYS: DeliveryCalendar = { holidays: new Set(), closed: new Set() };

export interface DeliveryEstimate {
  /** yyyy-MM-dd */
  earliest: string;
  latest: string;
  /** e.g. 'Thursday 26 November – Monday 30 November', or one day when they agree. */
  label: string;
}

const SHOP_TIME_ZONE = 'Europe/London';

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The UK calendar day (as a local midnight Date, for date-fns) and hour of an instant. */
function ukDayAndHour(instant: Date): { day: Date; hour: number } {
  const parts = Object.fromEntries(
    londonParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    day: new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day)),
    hour: Number(parts.hour),
  };
}

/** ISO weekday of a date-fns local date: 1 = Monday … 7 = Sunday. */
const isoWeekday = (day: Date) => day.getDay() || 7;

const ymd = (day: Date) => format(day, 'yyyy-MM-dd');

/** A carrier's working day: Monday to Friday, not a bank holiday. */
const isWorkingDay = (day: Date, calendar: DeliveryCalendar) =>
  !isWeekend(day) && !calendar.holidays.has(ymd(day));

/** A day parcels leave: a working day the shop is open. */
const isDispatchDay = (day: Date, calendar: DeliveryCalendar) =>
  isWorkingDay(day, calendar) && !calendar.closed.has(ymd(day));

/** The `count`th working day after `day` (count 0: `day` itself). */
function addWorkingDays(day: Date, count: number, calendar: DeliveryCalendar): Date {
  let result = day;
  for (let left = count; left > 0;) {
    result = addDays(result, 1);
    if (isWorkingDay(result, calendar)) left -= 1;
  }
  return result;
}

/** Closures are bounded (staff enter at most a few weeks), so a year always finds one. */
const SEARCH_DAYS = 400;

function dispatchDay(
  day: Date,
  hour: number,
  cutoffHour: number | null,
  calendar: DeliveryCalendar,
): Date {
  const beforeCutoff = cutoffHour === null || hour < cutoffHour;
  if (isDispatchDay(day, calendar) && beforeCutoff) return day;
  let next = addDays(day, 1);
  for (let i = 0; i < SEARCH_DAYS && !isDispatchDay(next, calendar); i += 1)
    next = addDays(next, 1);
  return next;
}

function weekdayDelivery(
  day: Date,
  hour: number,
  timing: DeliveryTiming,
  weekday: number,
  calendar: DeliveryCalendar,
): Date {
  let candidate = addDays(day, 1);
  for (let i = 0; i < SEARCH_DAYS; i += 1, candidate = addDays(candidate, 1)) {
    if (isoWeekday(candidate) !== weekday || calendar.holidays.has(ymd(candidate))) continue;
    // The order must be placed before the cut-off on the day before (e.g. Friday 2pm),
    // and the parcel leaves that day: the shop open and not a bank holiday.
    const eve = addDays(candidate, -1);
    if (!isDispatchDay(eve, calendar)) continue;
    const missed =
      day > eve || (day.getTime() === eve.getTime() && hour >= (timing.cutoffHour ?? 24));
    if (!missed) return candidate;
  }
  return candidate;
}
const long = (day: Date) => format(day, 'EEEE d MMMM');

/** The delivery estimate of an order placed at `placedAt` with this option's timing. */
export function deliveryEstimate(
  placedAt: Date,
  timing: DeliveryTiming,
  calendar: DeliveryCalendar = NO_CLOSING_DAYS,
): DeliveryEstimate {
  const { day, hour } = ukDayAndHour(placedAt);
  let earliest: Date;
  let latest: Date;
  if (timing.deliveryWeekday !== null) {
    earliest = latest = weekdayDelivery(day, hour, timing, timing.deliveryWeekday, calendar);
  } else {
    const dispatch = dispatchDay(day, hour, timing.cutoffHour, calendar);
    earliest = addWorkingDays(dispatch, timing.minDays, calendar);
    latest = addWorkingDays(dispatch, Math.max(timing.minDays, timing.maxDays), calendar);
  }
  const label =
    ymd(earliest) === ymd(latest) ? long(earliest) : `${long(earliest)} – ${long(latest)}`;
  return { earliest: ymd(earliest), latest: ymd(latest), label };
}
