import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupResultToAddress } from '../../../domain/address-lookup.ts';
import { parseLookupReply } from '../../../domain/address-lookup-reply.ts';
import { matchDeliveryZone } from '../../../domain/delivery-zones.ts';
import { addressSchema, compactPostcode } from '../../../domain/schemas/address.ts';
import { demoZones } from '../../db/seed/demo-delivery.ts';
import { TEST_POSTCODES } from './test-addresses.ts';
import { foldLines, registerTestModePostcoder, TEST_MODE_LOOKUP_BASE } from './test-mode.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerTestModePostcoder(app);
  await app.ready();
});
afterAll(() => app.close());

async function get(path: string) {
  const response = await app.inject({ url: `${TEST_MODE_LOOKUP_BASE}${path}` });
  return { status: response.statusCode, body: response.json<unknown>() };
}

describe('the bundled addresses', () => {
  const zoneRules = demoZones.flatMap((zone) =>
    zone.rules.map((rule) => ({ zoneId: zone.id, ...rule })),
  );

  it('span England, Scotland, Wales, Northern Ireland and Jersey, with every UK zone', () => {
    const areas = new Set(TEST_POSTCODES.map((area) => /^[A-Z]+/.exec(area.postcode)?.[0]));
    for (const area of ['SE', 'EH', 'IV', 'ZE', 'CF', 'SY', 'BT', 'JE'])
      expect(areas).toContain(area);
    expect(new Set(TEST_POSTCODES.map((area) => area.zone))).toEqual(
      new Set(['uk-mainland', 'uk-highlands-islands', 'northern-ireland', 'channel-islands']),
    );
  });

  it.each(TEST_POSTCODES.map((area) => [area.postcode, area.zone, area] as const))(
    '%s falls in the %s delivery zone, with 3 to 8 distinct addresses',
    (postcode, zone, area) => {
      expect(matchDeliveryZone(zoneRules, { country_code: 'GBR', postcode })).toBe(zone);
      expect(area.addresses.length).toBeGreaterThanOrEqual(3);
      expect(area.addresses.length).toBeLessThanOrEqual(8);
      const keys = area.addresses.map((address) => JSON.stringify(address));
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it('include organisations and flats', () => {
    const all = TEST_POSTCODES.flatMap((area) => area.addresses);
    expect(all.filter((address) => address.organisation).length).toBeGreaterThan(5);
    expect(all.filter((address) => address.subbuildingname).length).toBeGreaterThan(5);
    expect(new Set(TEST_POSTCODES.map((area) => compactPostcode(area.postcode))).size).toBe(
      TEST_POSTCODES.length,
    );
  });

  it('each fill an address the checkout accepts', async () => {
    for (const area of TEST_POSTCODES) {
      const { body } = await get(`/address/UK/${encodeURIComponent(area.postcode)}?lines=4`);
      for (const result of parseLookupReply(body) ?? []) {
        const parsed = addressSchema.safeParse({
          ...lookupResultToAddress(result),
          title: 'Mr',
          first_name: 'Test',
          last_name: 'Shopper',
          telephone: '01632 960000',
        });
        expect(parsed.error, result.summaryline).toBeUndefined();
      }
    }
  });
});

describe('the test-mode lookup', () => {
  it('answers in Postcoder’s shape, organisation on line 1 alone', async () => {
    const { status, body } = await get('/address/UK/SE1%209QX?format=json&lines=4&identifier=x');
    expect(status).toBe(200);
    expect(body).toContainEqual({
      addressline1: 'Hollis & Marsh Architects',
      addressline2: 'Flat 3',
      addressline3: 'Wren Court',
      addressline4: '45 Tanner Row',
      summaryline:
        'Hollis & Marsh Architects, Flat 3, Wren Court, 45 Tanner Row, London, Greater London, SE1 9QX',
      organisation: 'Hollis & Marsh Architects',
      subbuildingname: 'Flat 3',
      buildingname: 'Wren Court',
      number: '45',
      premise: 'Flat 3, Wren Court, 45',
      street: 'Tanner Row',
      posttown: 'London',
      county: 'Greater London',
      postcode: 'SE1 9QX',
    });
    expect(body).toContainEqual({
      addressline1: 'Flat A',
      addressline2: '43 Tanner Row',
      summaryline: 'Flat A, 43 Tanner Row, London, Greater London, SE1 9QX',
      subbuildingname: 'Flat A',
      number: '43',
      premise: 'Flat A, 43',
      street: 'Tanner Row',
      posttown: 'London',
      county: 'Greater London',
      postcode: 'SE1 9QX',
    });
  });

  it('maps an organisation’s address by the spec’s rule', async () => {
    const { body } = await get('/address/UK/BT96QZ?format=json&lines=4');
    const studio = parseLookupReply(body)?.find((result) => result.organisation);
    expect(studio && lookupResultToAddress(studio)).toEqual({
      company_name: 'Linen Quarter Studio',
      line_1: '35 Malone Grove',
      line_2: null,
      line_3: 'Belfast',
      line_4: 'County Antrim',
      postcode: 'BT9 6QZ',
      country_code: 'GBR',
    });
  });

  it('matches postcodes in any case and spacing, and UK as uk or GB', async () => {
    const canonical = await get('/address/UK/IV2%204QW?lines=4');
    expect((canonical.body as unknown[]).length).toBe(4);
    expect(await get('/address/uk/iv24qw?lines=4')).toEqual(canonical);
    expect(await get('/address/GB/%20iv2%20%204qw%20?lines=4')).toEqual(canonical);
  });

  it('answers 200 [] for an unknown postcode, a street name, or another country', async () => {
    expect(await get('/address/UK/SW1A%201AA?lines=4')).toEqual({ status: 200, body: [] });
    expect(await get('/address/UK/Tanner%20Row?lines=4')).toEqual({ status: 200, body: [] });
    expect(await get('/address/IE/SE1%209QX?lines=4')).toEqual({ status: 200, body: [] });
  });

  it('refuses a term with nothing to search, bad lines, XML or a bad country with 400', async () => {
    for (const path of [
      '/address/UK/%20%20?lines=4',
      '/address/UK/---?lines=4',
      '/address/UK/SE1%209QX?lines=0',
      '/address/UK/SE1%209QX?lines=10',
      '/address/UK/SE1%209QX?lines=four',
      '/address/UK/SE1%209QX?format=xml',
      '/address/GBR/SE1%209QX',
    ]) {
      expect(await get(path), path).toEqual({
        status: 400,
        body: { error_type: 'bad_request', message: expect.any(String) },
      });
    }
  });

  it('folds an address into fewer lines, and gives one part a line when lines is absent', async () => {
    const lines = async (query: string) => {
      const { body } = await get(`/address/UK/SE19QX${query}`);
      const office = (body as Record<string, string>[]).find(
        (result) => result.organisation === 'Hollis & Marsh Architects',
      );
      return Object.entries(office ?? {}).filter(([name]) => name.startsWith('addressline'));
    };
    expect(await lines('?lines=2')).toEqual([
      ['addressline1', 'Hollis & Marsh Architects, Flat 3'],
      ['addressline2', 'Wren Court, 45 Tanner Row'],
    ]);
    expect(await lines('?lines=1')).toEqual([
      ['addressline1', 'Hollis & Marsh Architects, Flat 3, Wren Court, 45 Tanner Row'],
    ]);
    expect(await lines('')).toEqual([
      ['addressline1', 'Hollis & Marsh Architects'],
      ['addressline2', 'Flat 3'],
      ['addressline3', 'Wren Court'],
      ['addressline4', '45 Tanner Row'],
    ]);
  });
});

describe('foldLines', () => {
  const parts = ['Org', 'Flat 3', 'Wren Court', '45 Tanner Row', 'Bermondsey'];

  it('keeps parts apart when they fit, joins the locality to its street first', () => {
    expect(foldLines(parts, 5)).toEqual(parts);
    expect(foldLines(parts, 4)).toEqual([
      'Org',
      'Flat 3',
      'Wren Court',
      '45 Tanner Row, Bermondsey',
    ]);
    expect(foldLines(parts, 3)).toEqual(['Org', 'Flat 3, Wren Court', '45 Tanner Row, Bermondsey']);
    expect(foldLines(parts, 1)).toEqual([parts.join(', ')]);
    expect(foldLines([], 4)).toEqual([]);
  });
});
