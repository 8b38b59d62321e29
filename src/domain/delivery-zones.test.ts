import { describe, expect, it } from 'vitest';
import {
  matchDeliveryZone,
  POSTCODE_AREA,
  postcodeAreaOf,
  postcodeAreaPattern,
  postcodeAreaPriority,
  type ZoneRule,
} from './delivery-zones.ts';

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

describe('postcode areas staff enter', () => {
  it('turns areas and districts into patterns and back', () => {
    for (const area of ['BT', 'B', 'HS', 'PA20', 'KW1', 'W1A', 'EC1A']) {
      expect(postcodeAreaOf(postcodeAreaPattern(area))).toBe(area);
    }
    expect(postcodeAreaOf('^(HS|ZE)[0-9]')).toBeNull();
    expect(() => postcodeAreaPattern('B T')).toThrow();
    expect(POSTCODE_AREA.test('BT')).toBe(true);
    expect(POSTCODE_AREA.test('ABC')).toBe(false);
    expect(POSTCODE_AREA.test('1A')).toBe(false);
    expect(POSTCODE_AREA.test('bt')).toBe(false);
  });

  it('an area is not a longer area, a district not a longer district; districts win', () => {
    const areaRules: ZoneRule[] = [
      { zoneId: 'uk', countryCode: 'GBR', postcodePattern: null, priority: 0 },
      ...(
        [
          ['birmingham', 'B'],
          ['ni', 'BT'],
          ['argyll', 'PA'],
          ['islands', 'PA20'],
        ] as const
      ).map(([zoneId, area]) => ({
        zoneId,
        countryCode: 'GBR',
        postcodePattern: postcodeAreaPattern(area),
        priority: postcodeAreaPriority(area),
      })),
    ];
    const zoneOf = (postcode: string) =>
      matchDeliveryZone(areaRules, { country_code: 'GBR', postcode });
    expect(zoneOf('B1 1AA')).toBe('birmingham');
    expect(zoneOf('BT1 1AA')).toBe('ni');
    expect(zoneOf('PA2 0AA')).toBe('argyll');
    expect(zoneOf('PA20 0AA')).toBe('islands');
    expect(zoneOf('SW1A 2AA')).toBe('uk');
  });
});
