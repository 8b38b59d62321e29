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

export function deliveryService(deps: { repository: DeliveryRepository; cacheMs: number }) {
  const cache = new TtlCache(async () => {
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
    /** The zone and options for an address (country and postcode). */
    async quote(address: {
      country_code: string;
      postcode: string | null;
    }): Promise<DeliveryQuote> {
      const data = await cache.get();
      const zoneId = matchDeliveryZone(data.zoneRules, address);
      const zone = zoneId ? (data.zones.get(zoneId) ?? null) : null;
      return { zone, options: zone ? data.options.filter((o) => o.zone_id === zone.id) : [] };
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
