/**
 * When an order should arrive: the delivery option's working-day range counted from
 * the day the order is dispatched. Working days are Monday to Friday (bank holidays
 * are not known here); an order placed on a working day before the option's cut-off
 * hour (UK time) is dispatched that day, otherwise on the next working day. Options
 * delivered on one weekday only (Saturday delivery) arrive on the first such day whose
 * eve's cut-off the order beat.
 */
import { addBusinessDays, addDays, format, isWeekend } from 'date-fns';

export interface DeliveryTiming {
  minDays: number;
  maxDays: number;
  /** Hour (0–23, UK time) before which an order is dispatched the same working day. */
  cutoffHour: number | null;
  /** ISO weekday (1 = Monday … 7 = Sunday) the option delivers on, or null. */
  deliveryWeekday: number | null;
}

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

function dispatchDay(day: Date, hour: number, cutoffHour: number | null): Date {
  const beforeCutoff = cutoffHour === null || hour < cutoffHour;
  if (!isWeekend(day) && beforeCutoff) return day;
  return addBusinessDays(day, 1);
}

function weekdayDelivery(day: Date, hour: number, timing: DeliveryTiming, weekday: number): Date {
  for (let candidate = addDays(day, 1); ; candidate = addDays(candidate, 1)) {
    if (isoWeekday(candidate) !== weekday) continue;
    // The order must be placed before the cut-off on the day before (e.g. Friday 2pm).
    const eve = addDays(candidate, -1);
    const missed =
      day > eve || (day.getTime() === eve.getTime() && hour >= (timing.cutoffHour ?? 24));
    if (!missed) return candidate;
  }
}

const ymd = (day: Date) => format(day, 'yyyy-MM-dd');
const long = (day: Date) => format(day, 'EEEE d MMMM');

/** The delivery estimate of an order placed at `placedAt` with this option's timing. */
export function deliveryEstimate(placedAt: Date, timing: DeliveryTiming): DeliveryEstimate {
  const { day, hour } = ukDayAndHour(placedAt);
  let earliest: Date;
  let latest: Date;
  if (timing.deliveryWeekday !== null) {
    earliest = latest = weekdayDelivery(day, hour, timing, timing.deliveryWeekday);
  } else {
    const dispatch = dispatchDay(day, hour, timing.cutoffHour);
    earliest = addBusinessDays(dispatch, timing.minDays);
    latest = addBusinessDays(dispatch, Math.max(timing.minDays, timing.maxDays));
  }
  const label =
    ymd(earliest) === ymd(latest) ? long(earliest) : `${long(earliest)} – ${long(latest)}`;
  return { earliest: ymd(earliest), latest: ymd(latest), label };
}
