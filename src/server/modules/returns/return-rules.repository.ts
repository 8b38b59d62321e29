/**
 * The only code that writes the return rules (ADR 070): the one `return_settings` row
 * and the `return_reasons` list. Reasons are never deleted (a return's `reason_code`
 * points at its reason); retiring one stops it being offered. Writes run in the rules
 * service's transactions, after `lock`, so two staff members' changes take turns.
 */
import { sql } from 'kysely';
import type { ReturnReasonView } from '../../../domain/api/returns.ts';
import type { Db } from '../../db/client.ts';

export interface ReturnSettingsRow {
  window_days: number;
  send_back_days: number;
  refund_days: number;
  /** One line each. */
  address: string[];
}

const linesOf = (address: string) =>
  address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function returnRulesRepository(db: Db) {
  return {
    /** The settings, their row locked until the transaction ends. */
    async lock(trx: Db): Promise<ReturnSettingsRow> {
      const row = await trx
        .selectFrom('return_settings')
        .select(['window_days', 'send_back_days', 'refund_days', 'address'])
        .forUpdate()
        .executeTakeFirstOrThrow();
      return { ...row, address: linesOf(row.address) };
    },

    async settings(trx: Db = db): Promise<ReturnSettingsRow> {
      const row = await trx
        .selectFrom('return_settings')
        .select(['window_days', 'send_back_days', 'refund_days', 'address'])
        .executeTakeFirstOrThrow();
      return { ...row, address: linesOf(row.address) };
    },

    /** Every reason, retired ones too, in the customers' order, with how many returns chose it. */
    async reasons(trx: Db = db): Promise<ReturnReasonView[]> {
      const { rows } = await sql<ReturnReasonView>`
        SELECT rr.code, rr.label, rr.position, rr.active, coalesce(used.n, 0)::int AS returns
        FROM return_reasons rr
        LEFT JOIN (SELECT reason_code, count(*) AS n FROM returns GROUP BY reason_code) used
          ON used.reason_code = rr.code
        ORDER BY rr.position, rr.code
      `.execute(trx);
      return rows;
    },

    async updateSettings(trx: Db, change: Partial<ReturnSettingsRow>): Promise<void> {
      const { address, ...days } = change;
      await trx
        .updateTable('return_settings')
        .set({ ...days, ...(address ? { address: address.join('\n') } : {}) })
        .execute();
    },

    async addReason(
      trx: Db,
      reason: { code: string; label: string; position: number },
    ): Promise<void> {
      await trx.insertInto('return_reasons').values(reason).execute();
    },

    async updateReason(
      trx: Db,
      code: string,
      change: { label?: string; active?: boolean },
    ): Promise<void> {
      await trx.updateTable('return_reasons').set(change).where('code', '=', code).execute();
    },

    /** Positions 1, 2, 3… in the order given (one statement). */
    async reorder(trx: Db, codes: readonly string[]): Promise<void> {
      await sql`
        UPDATE return_reasons rr SET position = o.n
        FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) WITH ORDINALITY AS o (code, n)
        WHERE rr.code = o.code
      `.execute(trx);
    },
  };
}

export type ReturnRulesRepository = ReturnType<typeof returnRulesRepository>;
