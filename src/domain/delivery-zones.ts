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
