import { z } from 'zod/mini';
import { ADDRESS_MAX_LENGTHS } from '../address-fields.ts';
import { isCountryCode } from '../countries.ts';
import { optionalText, requiredText } from './text.ts';

import { TITLES } from '../titles.ts';

export { TITLES, type Title } from '../titles.ts';

export {
  ADDRESS_FIELDS,
  ADDRESS_MAX_LENGTHS,
  compactPostcode,
  type AddressField,
} from '../address-fields.ts';

const selectOption = 'Please select an option';
const selectCountry = 'Please select your country';

/** A delivery or billing address with the spec's messages (section 5). */
export const addressSchema = z.object({
  title: z.enum(TITLES, { error: selectOption }),
  first_name: requiredText('Please enter your first name', ADDRESS_MAX_LENGTHS.first_name),
  last_name: requiredText('Please enter your last name', ADDRESS_MAX_LENGTHS.last_name),
  company_name: optionalText(ADDRESS_MAX_LENGTHS.company_name),
  line_1: requiredText('Please enter the first line of your address', ADDRESS_MAX_LENGTHS.line_1),
  line_2: optionalText(ADDRESS_MAX_LENGTHS.line_2),
  line_3: requiredText('Required', ADDRESS_MAX_LENGTHS.line_3),
  line_4: requiredText('Please enter the address county', ADDRESS_MAX_LENGTHS.line_4),
  postcode: requiredText('Please enter your postcode', ADDRESS_MAX_LENGTHS.postcode).check(
    z.toUpperCase(),
  ),
  country_code: z
    .string({ error: selectCountry })
    .check(z.trim(), z.toUpperCase(), z.refine(isCountryCode, selectCountry)),
  telephone: requiredText(
    'Please enter a phone number for us to contact you on if we have questions about your order.',
    ADDRESS_MAX_LENGTHS.telephone,
  ),
  mobile: optionalText(ADDRESS_MAX_LENGTHS.mobile),
});

/** A validated address, unprefixed. */
export type Address = z.output<typeof addressSchema>;

/** The address as the API returns it: the fields plus `full_name`. */
export type AddressView = Address & { full_name: string };

/** 'Mrs Ada Lovelace'. */
export function fullName(address: Pick<Address, 'title' | 'first_name' | 'last_name'>): string {
  return [address.title, address.first_name, address.last_name].filter(Boolean).join(' ');
}
