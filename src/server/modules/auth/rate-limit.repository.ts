/**
 * Fixed-window counters in the database, shared by every API process.
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

    /** Hits on `key` in its current window (0 when none or expired). */
    async count(key: string, windowS: number): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${windowS})`)
        .executeTakeFirst();
      return row?.hits ?? 0;
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
