import { describe, expect, it } from 'vitest';
import { alpha2Code, COUNTRIES, countryName, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('lists every ISO country once, United Kingdom first, then alphabetically by name', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(250);
    expect(COUNTRIES[0]).toEqual({ code: 'GBR', name: 'United Kingdom' });
    const rest = COUNTRIES.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });

  it('names countries in British English by their three-letter code', () => {
    expect(countryName('USA')).toBe('United States');
    expect(countryName('IRL')).toBe('Ireland');
    expect(countryName('FRA')).toBe('France');
    expect(countryName('LCA')).toBe('St Lucia');
    expect(countryName('ZZZ')).toBe('ZZZ');
  });

  it('knows three-letter codes only', () => {
    expect(isCountryCode('GBR')).toBe(true);
    expect(isCountryCode('DEU')).toBe(true);
    expect(isCountryCode('GB')).toBe(false);
    expect(isCountryCode('gbr')).toBe(false);
  });

  it('gives the two-letter code wallets and PayPal take', () => {
    expect(alpha2Code('GBR')).toBe('GB');
    expect(alpha2Code('IRL')).toBe('IE');
    expect(alpha2Code('ZZZ')).toBeNull();
  });
});
