import { compactPostcode } from './schemas/address.ts';

/** A rule placing addresses of a country (and optionally a postcode pattern) in a zone. */
export interface ZoneRule {
  zoneId: string;
  countryCode: string;
  /** Regular expression tested against the compact upper-case postcode; null for any. */
  postcodePattern: string | null;
  priority: number;
}

/** The address used for delivery estimates before the shopper has given one. */
export const ESTIMATE_ADDRESS = { country_code: 'GBR', postcode: '' } as const;

/**
 * The zone an address falls in: the highest-priority rule whose country matches and
 * whose postcode pattern (if any) matches; null when no rule does (no delivery there).
 */
export function matchDeliveryZone(
  rules: readonly ZoneRule[],
  address: { country_code: string; postcode: string | null },
): string | null {
  const postcode = compactPostcode(address.postcode ?? '');
  let best: ZoneRule | null = null;
  for (const rule of rules) {
    if (rule.countryCode !== address.country_code) continue;
    if (rule.postcodePattern !== null) {
      if (!postcode || !new RegExp(rule.postcodePattern).test(postcode)) continue;
    }
    if (!best || rule.priority > best.priority) best = rule;
  }
  return best?.zoneId ?? null;
}

/**
 * A UK postcode area ('BT', 'HS') or district ('PA20', 'KW15', 'W1A', 'EC1A') that staff
 * put in a zone (ADR 065).
 */
export const POSTCODE_AREA = /^[A-Z]{1,2}(?:[0-9][0-9A-Z]?)?$/;

/** Zone rules for a whole country rank below postcode rules; longer areas rank higher. */
export const COUNTRY_RULE_PRIORITY = 0;
export const postcodeAreaPriority = (area: string) => 10 + area.length;

/** The rule pattern of a postcode area or district, tested against compact postcodes. */
export function postcodeAreaPattern(area: string): string {
  if (!POSTCODE_AREA.test(area)) throw new Error(`Not a postcode area: ${area}`);
  // An area is followed by its district's digit ('BT' is not 'B'); a district by the
  // inward code ('PA2' is not 'PA20').
  return /[0-9]/.test(area) ? `^${area}[0-9][A-Z]{2}$` : `^${area}[0-9]`;
}

/** The postcode area of a pattern postcodeAreaPattern wrote; null for any other pattern. */
export function postcodeAreaOf(pattern: string): string | null {
  const area = /^\^([A-Z]{1,2})\[0-9\]$/.exec(pattern)?.[1];
  if (area) return area;
  const district = /^\^([A-Z]{1,2}[0-9][0-9A-Z]?)\[0-9\]\[A-Z\]\{2\}\$$/.exec(pattern)?.[1];
  return district ?? null;
}
