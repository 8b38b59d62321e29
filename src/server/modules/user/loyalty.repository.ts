/**
 * Reads and writes the buds (loyalty points) ledger. Completing an order also writes
 * to it, in the one statement that marks the order paid (order.repository.ts, ADR 019).
 */
import type { Db } from '../../db/client.ts';

export function loyaltyRepository(db: Db) {
  return {
    /** The user's buds: the sum of the ledger. */
    async balance(userId: number): Promise<number> {
      const row = await db
        .selectFrom('loyalty_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('change'), eb.lit(0)).as('buds'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.buds ?? 0);
    },

    /** The user's ledger entries, newest first (the latest written first on a tie). */
    async history(userId: number): Promise<{ change: number; reason: string; date: Date }[]> {
      const rows = await db
        .selectFrom('loyalty_ledger')
        .select(['change', 'reason', 'created_at', 'staff_id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        change: row.change,
        // A staff grant's reason is their note (ADR 066): the customer reads a fixed wording.
        reason:
          row.staff_id === null ? row.reason : row.change > 0 ? 'Goodwill buds' : 'Buds corrected',
        date: new Date(row.created_at),
      }));
    },

    /** Records buds earned (positive) or spent (negative). */
    async record(userId: number, change: number, reason: string): Promise<void> {
      await db.insertInto('loyalty_ledger').values({ user_id: userId, change, reason }).execute();
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof loyaltyRepository>;
