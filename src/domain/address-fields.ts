/**
 * The address field names, without their delivery_address_ / billing_address_ prefix:
 * the same list for the address schema, the address form and the pages that compare
 * two addresses, with the fields' lengths and the postcode comparison. Its own module,
 * free of zod, so a page that only reads addresses (the thank-you page), or shows the
 * address form before its validation has loaded (ADR 079), does not pull the schema
 * library into its first download.
 */
export const ADDRESS_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'company_name',
  'line_1',
  'line_2',
  'line_3',
  'line_4',
  'postcode',
  'country_code',
  'telephone',
  'mobile',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Maximum lengths of the address inputs. */
export const ADDRESS_MAX_LENGTHS: Record<AddressField, number> = {
  title: 4,
  first_name: 50,
  last_name: 50,
  company_name: 100,
  line_1: 100,
  line_2: 100,
  line_3: 60,
  line_4: 60,
  postcode: 10,
  country_code: 3,
  telephone: 20,
  mobile: 20,
};

/** Normalises a UK-style postcode for matching: upper case, no spaces. */
export function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}
