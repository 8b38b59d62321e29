import { describe, expect, it } from 'vitest';
import {
  lookupResultLabel,
  lookupResultToAddress,
  lookupUrl,
  nextLookupPage,
  normaliseUkPostcode,
  type PostcoderAddress,
} from './address-lookup.ts';
import { parseLookupReply } from './address-lookup-reply.ts';
import { addressSchema } from './schemas/address.ts';

/** A result as Postcoder returns it with lines=4 (the shape of its documented examples). */
function result(fields: Record<string, string>): PostcoderAddress {
  const [parsed] = parseLookupReply([fields]) ?? [];
  if (!parsed) throw new Error('unparsed');
  return parsed;
}

describe('lookupResultToAddress', () => {
  it('puts a house on line 1, the town on line 3 and the county on line 4, in GBR', () => {
    const house = result({
      addressline1: '12 Orchard Lane',
      summaryline: '12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
      number: '12',
      premise: '12',
      street: 'Orchard Lane',
      posttown: 'Harrogate',
      county: 'North Yorkshire',
      postcode: 'HG1 2AB',
    });
    expect(lookupResultToAddress(house)).toEqual({
      company_name: null,
      line_1: '12 Orchard Lane',
      line_2: null,
      line_3: 'Harrogate',
      line_4: 'North Yorkshire',
      postcode: 'HG1 2AB',
      country_code: 'GBR',
    });
  });

  it('with an organisation, takes addressline2 and addressline3, the organisation as company', () => {
    const office = result({
      addressline1: 'Hollis & Marsh Architects',
      addressline2: 'Wren Court',
      addressline3: '45 Tanner Row',
      organisation: 'Hollis & Marsh Architects',
      buildingname: 'Wren Court',
      number: '45',
      street: 'Tanner Row',
      posttown: 'London',
      county: 'Greater London',
      postcode: 'SE1 9QX',
    });
    expect(lookupResultToAddress(office)).toMatchObject({
      company_name: 'Hollis & Marsh Architects',
      line_1: 'Wren Court',
      line_2: '45 Tanner Row',
    });
  });

  it('without an organisation, takes addressline1 and addressline2', () => {
    const flat = result({
      addressline1: 'Flat 1',
      addressline2: '43 Tanner Row',
      subbuildingname: 'Flat 1',
      posttown: 'London',
      county: 'Greater London',
      postcode: 'SE1 9QX',
    });
    expect(lookupResultToAddress(flat)).toMatchObject({
      company_name: null,
      line_1: 'Flat 1',
      line_2: '43 Tanner Row',
    });
  });

  it('appends nothing: a further line stays out of line 2', () => {
    const office = result({
      addressline1: 'Hollis & Marsh Architects',
      addressline2: 'Flat 3',
      addressline3: 'Wren Court',
      addressline4: '45 Tanner Row',
      organisation: 'Hollis & Marsh Architects',
      posttown: 'London',
      county: 'Greater London',
      postcode: 'SE1 9QX',
    });
    expect(lookupResultToAddress(office)).toMatchObject({
      company_name: 'Hollis & Marsh Architects',
      line_1: 'Flat 3',
      line_2: 'Wren Court',
    });
    const flat = result({
      addressline1: 'Flat 3',
      addressline2: 'Wren Court',
      addressline3: '45 Tanner Row',
      addressline4: 'Bermondsey',
      posttown: 'London',
      postcode: 'SE1 9QX',
    });
    expect(lookupResultToAddress(flat)).toMatchObject({ line_1: 'Flat 3', line_2: 'Wren Court' });
  });

  it('with an organisation, reads addressline2 even when addressline1 holds more', () => {
    const folded = result({
      addressline1: 'Medina Garden Supplies, 7 Carisbrooke Mews',
      organisation: 'Medina Garden Supplies',
      posttown: 'Newport',
      county: 'Isle of Wight',
      postcode: 'PO30 1QT',
    });
    // The shopper is asked for line 1 (a required field) rather than given a guess.
    expect(lookupResultToAddress(folded)).toMatchObject({
      company_name: 'Medina Garden Supplies',
      line_1: '',
      line_2: null,
    });
  });

  it('leaves the county empty when there is none, for the shopper to fill', () => {
    const noCounty = result({
      addressline1: '1 High Street',
      posttown: 'Leeds',
      postcode: 'LS1 1AA',
    });
    expect(lookupResultToAddress(noCounty).line_4).toBe('');
  });

  it('gives fields the address form accepts once the shopper adds name and telephone', () => {
    const address = lookupResultToAddress(
      result({
        addressline1: 'Thistle & Fern Florists',
        addressline2: '24 Gilmour Terrace',
        organisation: 'Thistle & Fern Florists',
        posttown: 'Edinburgh',
        county: 'Midlothian',
        postcode: 'eh3 9qf',
      }),
    );
    const parsed = addressSchema.safeParse({
      ...address,
      title: 'Ms',
      first_name: 'Isla',
      last_name: 'Reid',
      telephone: '0131 496 0000',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ postcode: 'EH3 9QF', country_code: 'GBR' });
  });
});

describe('parseLookupReply', () => {
  it('reads an array of results, tolerating missing and odd fields, ignoring others', () => {
    const results = parseLookupReply([
      { addressline1: '2 Haaf Lane', posttown: 'Shetland', postcode: 'ZE1 0QJ', udprn: '123' },
      { addressline1: 7, posttown: null },
      'not an address',
      { summaryline: 'Last', morevalues: 'true', nextpage: '1', totalresults: '150' },
    ]);
    expect(results).toHaveLength(3);
    expect(results?.[0]).toMatchObject({ addressline1: '2 Haaf Lane', summaryline: '' });
    expect(results?.[0]).not.toHaveProperty('udprn');
    expect(results?.[1]).toMatchObject({ addressline1: undefined, posttown: '' });
    expect(results?.[2]).toMatchObject({ morevalues: 'true', nextpage: '1' });
  });

  it('gives null for a reply that is not an array (an error body)', () => {
    expect(parseLookupReply({ error_type: 'bad_request' })).toBeNull();
    expect(parseLookupReply(null)).toBeNull();
    expect(parseLookupReply([])).toEqual([]);
  });
});

describe('lookupResultLabel', () => {
  it('is the summary line, or the lines, town, county and postcode without one', () => {
    expect(
      lookupResultLabel(
        result({ summaryline: '31 Malone Grove, Belfast, County Antrim, BT9 6QZ' }),
      ),
    ).toBe('31 Malone Grove, Belfast, County Antrim, BT9 6QZ');
    expect(
      lookupResultLabel(
        result({ addressline1: '31 Malone Grove', posttown: 'Belfast', postcode: 'BT9 6QZ' }),
      ),
    ).toBe('31 Malone Grove, Belfast, BT9 6QZ');
  });
});

describe('normaliseUkPostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    ['  nr14   7pz ', 'NR14 7PZ'],
    ['M1 1AE', 'M1 1AE'],
    ['B338TH', 'B33 8TH'],
    ['cr26xh', 'CR2 6XH'],
    ['BT9 6QZ', 'BT9 6QZ'],
    ['ec1a 1bb', 'EC1A 1BB'],
    ['GIR 0AA', 'GIR 0AA'],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each(['', '   ', 'hello', 'NR14', '12345', 'NR14 7P', 'NR14 7PZZ', 'GIR 1AA', '<script>'])(
    'is null for %j, which cannot be a postcode',
    (input) => {
      expect(normaliseUkPostcode(input)).toBeNull();
    },
  );
});

describe('lookupUrl', () => {
  it('is the spec’s path and query on Postcoder’s base', () => {
    expect(
      lookupUrl(
        'https://ws.postcoder.com/pcw/PCW45-12345-12345-1234X',
        'NR14 7PZ',
        'Everbloom checkout',
      ),
    ).toBe(
      'https://ws.postcoder.com/pcw/PCW45-12345-12345-1234X/address/UK/NR14%207PZ?format=json&lines=4&identifier=Everbloom%20checkout',
    );
  });

  it('works on the shop’s own test-mode path, with or without a trailing slash', () => {
    expect(lookupUrl('/api/v1/test-mode/postcoder/', 'IV2 4QW', 'web')).toBe(
      '/api/v1/test-mode/postcoder/address/UK/IV2%204QW?format=json&lines=4&identifier=web',
    );
  });

  it('asks for a later page with Postcoder’s page parameter', () => {
    expect(lookupUrl('/base', 'IV2 4QW', 'web', 2)).toBe(
      '/base/address/UK/IV2%204QW?format=json&lines=4&identifier=web&page=2',
    );
    expect(lookupUrl('/base', 'IV2 4QW', 'web', 0)).toBe(
      '/base/address/UK/IV2%204QW?format=json&lines=4&identifier=web',
    );
  });

  it('encodes whatever it is given, so nothing escapes the path', () => {
    expect(lookupUrl('/base', 'a/../b?x', 'a&b')).toBe(
      '/base/address/UK/a%2F..%2Fb%3Fx?format=json&lines=4&identifier=a%26b',
    );
  });
});

describe('nextLookupPage', () => {
  const page = (last: Record<string, unknown>) =>
    parseLookupReply([{ summaryline: 'a' }, { summaryline: 'b', ...last }]) ?? [];

  it('is the next page Postcoder names on a page’s last result, as a string or a number', () => {
    expect(nextLookupPage(page({ morevalues: 'true', nextpage: '1', totalresults: '150' }))).toBe(
      1,
    );
    expect(nextLookupPage(page({ morevalues: true, nextpage: 3 }))).toBe(3);
  });

  it('is null on the last page, an empty one, or a page that names no usable next page', () => {
    expect(nextLookupPage(page({}))).toBeNull();
    expect(nextLookupPage([])).toBeNull();
    expect(nextLookupPage(page({ morevalues: 'false', nextpage: '1' }))).toBeNull();
    expect(nextLookupPage(page({ morevalues: 'true' }))).toBeNull();
    expect(nextLookupPage(page({ morevalues: 'true', nextpage: 'two' }))).toBeNull();
  });
});
