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

function optionView(row: AdminOptionRecord): AdminDeliveryOption {
  return { ...row };
}

/** The fields of `after` that differ from `before`, with both values (for the audit). */
function differences(before: AdminOptionRecord, after: AdminOptionRecord) {
  const keys = (Object.keys(after) as (keyof AdminOptionRecord)[]).filter(
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
            options: found.options.filter((o) => o.zone_id === zone.id).map(optionView),
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
        if (!before)
          throw new AppError('not_found', { message: 'No delivery option has that id.' });
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
      return optionView(updated);
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
     * shoppers are offered one of its options; its closed options go with it (orders keep
     * their own copy; a basket that had chosen one chooses again).
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
