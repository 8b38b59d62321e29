/**
 * The only code that reads delivery zones, their rules and options, and the days the
 * estimates skip (bank holidays of the dispatch division, the shop's closures).
 */
import { DISPATCH_DIVISION } from '../../../domain/bank-holidays.ts';
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
      // Every day kept (a few dozen rows a year): estimates follow the app's clock.
      const [zones, rules, options, holidays, closures] = await Promise.all([
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
        db
          .selectFrom('bank_holidays')
          .select('day')
          .where('division', '=', DISPATCH_DIVISION)
          .execute(),
        db.selectFrom('delivery_closures').select(['starts_on', 'ends_on']).execute(),
      ]);
      return {
        zones,
        rules,
        options,
        holidays: holidays.map((row) => row.day),
        closures,
      };
    },
  };
}

export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
