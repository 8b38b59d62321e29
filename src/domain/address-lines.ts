/**
 * An address as the lines a shopper reads: name, company, street lines, town, county,
 * postcode and country name, skipping empty parts. The order summary, the account's
 * saved addresses, the saved-address picker, the thank-you page and the order
 * confirmation email all show addresses this way, and show a billing address only
 * when it differs from the delivery one.
 */
import { ADDRESS_FIELDS } from './address-fields.ts';
import type { AddressView } from './api/basket.ts';
import { countryName } from './countries.ts';

export function addressLines(address: AddressView): string[] {
  return [
    address.full_name,
    address.company_name,
    address.line_1,
    address.line_2,
    address.line_3,
    address.line_4,
    address.postcode,
    countryName(address.country_code),
  ]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
}

/** True when two addresses have the same fields (the names shown follow from them). */
export function sameAddressLines(a: AddressView, b: AddressView): boolean {
  return ADDRESS_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));
}
