/**
 * Delivery settings as staff edit them (ADR 065): every zone, rule and option (closed
 * ones too), closures and bank holidays; the writes take the transaction they run in.
 */
import { sql } from 'kysely';
import type { BankHoliday } from '../../../domain/bank-holidays.ts';
import type { Db } from '../../db/client.ts';

export interface AdminOptionRecord {
  id: string;
  zone_id: string;
  name: string;
  description: string;
  price: number;
  free_over: number | null;
  min_days: number;
  max_days: number;
  cutoff_hour: number | null;
  delivery_weekday: number | null;
  active: boolean;
  tax_rate_bp: number;
  retired_at: Date | string | null;
}

/** What the edit dialog changes: neither the id, the zone, the VAT rate nor retirement. */
export type OptionChange = Partial<
  Omit<AdminOptionRecord, 'id' | 'zone_id' | 'tax_rate_bp' | 'retired_at'>
>;

/** A new option (ADR 082). */
export type NewOption = Omit<AdminOptionRecord, 'retired_at'>;

export interface RuleRecord {
  zone_id: string;
  country_code: string;
  postcode_pattern: string | null;
  priority: number;
}

const OPTION_COLUMNS = [
  'id',
  'zone_id',
  'name',
  'description',
  'price',
  'free_over',
  'min_days',
  'max_days',
  'cutoff_hour',
  'delivery_weekday',
  'active',
  'tax_rate_bp',
  'retired_at',
] as const;

export function deliveryAdminRepository(db: Db) {
  return {
    async settings() {
      const [zones, rules, options, closures, holidays, used] = await Promise.all([
        db
          .selectFrom('delivery_zones')
          .select(['id', 'name', 'tax_exempt'])
          .orderBy('id')
          .execute(),
        db
          .selectFrom('delivery_zone_rules')
          .select(['zone_id', 'country_code', 'postcode_pattern', 'priority'])
          .orderBy('country_code')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('delivery_options')
          .select(OPTION_COLUMNS)
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('delivery_closures')
          .select(['id', 'starts_on', 'ends_on', 'reason'])
          .where('ends_on', '>=', sql<string>`current_date - 1`)
          .orderBy('starts_on')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('bank_holidays')
          .select(['division', 'day', 'title'])
          .where('day', '>=', sql<string>`date_trunc('year', current_date)::date`)
          .orderBy('day')
          .orderBy('division')
          .execute(),
        // Which options any order used: one probe of orders_sales_delivery_option_idx each.
        db
          .selectFrom('delivery_options as d')
          .select('d.id')
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('orders as o')
                .select('o.id')
                .whereRef('o.sales_delivery_option', '=', 'd.id'),
            ),
          )
          .execute(),
      ]);
      return {
        zones,
        rules,
        options,
        closures,
        holidays,
        used: new Set(used.map((row) => row.id)),
      };
    },

    option(id: string, trx: Db = db): Promise<AdminOptionRecord | undefined> {
      return trx
        .selectFrom('delivery_options')
        .select(OPTION_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async updateOption(trx: Db, id: string, change: OptionChange): Promise<AdminOptionRecord> {
      return trx
        .updateTable('delivery_options')
        .set(change)
        .where('id', '=', id)
        .returning(OPTION_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /**
     * Locks the option's zone, then the option (the order a zone's delete locks them in,
     * so the two never wait on each other); undefined when there is no such option.
     */
    async lockOptionAndZone(trx: Db, id: string): Promise<AdminOptionRecord | undefined> {
      const peek = await trx
        .selectFrom('delivery_options')
        .select('zone_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!peek) return undefined;
      await trx
        .selectFrom('delivery_zones')
        .select('id')
        .where('id', '=', peek.zone_id)
        .forUpdate()
        .execute();
      return trx
        .selectFrom('delivery_options')
        .select(OPTION_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Locks the baskets that chose the option (or any option of the zone), in id order,
     * before a delete locks the zone and options (ADR 082). The delete's ON DELETE SET
     * NULL writes them anyway; taking them first keeps one lock order with an order being
     * placed (basket, then its option): a delete meeting an order in progress waits for
     * it here, holding nothing the order needs, then sees it used, instead of the two
     * waiting on each other.
     */
    async lockBasketsChoosing(trx: Db, chosen: { option: string } | { zone: string }) {
      await trx
        .selectFrom('baskets')
        .select('id')
        .where((eb) =>
          'option' in chosen
            ? eb('delivery_option_id', '=', chosen.option)
            : eb(
                'delivery_option_id',
                'in',
                eb.selectFrom('delivery_options').select('id').where('zone_id', '=', chosen.zone),
              ),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Whether any order (whatever its status) used the option. */
    async usedByOrders(trx: Db, id: string): Promise<boolean> {
      const row = await trx
        .selectFrom('orders')
        .select('id')
        .where('sales_delivery_option', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes a new option after the zone's others; undefined when its id is taken. */
    addOption(trx: Db, option: NewOption): Promise<AdminOptionRecord | undefined> {
      return trx
        .insertInto('delivery_options')
        .values((eb) => ({
          ...option,
          position: eb
            .selectFrom('delivery_options')
            .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
            .where('zone_id', '=', option.zone_id),
        }))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning(OPTION_COLUMNS)
        .executeTakeFirst();
    },

    /** Retires (a timestamp) or brings back (null) an option; a retired one is closed. */
    setRetired(trx: Db, id: string, retired: boolean): Promise<AdminOptionRecord> {
      return trx
        .updateTable('delivery_options')
        .set(
          retired
            ? { retired_at: sql<Date>`now()`, active: false }
            : { retired_at: null, active: false },
        )
        .where('id', '=', id)
        .returning(OPTION_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async deleteOption(trx: Db, id: string) {
      await trx.deleteFrom('delivery_options').where('id', '=', id).execute();
    },

    zone(id: string, trx: Db = db) {
      return trx
        .selectFrom('delivery_zones')
        .select(['id', 'name'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Writes a new zone; undefined when its id is taken. */
    addZone(trx: Db, zone: { id: string; name: string; tax_exempt: boolean }) {
      return trx
        .insertInto('delivery_zones')
        .values(zone)
        .onConflict((oc) => oc.column('id').doNothing())
        .returning(['id', 'name', 'tax_exempt'])
        .executeTakeFirst();
    },

    /**
     * Locks a zone's options (an option being opened meanwhile is read as committed) and
     * answers them with the zone's rules, for a delete and its audit record.
     */
    async zoneContents(trx: Db, zoneId: string) {
      const options = await trx
        .selectFrom('delivery_options')
        .select(OPTION_COLUMNS)
        .where('zone_id', '=', zoneId)
        .orderBy('position')
        .orderBy('id')
        .forUpdate()
        .execute();
      const rules = await trx
        .selectFrom('delivery_zone_rules')
        .select(['zone_id', 'country_code', 'postcode_pattern', 'priority'])
        .where('zone_id', '=', zoneId)
        .orderBy('id')
        .execute();
      return { options, rules };
    },

    /** Deletes a zone; its rules and (closed) options go with it (ON DELETE CASCADE). */
    async deleteZone(trx: Db, zoneId: string) {
      await trx.deleteFrom('delivery_zones').where('id', '=', zoneId).execute();
    },

    rules(trx: Db): Promise<RuleRecord[]> {
      return trx
        .selectFrom('delivery_zone_rules')
        .select(['zone_id', 'country_code', 'postcode_pattern', 'priority'])
        .orderBy('id')
        .execute();
    },

    /** Replaces the zone's rules whose pattern is null or in `replaceable` with `rules`. */
    async replaceRules(
      trx: Db,
      zoneId: string,
      replaceable: (pattern: string | null) => boolean,
      rules: readonly RuleRecord[],
    ) {
      const current = await trx
        .selectFrom('delivery_zone_rules')
        .select(['id', 'postcode_pattern'])
        .where('zone_id', '=', zoneId)
        .execute();
      const gone = current.filter((rule) => replaceable(rule.postcode_pattern)).map((r) => r.id);
      if (gone.length > 0) {
        await trx.deleteFrom('delivery_zone_rules').where('id', 'in', gone).execute();
      }
      if (rules.length > 0) await trx.insertInto('delivery_zone_rules').values(rules).execute();
    },

    addClosure(trx: Db, closure: { starts_on: string; ends_on: string; reason: string }) {
      return trx
        .insertInto('delivery_closures')
        .values(closure)
        .returning(['id', 'starts_on', 'ends_on', 'reason'])
        .executeTakeFirstOrThrow();
    },

    removeClosure(trx: Db, id: number) {
      return trx
        .deleteFrom('delivery_closures')
        .where('id', '=', id)
        .returning(['id', 'starts_on', 'ends_on', 'reason'])
        .executeTakeFirst();
    },

    /** Replaces the bank holidays of the divisions `holidays` names with `holidays`. */
    async replaceBankHolidays(trx: Db, holidays: readonly BankHoliday[]) {
      const before = await trx
        .selectFrom('bank_holidays')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const divisions = [...new Set(holidays.map((h) => h.division))];
      if (divisions.length > 0) {
        await trx.deleteFrom('bank_holidays').where('division', 'in', divisions).execute();
        await trx
          .insertInto('bank_holidays')
          .values(holidays.map((h) => ({ division: h.division, day: h.date, title: h.title })))
          .execute();
      }
      return { before: Number(before.count), after: holidays.length };
    },
  };
}

export type DeliveryAdminRepository = ReturnType<typeof deliveryAdminRepository>;
