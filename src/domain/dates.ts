import { isValid, lightFormat, parseISO } from 'date-fns';

/** Shown when a restock date is missing or invalid (spec section 9). */
export const DATE_TO_BE_CONFIRMED = 'To be confirmed';

/** A date as dd/MM/yyyy, or 'To be confirmed' when missing or invalid. */
export function formatShopDate(value: string | Date | null | undefined): string {
  if (!value) return DATE_TO_BE_CONFIRMED;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? lightFormat(date, 'dd/MM/yyyy') : DATE_TO_BE_CONFIRMED;
}
