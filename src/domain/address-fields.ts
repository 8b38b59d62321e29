/**
 * The address field names, without their delivery_address_ / billing_address_ prefix:
 * the same list for the address schema, the address form and the pages that compare
 * two addresses. Its own module, free of zod, so a page that only reads addresses
 * (the thank-you page) does not pull the schema library into its chunks.
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
