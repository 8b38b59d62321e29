/**
 * Bulk writes refresh each family's search document once (migration 053, ADR 055): in a
 * transaction that begins a search batch, the triggers note the families they touch and
 * refreshSearchBatch() rewrites those documents together. A batch not refreshed by hand
 * is refreshed when its transaction commits, so no document is ever left stale; the
 * explicit call makes the documents current for the rest of the transaction too.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Turns the current transaction's search triggers to noting, until it ends. */
export async function beginSearchBatch(trx: Db): Promise<void> {
  await sql`SELECT set_config('everbloom.search_batch', 'on', true)`.execute(trx);
}

/** Rewrites the documents of every family the batch has touched; answers how many. */
export async function refreshSearchBatch(trx: Db): Promise<number> {
  const { rows } = await sql<{ refreshed: number }>`
    SELECT search_refresh_batch() AS refreshed
  `.execute(trx);
  return rows[0]?.refreshed ?? 0;
}
