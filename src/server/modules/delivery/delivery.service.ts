/**
 * Which delivery options an address gets, and whether its basket leaves the UK
 * VAT area (tax exempt).
 */
import type { DeliveryCalendar } from '../../../domain/delivery-estimate.ts';
import { matchDeliveryZone, type ZoneRule } from '../../../domain/delivery-zones.ts';
import { daysBetween, nextDay } from '../../../domain/uk-days.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type {
  DeliveryOptionRow,
  DeliveryRepository,
  DeliveryZoneRow,
} from './delivery.repository.ts';

export interface DeliveryQuote {
  zone: DeliveryZoneRow | null;
  options: DeliveryOptionRow[];
}

/** One load of the zones, their rules and options; immutable (compared by identity). */
export interface DeliveryRules {
  readonly zones: ReadonlyMap<string, DeliveryZoneRow>;
  readonly zoneRules: readonly ZoneRule[];
  readonly options: readonly DeliveryOptionRow[];
  /** Bank holidays and the shop's closing days, which delivery estimates skip (ADR 065). */
  readonly calendar: DeliveryCalendar;
}

/** Every day of each closure, both ends included. */
export function closedDays(closures: readonly { starts_on: string; ends_on: string }[]) {
  const days = new Set<string>();
  for (const closure of closures) {
    const span = daysBetween(closure.starts_on, closure.ends_on);
    let day = closure.starts_on;
    for (let i = 0; i <= span && i < 400; i += 1, day = nextDay(day)) days.add(day);
  }
  return days;
}

export function deliveryService(deps: { repository: DeliveryRepository; cacheMs: number }) {
  const cache = new TtlCache<DeliveryRules>(async () => {
    const { zones, rules, options, holidays, closures } = await deps.repository.loadAll();
    const zoneRules: ZoneRule[] = rules.map((rule) => ({
      zoneId: rule.zone_id,
      countryCode: rule.country_code,
      postcodePattern: rule.postcode_pattern,
      priority: rule.priority,
    }));
    return {
      zones: new Map(zones.map((z) => [z.id, z])),
      zoneRules,
      options,
      calendar: { holidays: new Set(holidays), closed: closedDays(closures) },
    };
  }, deps.cacheMs);

  return {
    /** Forgets this process's copy after a change (others reload within cacheMs). */
    invalidate: () => cache.invalidate(),

    /** The delivery rules as this process currently knows them. */
    rules: (): Promise<DeliveryRules> => cache.get(),

    /** The zone and options for an address (country and postcode). */
    quote(
      rules: DeliveryRules,
      address: { country_code: string; postcode: string | null },
    ): DeliveryQuote {
      const zoneId = matchDeliveryZone(rules.zoneRules, address);
      const zone = zoneId ? (rules.zones.get(zoneId) ?? null) : null;
      return { zone, options: zone ? rules.options.filter((o) => o.zone_id === zone.id) : [] };
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
