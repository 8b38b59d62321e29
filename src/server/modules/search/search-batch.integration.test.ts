/**
 * Search batches (migration 053): a bulk write's triggers note the families it touches
 * and their documents are rewritten once, together — by refreshSearchBatch(), or at the
 * latest when the transaction commits. Writes outside a batch refresh in the statement,
 * as before. And the search indexes take a write's entries at once (migration 054), so
 * no search reads a pending list.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { listQuery } from '../../testing/list-query.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { pgSearch } from './pg-search.ts';
import { beginSearchBatch, refreshSearchBatch } from './search-batch.ts';

/**
 * The document's name, and a running count of document rows rewritten by this
 * connection (PostgreSQL may hold earlier transactions' counts in it until it reports
 * them: compare two readings in one transaction).
 */
async function documentOf(db: Db, familyId: number) {
  const { rows } = await sql<{ name: string | null; rewritten: number }>`
    SELECT (SELECT name FROM search_documents WHERE family_id = ${familyId}) AS name,
           (SELECT coalesce(n_tup_upd, 0)::int FROM pg_stat_xact_user_tables
            WHERE relname = 'search_documents') AS rewritten`.execute(db);
  return rows[0]!;
}

async function pending(db: Db) {
  const { rows } = await sql<{ families: number; batches: number }>`
    SELECT (SELECT count(*)::int FROM search_refresh_pending) AS families,
           (SELECT count(*)::int FROM search_refresh_batches) AS batches`.execute(db);
  return rows[0]!;
}

/** Two statements that each change what a family's document says. */
async function renameTwice(db: Db, familyId: number, name: string) {
  await sql`UPDATE products SET name = ${`${name} (draft)`} WHERE id = ${familyId}`.execute(db);
  await sql`UPDATE products SET name = ${name} WHERE id = ${familyId}`.execute(db);
}

describe.each(ENGINES)('search batches on %s', (engine) => {
  let handle: TestDatabase;
  let familyId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const { rows } = await sql<{ family_id: number }>`
      SELECT family_id FROM search_documents ORDER BY family_id LIMIT 1`.execute(handle.db);
    familyId = rows[0]!.family_id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('outside a batch, rewrites the document in each statement', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const before = await documentOf(trx, familyId);
      await renameTwice(trx, familyId, 'Plain Quince');
      expect(await documentOf(trx, familyId)).toEqual({
        name: 'Plain Quince',
        rewritten: before.rewritten + 2,
      });
      expect(await pending(trx)).toEqual({ families: 0, batches: 0 });
    });
  });

  it('in a batch, notes the family and rewrites its document once when refreshed', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await beginSearchBatch(trx);
      const before = await documentOf(trx, familyId);
      await renameTwice(trx, familyId, 'Batched Quince');
      expect(await documentOf(trx, familyId)).toEqual({
        name: 'Plain Quince',
        rewritten: before.rewritten,
      });
      expect(await pending(trx)).toEqual({ families: 1, batches: 1 });

      expect(await refreshSearchBatch(trx)).toBe(1);
      expect(await documentOf(trx, familyId)).toEqual({
        name: 'Batched Quince',
        rewritten: before.rewritten + 1,
      });
      expect(await pending(trx)).toEqual({ families: 0, batches: 0 });
      // The shop's search, in the same transaction, finds the new name.
      const found = await pgSearch(trx).search(listQuery({ q: 'batched quince' }));
      expect(found.familyIds[0]).toBe(familyId);
    });
  });

  it('refreshes a batch nobody refreshed when its transaction commits', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await beginSearchBatch(trx);
      await renameTwice(trx, familyId, 'Forgotten Quince');
    });
    expect((await documentOf(handle.db, familyId)).name).toBe('Forgotten Quince');
    expect(await pending(handle.db)).toEqual({ families: 0, batches: 0 });
  });

  it('leaves no index entries pending for searches to read after a write', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await beginSearchBatch(trx);
      await renameTwice(trx, familyId, 'Indexed Quince');
    });
    const { rows } = await sql<{ index: string; pending: number }>`
      SELECT i::text AS index, gin_clean_pending_list(i)::int AS pending
      FROM unnest(ARRAY['search_documents_document_idx', 'search_documents_skus_idx',
                        'search_documents_name_trgm_idx', 'search_documents_name_document_idx',
                        'search_words_trgm_idx']::regclass[]) AS i`.execute(handle.db);
    expect(rows.map((r) => r.pending)).toEqual([0, 0, 0, 0, 0]);
  });

  it('leaves nothing noted when a batch rolls back, and the next write is not batched', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await beginSearchBatch(trx);
        await renameTwice(trx, familyId, 'Abandoned Quince');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await pending(handle.db)).toEqual({ families: 0, batches: 0 });
    expect((await documentOf(handle.db, familyId)).name).toBe('Indexed Quince');
    // The setting lasted only for its transaction.
    await sql`UPDATE products SET name = 'Later Quince' WHERE id = ${familyId}`.execute(handle.db);
    expect((await documentOf(handle.db, familyId)).name).toBe('Later Quince');
  });
});
