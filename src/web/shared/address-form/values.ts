/**
 * The address form's values and how they meet the API: every field is a string while
 * edited; the payload carries the validated address under the form's prefix
 * (delivery_address_ or billing_address_), and server errors keyed by prefixed names
 * come back to the unprefixed fields.
 */
import type { SavedAddressView } from '../../../domain/api/user.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import {
  ADDRESS_FIELDS,
  compactPostcode,
  type AddressField,
} from '../../../domain/address-fields.ts';
import type { Address } from '../../../domain/schemas/address.ts';
import { addressLines } from '../../../domain/address-lines.ts';

export type AddressPrefix = 'delivery_address_' | 'billing_address_';

/** The address form's values: one string per field ('' for empty). */
export type AddressFormValues = Record<AddressField, string>;

/** Which default of a saved address applies: the delivery or the billing form's. */
export type AddressType = 'delivery' | 'billing';

/** The fields a lookup or the manual entry fills (the shopper's names and phones aside). */
export const ADDRESS_PART_FIELDS = [
  'company_name',
  'line_1',
  'line_2',
  'line_3',
  'line_4',
  'postcode',
  'country_code',
] as const satisfies readonly AddressField[];

/** A new form: every field empty, the country the UK (the shop's usual case). */
export const EMPTY_ADDRESS: AddressFormValues = {
  title: '',
  first_name: '',
  last_name: '',
  company_name: '',
  line_1: '',
  line_2: '',
  line_3: '',
  line_4: '',
  postcode: '',
  country_code: 'GBR',
  telephone: '',
  mobile: '',
};

/** Form values from a stored or partial address (nulls and missing fields become ''). */
export function toFormValues(
  address: Partial<Record<AddressField, string | null | undefined>> | null | undefined,
): AddressFormValues {
  const values = { ...EMPTY_ADDRESS };
  if (!address) return values;
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (value != null && value !== '') values[field] = value;
  }
  return values;
}

/** Just the address part of `values` (a lookup leaves the names and phones alone). */
export function addressPart(values: AddressFormValues): Partial<AddressFormValues> {
  return Object.fromEntries(ADDRESS_PART_FIELDS.map((field) => [field, values[field]]));
}

/** True when the address part holds something beyond the default country. */
export function hasAddressValues(values: AddressFormValues): boolean {
  return ADDRESS_PART_FIELDS.some(
    (field) => field !== 'country_code' && values[field].trim() !== '',
  );
}

/** The PUT /basket/details fields for a validated address. */
export function addressPayload(
  address: Address,
  prefix: AddressPrefix,
): Record<string, string | null> {
  const payload: Record<string, string | null> = {};
  for (const field of ADDRESS_FIELDS) payload[`${prefix}${field}`] = address[field];
  return payload;
}

/**
 * A server's per-field messages for this form's fields (prefixed or not), first
 * message each; `others` holds messages for fields the form does not have.
 */
export function serverFieldErrors(
  errors: FieldErrors,
  prefix: AddressPrefix,
): { fields: Partial<Record<AddressField, string>>; others: string[] } {
  const fields: Partial<Record<AddressField, string>> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = key.startsWith(prefix) ? key.slice(prefix.length) : key;
    if ((ADDRESS_FIELDS as readonly string[]).includes(name)) {
      fields[name as AddressField] ??= message;
    } else {
      others.push(message);
    }
  }
  return { fields, others };
}

/** A saved address as one line: its parts comma-joined, ending with the country name. */
export function savedAddressRow(address: SavedAddressView): string {
  return addressLines(address).join(', ');
}

const comparable = (field: AddressField, value: string | null | undefined): string => {
  const text = (value ?? '').trim();
  if (field === 'postcode') return compactPostcode(text);
  if (field === 'country_code') return text.toUpperCase();
  return text.toLowerCase();
};

/** The saved address whose every field equals the form's (case and spacing aside). */
export function matchSavedAddress(
  saved: readonly SavedAddressView[],
  values: AddressFormValues,
): SavedAddressView | undefined {
  return saved.find((address) =>
    ADDRESS_FIELDS.every(
      (field) => comparable(field, address[field]) === comparable(field, values[field]),
    ),
  );
}

/**
 * The saved address to select (spec section 4): the one matching the form's values;
 * with no address values, the default for the address type, else the first one.
 * Undefined when the form holds an address that is not saved.
 */
export function autoSelectSavedAddress(
  saved: readonly SavedAddressView[],
  values: AddressFormValues,
  type: AddressType,
): SavedAddressView | undefined {
  const match = matchSavedAddress(saved, values);
  if (match || hasAddressValues(values)) return match;
  const isDefault = (address: SavedAddressView) =>
    type === 'delivery' ? address.default_delivery : address.default_billing;
  return saved.find(isDefault) ?? saved[0];
}

/** True when two addresses have every field equal (case and spacing aside). */
export function sameAddress(
  a: Partial<Record<AddressField, string | null | undefined>> | null | undefined,
  b: Partial<Record<AddressField, string | null | undefined>> | null | undefined,
): boolean {
  if (!a || !b) return false;
  return ADDRESS_FIELDS.every(
    (field) => comparable(field, a[field]) === comparable(field, b[field]),
  );
}
