/**
 * The shop's one date format, dd/MM/yyyy, for restock dates (YYYY-MM-DD) and order
 * dates (ISO instants). Written with Intl rather than date-fns so that the product
 * cards on the home page carry no date library (the home page's JavaScript budget,
 * ADR 009 and ADR 027).
 */

/** Shown when a restock date is missing or invalid (spec section 9). */
export const DATE_TO_BE_CONFIRMED = 'To be confirmed';

const SHOP_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** YYYY-MM-DD, optionally followed by a time: the ISO 8601 strings the API sends. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T.+)?$/;

/**
 * A calendar date is that day wherever the shopper is (Date alone would read it as UTC
 * midnight, the day before west of Greenwich); an instant is the shopper's local day.
 */
function parseIsoDate(value: string): Date {
  const parts = ISO_DATE.exec(value);
  if (!parts) return new Date(Number.NaN);
  if (parts[4]) return new Date(value);
  const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
  const date = new Date(0);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  // 2027-02-31 is no date, though Date would roll it over into March.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : new Date(Number.NaN);
}

/** A date as dd/MM/yyyy, or 'To be confirmed' when missing or invalid. */
export function formatShopDate(value: string | Date | null | undefined): string {
  if (!value) return DATE_TO_BE_CONFIRMED;
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  return Number.isNaN(date.getTime()) ? DATE_TO_BE_CONFIRMED : SHOP_DATE.format(date);
}
