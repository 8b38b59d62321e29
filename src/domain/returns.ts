/**
 * Returns (issue 23, ADR 070): which dispatched units a customer may still send back.
 *
 * The Consumer Contracts Regulations give 14 days from delivery to cancel. The shop does
 * not learn when a parcel arrives, so a parcel is deemed delivered on the dispatch day
 * plus the order's delivery option's longest time in working days (Monday to Friday);
 * a return may be started up to and including `windowDays` calendar days after that.
 * Both numbers are data (the `return_settings` row, the delivery option), not code.
 */

export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'refused'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What each status means to the customer and to staff. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Awaiting the parcel',
  received: 'Received',
  refunded: 'Refunded',
  refused: 'Refused',
};

/** Longest refusal reason staff may give. */
export const RETURN_REFUSAL_MAX = 500;

/**
 * The rules staff may set (ADR 070). The regulations give at least 14 days to cancel
 * after delivery and 14 more to send the goods back, and the refund is due within 14
 * days of getting them back, so the screen cannot promise less (or a later refund).
 */
export const RETURN_RULE_LIMITS = {
  window_days: { min: 14, max: 365 },
  send_back_days: { min: 14, max: 365 },
  refund_days: { min: 1, max: 14 },
} as const;

/** The returns address: how many lines, and how long each. */
export const RETURN_ADDRESS_LINES = { min: 2, max: 8, length: 100 } as const;

/** Longest wording of a return reason. */
export const RETURN_REASON_MAX = 80;

/** Spreadsheet-style letters: 0 → 'a', 25 → 'z', 26 → 'aa'. */
function letters(n: number): string {
  let text = '';
  for (let k = n; k >= 0; k = Math.floor(k / 26) - 1) {
    text = String.fromCharCode(97 + (k % 26)) + text;
  }
  return text;
}

/**
 * The stored code of a new reason, made from its wording (`It arrived late` →
 * `it_arrived_late`): lower-case letters and underscores, as the table's CHECK
 * requires, at most 40; `_b`, `_c`… after it when a reason already has the code.
 */
export function reasonCodeOf(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 34)
      .replace(/_+$/, '') || 'reason';
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const code = `${base}_${letters(n)}`;
    if (!taken.has(code)) return code;
  }
}

/** A calendar day, yyyy-MM-dd, moved by `days` (may be negative). */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** `day` (yyyy-MM-dd) plus `count` working days, Monday to Friday. */
export function addWorkingDays(day: string, count: number): string {
  let current = day;
  let left = Math.max(0, count);
  while (left > 0) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current;
}

/**
 * The last UK day a return may be started for a parcel dispatched on `dispatchDay`
 * (yyyy-MM-dd): deemed delivered `deliveryDays` working days later, then `windowDays`.
 */
export function lastDayToReturn(
  dispatchDay: string,
  deliveryDays: number,
  windowDays: number,
): string {
  return addDays(addWorkingDays(dispatchDay, deliveryDays), windowDays);
}

/** A line as returns see it. */
export interface ReturnLine {
  order_item_id: number;
  name: string;
  quantity: number;
  dispatched: number;
  refunded: number;
  /** Units in returns not refused. */
  returned: number;
  /** Units in returns not yet refunded nor refused (they are counted in `refunded` once refunded). */
  open: number;
  /** The line's parcels: when each left (UK day) and how many of the line it held. */
  parcels: readonly { day: string; quantity: number }[];
}

/**
 * Units of the line the customer may still return on `today`: units in parcels whose
 * window is open, less what is already being returned, refunded (other than through a
 * return) or not sent. A line sent in parcels on different days counts its returns
 * against the newest parcels first, in the customer's favour.
 */
export function returnableUnits(
  line: ReturnLine,
  today: string,
  rules: { deliveryDays: number; windowDays: number },
): number {
  const inWindow = line.parcels
    .filter((p) => today <= lastDayToReturn(p.day, rules.deliveryDays, rules.windowDays))
    .reduce((sum, p) => sum + p.quantity, 0);
  const kept = line.quantity - line.refunded - line.open;
  return Math.max(0, Math.min(inWindow, line.dispatched - line.returned, kept));
}

/** The last day a line's newest parcel may still be returned, or null if not sent. */
export function lineReturnBy(
  line: Pick<ReturnLine, 'parcels'>,
  rules: { deliveryDays: number; windowDays: number },
): string | null {
  const days = line.parcels.map((p) => p.day).sort();
  const newest = days[days.length - 1];
  return newest ? lastDayToReturn(newest, rules.deliveryDays, rules.windowDays) : null;
}

/**
 * Checks a requested return against the lines: every line named must be the order's,
 * asked once, and within what may be returned today. Answers the units per line, or
 * which lines may not be returned (return_not_allowed).
 */
export function checkReturn(
  lines: readonly ReturnLine[],
  requested: readonly { order_item_id: number; quantity: number }[],
  today: string,
  rules: { deliveryDays: number; windowDays: number },
):
  | { ok: true; items: { order_item_id: number; quantity: number }[] }
  | { ok: false; kind: 'unknown_line' | 'not_allowed'; lines: number[] } {
  const byId = new Map(lines.map((line) => [line.order_item_id, line]));
  const wanted = new Map<number, number>();
  for (const item of requested) {
    wanted.set(item.order_item_id, (wanted.get(item.order_item_id) ?? 0) + item.quantity);
  }
  const unknown = [...wanted.keys()].filter((id) => !byId.has(id));
  if (unknown.length > 0) return { ok: false, kind: 'unknown_line', lines: unknown };
  const refused = [...wanted].filter(
    ([id, quantity]) => quantity > returnableUnits(byId.get(id)!, today, rules),
  );
  if (refused.length > 0) {
    return { ok: false, kind: 'not_allowed', lines: refused.map(([id]) => id) };
  }
  return {
    ok: true,
    items: [...wanted]
      .filter(([, quantity]) => quantity > 0)
      .map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
  };
}
