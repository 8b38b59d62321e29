/**
 * The sweep of product pictures removed long ago (ADR 063), run by the `picture-sweep`
 * job twice a day (ADR 069). A removal only marks the row; after PICTURE_SWEEP_GRACE_DAYS
 * the sweep deletes the row, then the files no row names any more:
 *
 * 1. Rows removed before the cut-off are deleted (one statement).
 * 2. The media folder's `pictures/` is read once. Every hash whose files (any width, either
 *    format: whatever the pipeline wrote, found by name, not by the row's widths) are all
 *    older than the cut-off and that no row names (live or removed) loses its files. That
 *    covers the rows just deleted (their files were written at upload, before the removal)
 *    and files an upload wrote before crashing short of its row.
 *
 * Rows go first: a crash between the steps leaves files no row names, which the next run's
 * step 2 deletes. The other order could leave a removed row naming missing files, which
 * Undo would put back in the shop as a broken picture. Files are shared by hash (the same
 * bytes uploaded twice, to two families or again after a removal), so files are deleted
 * only while no row names their hash, checked under the hash's advisory lock, which an
 * upload takes too before its row is written (see `lockPictureHash`).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * How long a removed picture (and a file no row names) is kept: 90 days. Nothing in the
 * shop names a removed picture's files after a few minutes (CATALOGUE_CACHE_SECONDS, the
 * page caches); emails name no pictures (ADR 072). What may still name them for longer is
 * outside: shared links' previews and search engines' image results, which re-read a page
 * within weeks. And staff can put a removed picture back (Undo) until it is swept: a
 * quarter is time to notice a mistaken removal. Disk kept meanwhile is small beside years
 * of pictures.
 */
export const PICTURE_SWEEP_GRACE_DAYS = 90;

/**
 * How often the sweep runs (the job's window): twice a day. Daily would do, but pg-boss
 * refuses a singleton window longer than its archive interval (12 hours by default).
 */
export const PICTURE_SWEEP_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** A file the picture pipeline writes: `{hash}-{width}.{avif|webp}` (domain `picturePath`). */
const PICTURE_FILE = /^([0-9a-f]{32})-\d+\.(avif|webp)$/;

/** A temporary file a write left behind (`writeAtomically`: `.{12 hex}.tmp`). */
const TEMPORARY_FILE = /^\.[0-9a-f]{12}\.tmp$/;

export interface PictureSweepCounts {
  /** Removed pictures' rows deleted. */
  picture_rows: number;
  /** Files deleted (every width and format of each hash, and stale temporary files). */
  picture_files: number;
  /** Hashes whose files were deleted. */
  picture_hashes: number;
}

/**
 * Takes, for the caller's transaction, the lock on one hash's files: the sweep holds it
 * while it checks that no row names the hash and deletes the files; an upload holds it
 * while it checks its files are there and writes its row. So a file is never deleted
 * under a row being written.
 */
export async function lockPictureHash(trx: Db, hash: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`product-picture:${hash}`}))`.execute(trx);
}

const missing = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';

/** Deletes what is past the grace period (see the module comment); safe to run again. */
export async function sweepRemovedPictures(
  db: Db,
  mediaDir: string | null,
  options: { now?: Date; graceDays?: number } = {},
): Promise<PictureSweepCounts> {
  const now = options.now ?? new Date();
  const graceDays = options.graceDays ?? PICTURE_SWEEP_GRACE_DAYS;
  const cutoff = new Date(now.getTime() - graceDays * 24 * 60 * 60 * 1000);
  const counts: PictureSweepCounts = { picture_rows: 0, picture_files: 0, picture_hashes: 0 };

  const deleted = await db
    .deleteFrom('product_pictures')
    .where('removed_at', '<', cutoff)
    .executeTakeFirst();
  counts.picture_rows = Number(deleted.numDeletedRows);

  if (!mediaDir) return counts;
  const folder = join(mediaDir, 'pictures');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (missing(error)) return counts;
    throw error;
  }

  // Each hash's files, and whether any of them is newer than the cut-off.
  const byHash = new Map<string, { files: string[]; recent: boolean }>();
  for (const name of names) {
    const picture = PICTURE_FILE.exec(name);
    if (!picture && !TEMPORARY_FILE.test(name)) continue; // not the pipeline's: left alone
    let modified: Date;
    try {
      modified = (await stat(join(folder, name))).mtime;
    } catch (error) {
      if (missing(error)) continue;
      throw error;
    }
    if (!picture) {
      // A write cut short (a crash between its write and its rename).
      if (modified < cutoff) {
        await rm(join(folder, name), { force: true });
        counts.picture_files += 1;
      }
      continue;
    }
    const hash = picture[1]!;
    const entry = byHash.get(hash) ?? { files: [], recent: false };
    entry.files.push(name);
    entry.recent ||= modified >= cutoff;
    byHash.set(hash, entry);
  }

  const named = new Set(
    (await db.selectFrom('product_pictures').select('hash').distinct().execute()).map(
      (row) => row.hash,
    ),
  );
  for (const [hash, entry] of byHash) {
    if (entry.recent || named.has(hash)) continue;
    const removed = await db.transaction().execute(async (trx) => {
      await lockPictureHash(trx, hash);
      // Again under the lock: an upload of the same bytes may have written its row since.
      const row = await trx
        .selectFrom('product_pictures')
        .select('id')
        .where('hash', '=', hash)
        .limit(1)
        .executeTakeFirst();
      if (row) return 0;
      for (const name of entry.files) await rm(join(folder, name), { force: true });
      return entry.files.length;
    });
    if (removed > 0) {
      counts.picture_files += removed;
      counts.picture_hashes += 1;
    }
  }
  return counts;
}
