/**
 * Fixed-window counters in the database, shared by every API process. A counter is
 * taken (hit) before the action it limits, atomically, so concurrent attempts each
 * see their own count. Housekeeping deletes windows long over.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export function rateLimitRepository(db: Db) {
  return {
    /** Counts one hit on `key` in a window of `windowS` seconds; returns the hits so far. */
    async hit(key: string, windowS: number): Promise<number> {
      const expired = sql<boolean>`rate_limits.window_start < now() - make_interval(secs => ${windowS})`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, window_start: sql<string>`now()` })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql<string>`CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END`,
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    /** Takes back one hit on `key` (an attempt that turned out not to count). */
    async release(key: string): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`greatest(hits - 1, 0)` })
        .where('key', '=', key)
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
