import { describe, expect, it } from 'vitest';
import { savedAddress } from './testing.ts';
import {
  autoSelectSavedAddress,
  EMPTY_ADDRESS,
  matchSavedAddress,
  savedAddressRow,
  serverFieldErrors,
  toFormValues,
} from './values.ts';

const HOME = savedAddress({ default_delivery: false, default_billing: true });
const WORK = savedAddress({
  id: 2,
  company_name: 'Analytical Engines Ltd',
  line_1: '41 Tanner Row',
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SE1 9QX',
  default_delivery: true,
  default_billing: false,
});

describe('autoSelectSavedAddress', () => {
  it('selects the saved address matching the form, ignoring case and postcode spacing', () => {
    const values = toFormValues({ ...HOME, line_1: '12 ORCHARD LANE ', postcode: 'hg12ab' });
    expect(autoSelectSavedAddress([WORK, HOME], values, 'delivery')?.id).toBe(HOME.id);
  });

  it('selects nothing for an address that is not saved', () => {
    const values = toFormValues({ ...HOME, line_1: '14 Orchard Lane' });
    expect(autoSelectSavedAddress([WORK, HOME], values, 'delivery')).toBeUndefined();
  });

  it('with no address values, picks the default for the address type', () => {
    const names = { ...EMPTY_ADDRESS, first_name: 'Ada' };
    expect(autoSelectSavedAddress([HOME, WORK], names, 'delivery')?.id).toBe(WORK.id);
    expect(autoSelectSavedAddress([WORK, HOME], names, 'billing')?.id).toBe(HOME.id);
  });

  it('with no default for the type, picks the first saved address', () => {
    const noDefaults = [WORK, HOME].map((address) => ({
      ...address,
      default_delivery: false,
      default_billing: false,
    }));
    expect(autoSelectSavedAddress(noDefaults, EMPTY_ADDRESS, 'delivery')?.id).toBe(WORK.id);
    expect(autoSelectSavedAddress([], EMPTY_ADDRESS, 'delivery')).toBeUndefined();
  });

  it('does not match when any field differs, optional ones included', () => {
    expect(matchSavedAddress([HOME], toFormValues({ ...HOME, mobile: '07700 900000' }))).toBe(
      undefined,
    );
  });
});

describe('serverFieldErrors', () => {
  it('maps prefixed and plain keys to the form’s fields and keeps the rest apart', () => {
    expect(
      serverFieldErrors(
        {
          delivery_address_line_1: ['Please enter the first line of your address'],
          postcode: ['Please enter your postcode'],
          email_address: ['This must be an email address'],
        },
        'delivery_address_',
      ),
    ).toEqual({
      fields: {
        line_1: 'Please enter the first line of your address',
        postcode: 'Please enter your postcode',
      },
      others: ['This must be an email address'],
    });
  });

  it('does not take the other address’s errors', () => {
    const { fields, others } = serverFieldErrors(
      { billing_address_line_1: ['Please enter the first line of your address'] },
      'delivery_address_',
    );
    expect(fields).toEqual({});
    expect(others).toEqual(['Please enter the first line of your address']);
  });
});

describe('savedAddressRow', () => {
  it('joins the parts with commas, skipping empty ones, ending with the country name', () => {
    expect(savedAddressRow(WORK)).toBe(
      'Mrs Ada Lovelace, Analytical Engines Ltd, 41 Tanner Row, London, Greater London, SE1 9QX, United Kingdom',
    );
    expect(savedAddressRow({ ...HOME, country_code: 'FRA', line_4: '' })).toBe(
      'Mrs Ada Lovelace, 12 Orchard Lane, Harrogate, HG1 2AB, France',
    );
  });
});
