/**
 * Payment attempts counted against card testing (ADR 040, migration 018): one row per
 * attempt and key while the attempt is pending or after it failed. Letting an attempt
 * through is decided by one statement, `admit_payment_attempt` (migration 020), under a
 * transaction-scoped advisory lock on each of its keys, so parallel attempts sharing a
 * key are counted one after another, on PostgreSQL as on PGlite (one connection: its
 * statements already run one at a time).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export function paymentAttemptsRepository(db: Db) {
  return {
    /**
     * Writes the attempt's rows, pending, under every key in `keys`, unless one of the
     * keys already has `limit` pending or failed rows since `since`: answers that key
     * (nothing written), or null when the attempt was written.
     */
    async admit(input: {
      attemptId: string;
      keys: readonly string[];
      /** Keys many honest shoppers share (a client address): see migration 020. */
      sharedKeys: readonly string[];
      at: Date;
      since: Date;
      limit: number;
      /** Pending attempts a shared key lets through at once before it has failed. */
      pendingCeiling: number;
    }): Promise<string | null> {
      // Sorted, so two attempts sharing keys take their locks in the same order.
      const keys = [...new Set(input.keys)].sort();
      if (keys.length === 0) return null;
      // One statement (migration 020): the keys' locks, their count and the write.
      const { rows } = await sql<{ full_key: string | null }>`
        SELECT admit_payment_attempt(
          ${input.attemptId}::uuid, ${keys}::text[], ${[...input.sharedKeys]}::text[],
          ${input.at}::timestamptz, ${input.since}::timestamptz, ${input.limit}::integer,
          ${input.pendingCeiling}::integer
        ) AS full_key
      `.execute(db);
      return rows[0]?.full_key ?? null;
    },

    /** Counts the attempt as failed from `at`, under its keys and any `extraKeys` too. */
    async fail(attemptId: string, extraKeys: readonly string[], at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_attempts')
          .set({ failed: true, at })
          .where('attempt_id', '=', attemptId)
          .execute();
        if (extraKeys.length === 0) return;
        await trx
          .insertInto('payment_attempts')
          .values(extraKeys.map((key) => ({ attempt_id: attemptId, key, failed: true, at })))
          .onConflict((conflict) =>
            conflict.columns(['attempt_id', 'key']).doUpdateSet({ failed: true, at }),
          )
          .execute();
      });
    },

    /** Forgets the attempt: it went through, or it was never an answer about a card. */
    async release(attemptId: string): Promise<void> {
      await db.deleteFrom('payment_attempts').where('attempt_id', '=', attemptId).execute();
    },
  };
}

export type PaymentAttemptsRepository = ReturnType<typeof paymentAttemptsRepository>;
