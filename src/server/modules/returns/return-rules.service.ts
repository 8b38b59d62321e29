/**
 * The return rules and reasons, as staff change them (ADR 070): the window, the days the
 * emails promise and the returns address; reasons added, renamed, reordered, retired and
 * brought back. Every write locks the settings row first (so two changes take turns),
 * then makes its change and writes its audit record in the same transaction; a change
 * to what is already so changes nothing and records nothing.
 *
 * Reasons are never deleted: a return keeps the code and wording its customer chose, and
 * a retired reason is simply no longer offered. Customers always have one to choose.
 */
import type { ReturnRulesView } from '../../../domain/api/returns.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { reasonCodeOf } from '../../../domain/returns.ts';
import type {
  ReturnReasonAdd,
  ReturnReasonChange,
  ReturnReasonOrder,
  ReturnRulesChange,
} from '../../../domain/schemas/returns.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { returnRulesRepository, type ReturnSettingsRow } from './return-rules.repository.ts';

const SAME_WORDING = 'Another reason already reads like this';
const LAST_REASON =
  'Customers need at least one reason to choose: add or bring back another one first';

const sameWording = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function returnRulesService(deps: { db: Db }) {
  const { db } = deps;
  const repo = returnRulesRepository(db);

  async function view(trx: Db = db): Promise<ReturnRulesView> {
    const [settings, reasons] = [await repo.settings(trx), await repo.reasons(trx)];
    return { ...settings, reasons };
  }

  return {
    /** GET /admin/returns/rules. */
    view: () => view(),

    /** PATCH /admin/returns/rules: the fields given that differ, with the record of them. */
    async change(actor: StaffActor, input: ReturnRulesChange): Promise<ReturnRulesView> {
      return db.transaction().execute(async (trx) => {
        const current = await repo.lock(trx);
        const before: Partial<ReturnSettingsRow> = {};
        const after: Partial<ReturnSettingsRow> = {};
        for (const field of ['window_days', 'send_back_days', 'refund_days'] as const) {
          const value = input[field];
          if (value !== undefined && value !== current[field]) {
            before[field] = current[field];
            after[field] = value;
          }
        }
        if (input.address && input.address.join('\n') !== current.address.join('\n')) {
          before.address = current.address;
          after.address = input.address;
        }
        if (Object.keys(after).length > 0) {
          await repo.updateSettings(trx, after);
          await recordAudit(trx, actor, {
            action: 'return.rules.update',
            entityType: 'return_rules',
            entityId: 'returns',
            before,
            after,
          });
        }
        return view(trx);
      });
    },

    /** POST /admin/returns/reasons: offered at the end of the list. */
    async addReason(actor: StaffActor, input: ReturnReasonAdd): Promise<ReturnRulesView> {
      return db.transaction().execute(async (trx) => {
        await repo.lock(trx);
        const reasons = await repo.reasons(trx);
        if (reasons.some((reason) => sameWording(reason.label, input.label))) {
          throw validationError({ label: [SAME_WORDING] });
        }
        const code = reasonCodeOf(input.label, new Set(reasons.map((reason) => reason.code)));
        const position = Math.max(0, ...reasons.map((reason) => reason.position)) + 1;
        await repo.addReason(trx, { code, label: input.label, position });
        await recordAudit(trx, actor, {
          action: 'return.reason.add',
          entityType: 'return_reason',
          entityId: code,
          after: { label: input.label, position, active: true },
        });
        return view(trx);
      });
    },

    /** PATCH /admin/returns/reasons/{code}: renamed, retired (active false) or brought back. */
    async changeReason(
      actor: StaffActor,
      code: string,
      input: ReturnReasonChange,
    ): Promise<ReturnRulesView> {
      return db.transaction().execute(async (trx) => {
        await repo.lock(trx);
        const reasons = await repo.reasons(trx);
        const reason = reasons.find((r) => r.code === code);
        if (!reason)
          throw new AppError('not_found', { message: 'No return reason has that code.' });
        const before: { label?: string; active?: boolean } = {};
        const after: { label?: string; active?: boolean } = {};
        if (input.label !== undefined && input.label !== reason.label) {
          if (reasons.some((r) => r.code !== code && sameWording(r.label, input.label!))) {
            throw validationError({ label: [SAME_WORDING] });
          }
          before.label = reason.label;
          after.label = input.label;
        }
        if (input.active !== undefined && input.active !== reason.active) {
          if (!input.active && !reasons.some((r) => r.code !== code && r.active)) {
            throw validationError({ active: [LAST_REASON] });
          }
          before.active = reason.active;
          after.active = input.active;
        }
        if (Object.keys(after).length > 0) {
          await repo.updateReason(trx, code, after);
          await recordAudit(trx, actor, {
            action: 'return.reason.update',
            entityType: 'return_reason',
            entityId: code,
            before,
            // Returns that chose it keep the wording they were given.
            after: { ...after, returns: reason.returns },
          });
        }
        return view(trx);
      });
    },

    /** PUT /admin/returns/reasons/order: every reason's code, once, in the new order. */
    async reorder(actor: StaffActor, input: ReturnReasonOrder): Promise<ReturnRulesView> {
      return db.transaction().execute(async (trx) => {
        await repo.lock(trx);
        const reasons = await repo.reasons(trx);
        const known = new Set(reasons.map((reason) => reason.code));
        const given = new Set(input.codes);
        if (
          given.size !== input.codes.length ||
          given.size !== known.size ||
          input.codes.some((code) => !known.has(code))
        ) {
          throw validationError({ codes: ['Please list every reason once, in the new order'] });
        }
        const was = reasons.map((reason) => reason.code);
        if (was.join() !== input.codes.join()) {
          await repo.reorder(trx, input.codes);
          await recordAudit(trx, actor, {
            action: 'return.reason.reorder',
            entityType: 'return_reason',
            entityId: 'all',
            before: { order: was },
            after: { order: input.codes },
          });
        }
        return view(trx);
      });
    },
  };
}

export type ReturnRulesService = ReturnType<typeof returnRulesService>;
