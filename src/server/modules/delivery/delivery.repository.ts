/** The only code that reads delivery zones, their rules and options. */
import type { Db } from '../../db/client.ts';

export interface DeliveryZoneRow {
  id: string;
  name: string;
  tax_exempt: boolean;
}

export interface DeliveryRuleRow {
  zone_id: string;
  country_code: string;
  postcode_pattern: string | null;
  priority: number;
}

export interface DeliveryOptionRow {
  id: string;
  zone_id: string;
  name: string;
  description: string;
  price: number;
  free_over: number | null;
  tax_rate_bp: number;
  /** Delivery estimate: working days after dispatch, cut-off hour, weekday-only delivery. */
  min_days: number;
  max_days: number;
  cutoff_hour: number | null;
  delivery_weekday: number | null;
}

export function deliveryRepository(db: Db) {
  return {
    async loadAll() {
      const [zones, rules, options] = await Promise.all([
        db.selectFrom('delivery_zones').select(['id', 'name', 'tax_exempt']).execute(),
        db
          .selectFrom('delivery_zone_rules')
          .select(['zone_id', 'country_code', 'postcode_pattern', 'priority'])
          .execute(),
        db
          .selectFrom('delivery_options')
          .select([
            'id',
            'zone_id',
            'name',
            'description',
            'price',
            'free_over',
            'tax_rate_bp',
            'min_days',
            'max_days',
            'cutoff_hour',
            'delivery_weekday',
          ])
          .where('active', '=', true)
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ]);
      return { zones, rules, options };
    },
  };
}

export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
