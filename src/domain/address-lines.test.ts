import { describe, expect, it } from 'vitest';
import { addressLines, sameAddressLines } from './address-lines.ts';
import type { AddressView } from './api/basket.ts';

const address: AddressView = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Mrs Ada Lovelace',
  company_name: null,
  line_1: '10 Downing Street',
  line_2: '  ',
  line_3: 'London',
  line_4: '',
  postcode: 'SW1A 2AA',
  country_code: 'GBR',
  telephone: '02079460000',
  mobile: null,
};

describe('addressLines', () => {
  it('lists the parts a shopper reads, with the country by name and empty parts left out', () => {
    expect(addressLines(address)).toEqual([
      'Mrs Ada Lovelace',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
      'United Kingdom',
    ]);
  });
});

describe('sameAddressLines', () => {
  it('treats a missing and an empty field alike, and any other difference as a different address', () => {
    expect(sameAddressLines(address, { ...address, company_name: '' })).toBe(true);
    expect(sameAddressLines(address, { ...address, postcode: 'SW1A 1AA' })).toBe(false);
  });
});
