/**
 * The back office's delivery settings (ADR 065): options' prices, thresholds, cut-offs,
 * days and whether shoppers are offered them; which countries and UK postcode areas each
 * zone covers; the shop's closing days; the bank holidays (the refresh command). Each
 * write and its audit record are one transaction; this process's delivery rules are
 * reloaded at once, other processes' within CATALOGUE_CACHE_SECONDS.
 */
import type {
  AdminDelivery,
  AdminDeliveryOption,
  DeliveryClosure,
} from '../../../domain/api/admin-delivery.ts';
import { DISPATCH_DIVISION, type BankHoliday } from '../../../domain/bank-holidays.ts';
import {
  COUNTRY_RULE_PRIORITY,
  postcodeAreaOf,
  postcodeAreaPattern,
  postcodeAreaPriority,
} from '../../../domain/delivery-zones.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import {
  deliveryAdminRepository,
  type AdminOptionRecord,
  type NewOption,
  type OptionChange,
  type RuleRecord,
} from './delivery-admin.repository.ts';

export interface ZoneCoverage {
  countries: string[];
  postcode_areas: string[];
}

/** The country postcode areas belong to. */
const UK = 'GBR';

/** A rule staff edit here: a whole country, or a UK postcode area or district. */
const editable = (pattern: string | null) => pattern === null || postcodeAreaOf(pattern) !== null;

type OptionFields = Omit<AdminDeliveryOption, 'used'>;

/** The record with its retirement as an ISO timestamp (as the API and the audit read it). */
function fieldsOf(row: AdminOptionRecord): OptionFields {
  return {
    ...row,
    retired_at: row.retired_at === null ? null : new Date(row.retired_at).toISOString(),
  };
}

function optionView(row: AdminOptionRecord, used: boolean): AdminDeliveryOption {
  return { ...fieldsOf(row), used };
}

/** The fields of `after` that differ from `before`, with both values (for the audit). */
function differences(beforeRow: AdminOptionRecord, afterRow: AdminOptionRecord) {
  const before = fieldsOf(beforeRow);
  const after = fieldsOf(afterRow);
  const keys = (Object.keys(after) as (keyof OptionFields)[]).filter(
    (key) => before[key] !== after[key],
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

export function deliveryAdminService(deps: {
  db: Db;
  /** This process's delivery rules, reloaded after a change. */
  delivery: { invalidate(): void };
}) {
  const { db } = deps;
  const repository = deliveryAdminRepository(db);

  const noOption = () => new AppError('not_found', { message: 'No delivery option has that id.' });

  /**
   * Refuses (409 delivery_option_last_in_zone) taking away `option` when it is the last
   * one shoppers in a zone that covers somewhere can choose: addresses there would be
   * left with "No options available". Closing it (untick Offered) stays possible: that
   * is the deliberate way to stop deliveries to a zone for a while (ADR 082). The zone's
   * row (locked by the caller) and its options are locked, so two staff retiring its
   * last two options at once cannot both succeed.
   */
  async function refuseLastChoice(trx: Db, option: AdminOptionRecord) {
    const zone = await repository.zone(option.zone_id, trx);
    const { options, rules } = await repository.zoneContents(trx, option.zone_id);
    const current = options.find((o) => o.id === option.id) ?? option;
    const others = options.filter((o) => o.id !== option.id && o.active);
    if (current.active && others.length === 0 && rules.length > 0) {
      throw new AppError('delivery_option_last_in_zone', {
        message:
          `${current.name} is the last delivery option shoppers in ${zone?.name ?? option.zone_id} ` +
          'can choose: without it they could not order. Add or open another option there ' +
          'first, or close this one (untick Offered) to stop deliveries there for a while.',
      });
    }
    return current;
  }

  return {
    async settings(): Promise<AdminDelivery> {
      const found = await repository.settings();
      return {
        zones: found.zones.map((zone) => {
          const rules = found.rules.filter((rule) => rule.zone_id === zone.id);
          return {
            id: zone.id,
            name: zone.name,
            tax_exempt: zone.tax_exempt,
            countries: rules.filter((r) => r.postcode_pattern === null).map((r) => r.country_code),
            postcode_areas: rules
              .map((r) => (r.postcode_pattern === null ? null : postcodeAreaOf(r.postcode_pattern)))
              .filter((area): area is string => area !== null),
            other_rules: rules
              .filter((r) => !editable(r.postcode_pattern))
              .map((r) => ({ country: r.country_code, pattern: r.postcode_pattern ?? '' })),
            options: found.options
              .filter((o) => o.zone_id === zone.id)
              .map((o) => optionView(o, found.used.has(o.id))),
          };
        }),
        closures: found.closures,
        bank_holidays: found.holidays.map((h) => ({
          division: h.division,
          date: h.day,
          title: h.title,
        })),
        dispatch_division: DISPATCH_DIVISION,
      };
    },

    /** Changes an option's fields; the days keep min ≤ max (422 naming the field). */
    async updateOption(
      actor: StaffActor,
      id: string,
      change: OptionChange,
      reason: string | null,
    ): Promise<AdminDeliveryOption> {
      const updated = await db.transaction().execute(async (trx) => {
        const before = await repository.option(id, trx);
        if (!before) throw noOption();
        if (before.retired_at !== null) throw new AppError('delivery_option_retired');
        const minDays = change.min_days ?? before.min_days;
        const maxDays = change.max_days ?? before.max_days;
        if (maxDays < minDays) {
          throw validationError({
            [change.max_days !== undefined ? 'max_days' : 'min_days']: [
              `The most working days (${maxDays}) cannot be fewer than the fewest (${minDays})`,
            ],
          });
        }
        const after = await repository.updateOption(trx, id, change);
        const diff = differences(before, after);
        await recordAudit(trx, actor, {
          action: 'delivery.option.update',
          entityType: 'delivery_option',
          entityId: id,
          before: diff.before,
          after: diff.after,
          reason,
        });
        return after;
      });
      deps.delivery.invalidate();
      return optionView(updated, await repository.usedByOrders(db, id));
    },

    /**
     * Adds an option to a zone (ADR 082), after its others; 409 delivery_option_exists
     * naming `id` for an id another option has (retired ones included: an id orders
     * name is never given to another option); 422 for an unknown zone or days out of order.
     */
    async createOption(
      actor: StaffActor,
      input: NewOption,
      reason: string | null,
    ): Promise<AdminDeliveryOption> {
      if (input.max_days < input.min_days) {
        throw validationError({
          max_days: [
            `The most working days (${input.max_days}) cannot be fewer than the fewest (${input.min_days})`,
          ],
        });
      }
      const added = await db.transaction().execute(async (trx) => {
        // Locked, so a zone being deleted meanwhile is either seen gone or waits.
        const zone = await repository.zone(input.zone_id, trx);
        if (!zone) throw validationError({ zone_id: ['No delivery zone has that id'] });
        const row = await repository.addOption(trx, input);
        if (!row) {
          throw new AppError('delivery_option_exists', {
            errors: {
              id: [`${input.id} is already a delivery option's id: please choose another id`],
            },
          });
        }
        await recordAudit(trx, actor, {
          action: 'delivery.option.create',
          entityType: 'delivery_option',
          entityId: input.id,
          after: fieldsOf(row),
          reason,
        });
        return row;
      });
      deps.delivery.invalidate();
      return optionView(added, false);
    },

    /**
     * Retires an option (ADR 082): closed, offered to nobody, no longer editable, kept
     * with its name and VAT rate for the orders, invoices and reports that name it. Not
     * the last option shoppers in a covered zone can choose (409); retiring a retired one
     * changes nothing.
     */
    async retireOption(
      actor: StaffActor,
      id: string,
      reason: string | null,
    ): Promise<AdminDeliveryOption> {
      const retired = await db.transaction().execute(async (trx) => {
        const found = await repository.lockOptionAndZone(trx, id);
        if (!found) throw noOption();
        if (found.retired_at !== null) return found;
        const before = await refuseLastChoice(trx, found);
        const after = await repository.setRetired(trx, id, true);
        await recordAudit(trx, actor, {
          action: 'delivery.option.retire',
          entityType: 'delivery_option',
          entityId: id,
          before: { active: before.active, retired_at: null },
          after: { active: false, retired_at: fieldsOf(after).retired_at },
          reason,
        });
        return after;
      });
      deps.delivery.invalidate();
      return optionView(retired, await repository.usedByOrders(db, id));
    },

    /**
     * Brings a retired option back, closed: staff check its price and days, then open it
     * (Offered) — it may have been retired long ago. One not retired changes nothing.
     */
    async restoreOption(
      actor: StaffActor,
      id: string,
      reason: string | null,
    ): Promise<AdminDeliveryOption> {
      const restored = await db.transaction().execute(async (trx) => {
        const found = await repository.lockOptionAndZone(trx, id);
        if (!found) throw noOption();
        if (found.retired_at === null) return found;
        const after = await repository.setRetired(trx, id, false);
        await recordAudit(trx, actor, {
          action: 'delivery.option.restore',
          entityType: 'delivery_option',
          entityId: id,
          before: { retired_at: fieldsOf(found).retired_at },
          after: { retired_at: null, active: false },
          reason,
        });
        return after;
      });
      deps.delivery.invalidate();
      return optionView(restored, await repository.usedByOrders(db, id));
    },

    /**
     * Deletes an option no order ever used (ADR 082); one an order used is refused with
     * 409 delivery_option_used (retire it), as is the last option shoppers in a covered
     * zone can choose. Baskets that had chosen it choose again (ON DELETE SET NULL).
     * An order being placed with it meanwhile is waited for, then counts as a use: its
     * basket is locked first, and the order holds the option until it commits.
     */
    async deleteOption(actor: StaffActor, id: string, reason: string | null) {
      await db.transaction().execute(async (trx) => {
        await repository.lockBasketsChoosing(trx, { option: id });
        const found = await repository.lockOptionAndZone(trx, id);
        if (!found) throw noOption();
        if (await repository.usedByOrders(trx, id)) {
          throw new AppError('delivery_option_used', {
            message:
              `Orders used ${found.name}, so it is kept for them, their invoices and the ` +
              'reports. Retire it instead: shoppers are no longer offered it.',
          });
        }
        const before = await refuseLastChoice(trx, found);
        await repository.deleteOption(trx, id);
        await recordAudit(trx, actor, {
          action: 'delivery.option.delete',
          entityType: 'delivery_option',
          entityId: id,
          before: fieldsOf(before),
          reason,
        });
      });
      deps.delivery.invalidate();
    },

    /**
     * Sets which countries (whole) and UK postcode areas a zone covers. A country or an
     * area can be in one zone only (422 naming it); rules written as other patterns are
     * kept. More specific areas win ('PA20' over 'PA'), areas over whole countries.
     */
    async setCoverage(
      actor: StaffActor,
      zoneId: string,
      coverage: ZoneCoverage,
      reason: string | null,
    ) {
      await db.transaction().execute(async (trx) => {
        // Baskets first, as an option's delete: an order in progress is waited for.
        await repository.lockBasketsChoosing(trx, { zone: zoneId });
        const zone = await repository.zone(zoneId, trx);
        if (!zone) throw new AppError('not_found', { message: 'No delivery zone has that id.' });
        const all = await repository.rules(trx);
        const others = all.filter((rule) => rule.zone_id !== zoneId);
        const mine = all.filter(
          (rule) => rule.zone_id === zoneId && editable(rule.postcode_pattern),
        );
        const errors: Record<string, string[]> = {};
        for (const country of coverage.countries) {
          const taken = others.find(
            (r) => r.country_code === country && r.postcode_pattern === null,
          );
          if (taken)
            (errors.countries ??= []).push(`${country} is already covered by ${taken.zone_id}`);
        }
        for (const area of coverage.postcode_areas) {
          const pattern = postcodeAreaPattern(area);
          const taken = others.find((r) => r.country_code === UK && r.postcode_pattern === pattern);
          if (taken) {
            (errors.postcode_areas ??= []).push(`${area} is already covered by ${taken.zone_id}`);
          }
        }
        if (Object.keys(errors).length > 0) throw validationError(errors);
        const rules: RuleRecord[] = [
          ...coverage.countries.map((country) => ({
            zone_id: zoneId,
            country_code: country,
            postcode_pattern: null,
            priority: COUNTRY_RULE_PRIORITY,
          })),
          ...coverage.postcode_areas.map((area) => ({
            zone_id: zoneId,
            country_code: UK,
            postcode_pattern: postcodeAreaPattern(area),
            priority: postcodeAreaPriority(area),
          })),
        ];
        await repository.replaceRules(trx, zoneId, editable, rules);
        const describe = (list: readonly RuleRecord[]) => ({
          countries: list.filter((r) => r.postcode_pattern === null).map((r) => r.country_code),
          postcode_areas: list.flatMap((r) =>
            r.postcode_pattern === null ? [] : [postcodeAreaOf(r.postcode_pattern) ?? ''],
          ),
        });
        await recordAudit(trx, actor, {
          action: 'delivery.zone.coverage',
          entityType: 'delivery_zone',
          entityId: zoneId,
          before: describe(mine),
          after: describe(rules),
          reason,
        });
      });
      deps.delivery.invalidate();
    },

    /** Adds a zone that covers nowhere yet (its coverage is set next); 409 for a taken id. */
    async createZone(
      actor: StaffActor,
      input: { id: string; name: string; tax_exempt: boolean },
      reason: string | null,
    ) {
      await db.transaction().execute(async (trx) => {
        const added = await repository.addZone(trx, input);
        if (!added) {
          throw new AppError('delivery_zone_exists', {
            errors: { id: [`${input.id} is already a delivery zone: please choose another id`] },
          });
        }
        await recordAudit(trx, actor, {
          action: 'delivery.zone.create',
          entityType: 'delivery_zone',
          entityId: input.id,
          after: added,
          reason,
        });
      });
      deps.delivery.invalidate();
    },

    /**
     * Deletes a zone with its coverage (ADR 074). Refused (409 delivery_zone_in_use) while
     * shoppers are offered one of its options, or while any of its options was used by an
     * order (ADR 082: kept for the orders and reports); its closed options go with it (a
     * basket that had chosen one chooses again).
     */
    async deleteZone(actor: StaffActor, zoneId: string, reason: string | null) {
      await db.transaction().execute(async (trx) => {
        const zone = await repository.zone(zoneId, trx);
        if (!zone) throw new AppError('not_found', { message: 'No delivery zone has that id.' });
        const { options, rules } = await repository.zoneContents(trx, zoneId);
        const offered = options.filter((option) => option.active);
        if (offered.length > 0) {
          throw new AppError('delivery_zone_in_use', {
            message:
              `Shoppers are still offered ${offered.map((o) => o.name).join(', ')} in ` +
              `${zone.name}. Close them first (untick Offered), then delete the zone.`,
          });
        }
        // An option an order used is never deleted (ADR 082), nor then its zone.
        const used: string[] = [];
        for (const option of options) {
          if (await repository.usedByOrders(trx, option.id)) used.push(option.name);
        }
        if (used.length > 0) {
          throw new AppError('delivery_zone_in_use', {
            message:
              `Orders used ${used.join(', ')} in ${zone.name}, so the zone and its options are ` +
              'kept for them and the reports. To stop delivering there, remove what it covers ' +
              '(Edit coverage) and retire its options.',
          });
        }
        await repository.deleteZone(trx, zoneId);
        await recordAudit(trx, actor, {
          action: 'delivery.zone.delete',
          entityType: 'delivery_zone',
          entityId: zoneId,
          before: {
            name: zone.name,
            countries: rules.filter((r) => r.postcode_pattern === null).map((r) => r.country_code),
            postcode_rules: rules
              .filter((r) => r.postcode_pattern !== null)
              .map((r) => `${r.country_code} ${r.postcode_pattern ?? ''}`),
            closed_options: options.map((o) => o.id),
          },
          reason,
        });
      });
      deps.delivery.invalidate();
    },

    async addClosure(
      actor: StaffActor,
      input: { starts_on: string; ends_on: string; reason: string },
    ): Promise<DeliveryClosure> {
      const closure = await db.transaction().execute(async (trx) => {
        const added = await repository.addClosure(trx, input);
        await recordAudit(trx, actor, {
          action: 'delivery.closure.add',
          entityType: 'delivery_closure',
          entityId: added.id,
          after: added,
          reason: input.reason,
        });
        return added;
      });
      deps.delivery.invalidate();
      return closure;
    },

    async removeClosure(actor: StaffActor, id: number): Promise<DeliveryClosure> {
      const closure = await db.transaction().execute(async (trx) => {
        const removed = await repository.removeClosure(trx, id);
        if (!removed) throw new AppError('not_found', { message: 'No closure has that id.' });
        await recordAudit(trx, actor, {
          action: 'delivery.closure.remove',
          entityType: 'delivery_closure',
          entityId: id,
          before: removed,
        });
        return removed;
      });
      deps.delivery.invalidate();
      return closure;
    },

    /** Replaces the stored bank holidays (npm run bank-holidays:refresh). */
    async replaceBankHolidays(actor: StaffActor, holidays: readonly BankHoliday[]) {
      const counts = await db.transaction().execute(async (trx) => {
        const result = await repository.replaceBankHolidays(trx, holidays);
        await recordAudit(trx, actor, {
          action: 'delivery.bank_holidays.refresh',
          entityType: 'bank_holidays',
          entityId: 'gov.uk',
          before: { count: result.before },
          after: { count: result.after },
        });
        return result;
      });
      deps.delivery.invalidate();
      return counts;
    },
  };
}

export type DeliveryAdminService = ReturnType<typeof deliveryAdminService>;
