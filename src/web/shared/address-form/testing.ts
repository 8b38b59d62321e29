/** Lookup replies and saved addresses for the address form's component tests. */
import type { PostcoderAddress } from '../../../domain/address-lookup.ts';
import type { SavedAddressView } from '../../../domain/api/user.ts';
import type { ApiHandler } from '../../testing/render.tsx';

export const LOOKUP_BASE = '/api/v1/test-mode/postcoder';
export const LOOKUP_IDENTIFIER = 'everbloom-test';

/** GET /api/v1/config in test mode. */
export const LOOKUP_CONFIG: ApiHandler = () => ({
  body: {
    data: {
      captcha: { mode: 'test', site_key: null },
      address_lookup: { mode: 'test', base_url: LOOKUP_BASE, identifier: LOOKUP_IDENTIFIER },
    },
  },
});

/** The handler key for a lookup of `postcode` ('HG1 2AB'). */
export const lookupKey = (postcode: string) =>
  `GET ${LOOKUP_BASE}/address/UK/${encodeURIComponent(postcode)}`;

/** Two of Harrogate's HG1 2AB addresses as Postcoder gives them with lines=4. */
export const HG1_2AB: Partial<PostcoderAddress>[] = [
  {
    summaryline: '12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    number: '12',
    street: 'Orchard Lane',
    addressline1: '12 Orchard Lane',
    posttown: 'Harrogate',
    county: 'North Yorkshire',
    postcode: 'HG1 2AB',
  },
  {
    summaryline:
      'Orchard Lane Dental Practice, 14 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    organisation: 'Orchard Lane Dental Practice',
    number: '14',
    street: 'Orchard Lane',
    addressline1: 'Orchard Lane Dental Practice',
    addressline2: '14 Orchard Lane',
    posttown: 'Harrogate',
    county: 'North Yorkshire',
    postcode: 'HG1 2AB',
  },
];

/** A saved address; defaults to Ada's home in Harrogate, her default for both. */
export function savedAddress(overrides: Partial<SavedAddressView> = {}): SavedAddressView {
  const address: SavedAddressView = {
    id: 1,
    title: 'Mrs',
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Mrs Ada Lovelace',
    company_name: null,
    line_1: '12 Orchard Lane',
    line_2: null,
    line_3: 'Harrogate',
    line_4: 'North Yorkshire',
    postcode: 'HG1 2AB',
    country_code: 'GBR',
    telephone: '01423 496000',
    mobile: null,
    default_delivery: true,
    default_billing: true,
    ...overrides,
  };
  return address;
}
