import { describe, expect, it } from 'vitest';
import { matchDeliveryZone, type ZoneRule } from './delivery-zones.ts';

const rules: ZoneRule[] = [
  { zoneId: 'uk-mainland', countryCode: 'GBR', postcodePattern: null, priority: 0 },
  {
    zoneId: 'uk-highlands-islands',
    countryCode: 'GBR',
    postcodePattern: '^(HS|ZE|KW)[0-9]',
    priority: 10,
  },
  { zoneId: 'northern-ireland', countryCode: 'GBR', postcodePattern: '^BT[0-9]', priority: 10 },
  { zoneId: 'europe', countryCode: 'FRA', postcodePattern: null, priority: 0 },
];

describe('matchDeliveryZone', () => {
  it('places an address by country and postcode, most specific first', () => {
    expect(matchDeliveryZone(rules, { country_code: 'GBR', postcode: 'SW1A 2AA' })).toBe(
      'uk-mainland',
    );
    expect(matchDeliveryZone(rules, { country_code: 'GBR', postcode: 'hs1 2aa' })).toBe(
      'uk-highlands-islands',
    );
    expect(matchDeliveryZone(rules, { country_code: 'GBR', postcode: 'BT1 1AA' })).toBe(
      'northern-ireland',
    );
    expect(matchDeliveryZone(rules, { country_code: 'FRA', postcode: '75001' })).toBe('europe');
  });

  it('finds no zone for the rest of the world', () => {
    expect(matchDeliveryZone(rules, { country_code: 'USA', postcode: '10001' })).toBeNull();
  });
});
