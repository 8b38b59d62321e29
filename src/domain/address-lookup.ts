/**
 * UK postcode lookup (spec sections 3, 7 and 9): the request the browser sends to the
 * lookup service (Postcoder, or the shop's test-mode stand-in), the part of Postcoder's
 * reply the shop reads, and how one result fills the shop's address fields. Reading the
 * reply (with zod) is address-lookup-reply.ts, which the browser loads only to search.
 */
import type { PostcoderAddress } from './address-lookup-reply.ts';
import type { Address } from './schemas/address.ts';

export type { PostcoderAddress };

/**
 * GET /api/v1/config's `data.address_lookup`: where the browser sends lookups. It does
 * not change while the shop runs.
 */
export interface AddressLookupConfig {
  /** 'postcoder': Postcoder itself; 'test': the shop's stand-in with bundled addresses. */
  mode: 'postcoder' | 'test';
  /**
   * The base for lookupUrl: `https://ws.postcoder.com/pcw/{key}`, or a path on the
   * shop's own origin (`/api/v1/test-mode/postcoder`).
   */
  base_url: string;
  /** Postcoder's `identifier` query parameter, to send with every lookup. */
  identifier: string;
}

/** Shown when a lookup finds nothing, fails, or the postcode is not one (spec section 8). */
export const POSTCODE_NOT_FOUND_MESSAGE =
  'Postcode not found, please try another or enter your address manually.';

/** Shown when the lookup form is submitted before an address was chosen (spec section 5). */
export const SELECT_ADDRESS_MESSAGE = 'Please enter your postcode and select your address';

/** The lookup asks for 4 address lines, country UK, as JSON (spec section 9). */
export const LOOKUP_LINES = 4;
export const LOOKUP_COUNTRY = 'UK';

/** Lookup results always set the country to the UK (spec section 3). */
export const LOOKUP_COUNTRY_CODE = 'GBR';

/**
 * Postcoder's `lines` limits (1–9). Fields it leaves empty are absent from a result,
 * never empty strings.
 */
export const MAX_ADDRESS_LINES = 9;

/** The address lines of a result, in order, without gaps. */
export function addressLines(result: PostcoderAddress): string[] {
  const lines = [
    result.addressline1,
    result.addressline2,
    result.addressline3,
    result.addressline4,
    result.addressline5,
    result.addressline6,
    result.addressline7,
    result.addressline8,
    result.addressline9,
  ];
  return lines.map((line) => line?.trim() ?? '').filter(Boolean);
}

/** The address fields a lookup result fills; the shopper adds names and telephone. */
export type LookupAddress = Pick<
  Address,
  'company_name' | 'line_1' | 'line_2' | 'line_3' | 'line_4' | 'postcode' | 'country_code'
>;

/**
 * The shop's address fields for one lookup result, as spec section 3 words it:
 * - when an organisation is present, line_1 takes addressline2 and line_2 takes
 *   addressline3 (Postcoder puts the organisation alone on addressline1), and the
 *   organisation becomes company_name (so it is not lost);
 * - otherwise line_1 takes addressline1 and line_2 addressline2;
 * - nothing else is appended: a further line stays out, and the shopper sees the
 *   filled-in fields before saving (ADR 045);
 * - line_3 is the post town, line_4 the county ('' when Postcoder has none: the
 *   shopper is asked for it), the postcode as given, and the country always GBR.
 */
export function lookupResultToAddress(result: PostcoderAddress): LookupAddress {
  const organisation = result.organisation?.trim() || null;
  const line = (value: string | undefined) => value?.trim() || null;
  const [first, second] = organisation
    ? [result.addressline2, result.addressline3]
    : [result.addressline1, result.addressline2];
  return {
    company_name: organisation,
    line_1: line(first) ?? '',
    line_2: line(second),
    line_3: result.posttown.trim(),
    line_4: result.county?.trim() ?? '',
    postcode: result.postcode.trim().toUpperCase(),
    country_code: LOOKUP_COUNTRY_CODE,
  };
}

/** The text of a result in the 'Select your address' list. */
export function lookupResultLabel(result: PostcoderAddress): string {
  return (
    result.summaryline.trim() ||
    [...addressLines(result), result.posttown, result.county, result.postcode]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ')
  );
}

/**
 * A UK postcode, loosely: outward code (area letters, district digit(s), optional
 * letter or digit) and inward code (digit, two letters), with or without the space.
 * Also Girobank's GIR 0AA. Only the shape is checked; whether it exists is the
 * lookup's job.
 */
const UK_POSTCODE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?|GIR)([0-9][A-Z]{2})$/;

/**
 * The postcode as the lookup expects it ('sw1a1aa ' → 'SW1A 1AA'), or null when the
 * text cannot be a UK postcode (the browser then shows 'Postcode not found…' without
 * asking the lookup service).
 */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const match = UK_POSTCODE.exec(compact);
  if (!match || (compact.startsWith('GIR') && compact !== 'GIR0AA')) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The lookup URL for `postcode` (spec section 7):
 * `{base}/address/UK/{postcode}?format=json&lines=4&identifier={identifier}`, plus
 * `&page={page}` for a page after the first (`nextLookupPage`).
 * `base` is GET /api/v1/config's `address_lookup.base_url`: Postcoder's
 * `https://ws.postcoder.com/pcw/{key}`, or the shop's own test-mode path (same origin).
 * The postcode and identifier are URL-encoded ('NR14 7PZ' → 'NR14%207PZ').
 */
export function lookupUrl(
  base: string,
  postcode: string,
  identifier: string,
  page?: number,
): string {
  // encodeURIComponent, not URLSearchParams: a space is %20 in both path and query.
  let query = `format=json&lines=${LOOKUP_LINES}&identifier=${encodeURIComponent(identifier)}`;
  if (page !== undefined && page > 0) query += `&page=${page}`;
  const root = base.replace(/\/+$/, '');
  return `${root}/address/${LOOKUP_COUNTRY}/${encodeURIComponent(postcode.trim())}?${query}`;
}

/**
 * The most pages of one search the browser follows: Postcoder pages by 100, and no
 * postcode holds more than a few hundred addresses, so this only stops a service that
 * never says it has finished.
 */
export const MAX_LOOKUP_PAGES = 10;

/**
 * The page to ask for after `results`, or null when they are the last: Postcoder marks
 * a page with more after it on its last result (`morevalues` true, `nextpage` the number
 * for the `page` parameter; both may come as strings).
 */
export function nextLookupPage(results: readonly PostcoderAddress[]): number | null {
  const last = results.at(-1);
  if (!last || (last.morevalues !== true && last.morevalues !== 'true')) return null;
  const next = Number(last.nextpage);
  return Number.isInteger(next) && next > 0 ? next : null;
}
