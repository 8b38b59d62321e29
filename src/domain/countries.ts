/**
 * Countries by three-letter code (spec section 3: about 249 entries), with English
 * names from i18n-iso-countries.
 */
import countryData from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countryData.registerLocale(english);

export interface Country {
  /** ISO 3166-1 alpha-3, e.g. GBR. */
  code: string;
  name: string;
}

/** Every country, United Kingdom first, then alphabetically by name. */
export const COUNTRIES: readonly Country[] = (() => {
  const names = countryData.getNames('en', { select: 'official' });
  const list = Object.entries(names)
    .map(([alpha2, name]) => ({ code: countryData.alpha2ToAlpha3(alpha2) ?? alpha2, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  const uk = list.findIndex((country) => country.code === 'GBR');
  if (uk > 0) list.unshift(...list.splice(uk, 1));
  return list;
})();

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

/** True for a known three-letter country code. */
export function isCountryCode(code: string): boolean {
  return byCode.has(code);
}

/** The country's English name, or the code itself when unknown. */
export function countryName(code: string): string {
  return byCode.get(code)?.name ?? code;
}
