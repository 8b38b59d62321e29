/**
 * Which delivery options an address gets, and whether its basket leaves the UK
 * VAT area (tax exempt).
 */
import { matchDeliveryZone, type ZoneRule } from '../../../domain/delivery-zones.ts';
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
}

export function deliveryService(deps: { repository: DeliveryRepository; cacheMs: number }) {
  const cache = new TtlCache<DeliveryRules>(async () => {
    const { zones, rules, options } = await deps.repository.loadAll();
    const zoneRules: ZoneRule[] = rules.map((rule) => ({
      zoneId: rule.zone_id,
      countryCode: rule.country_code,
      postcodePattern: rule.postcode_pattern,
      priority: rule.priority,
    }));
    return { zones: new Map(zones.map((z) => [z.id, z])), zoneRules, options };
  }, deps.cacheMs);

  return {
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
