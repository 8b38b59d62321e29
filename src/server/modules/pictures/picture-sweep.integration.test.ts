/**
 * The sweep of removed pictures (ADR 063): a picture removed longer ago than the grace
 * period loses its row and every file; one removed recently, a live one, and files another
 * row shares are kept; a run cut short halfway is finished by the next; files no row names
 * go only once older than the grace period; the twice-daily job runs it and logs the counts.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../adapters/jobs/port.ts';
import { signedInStaff } from '../../testing/staff.ts';
import type { Shopper } from '../../testing/test-app.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import { definePeriodicJobs, PERIODIC_JOBS, PICTURE_SWEEP_JOB } from '../jobs/shop-jobs.ts';
import { PICTURE_SWEEP_GRACE_DAYS, sweepRemovedPictures } from './picture-sweep.ts';

const BOUNDARY = '----everbloom-sweep-boundary';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A 400 × 300 PNG in one colour (stored at 320 px: one AVIF and one WebP file). */
const picture = (shade: number) =>
  sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();

describe.each(ENGINES)('the sweep of removed pictures on %s', (engine) => {
  let t: TestApp;
  let mediaDir: string;
  let folder: string;
  let manager: Shopper;
  let families: number[];
  let shade = 0;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-sweep-'));
    folder = join(mediaDir, 'pictures');
    t = await createTestApp(engine, { mediaDir });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    families = (
      await t.handle.db
        .selectFrom('products')
        .select('id')
        .where('parent_id', 'is', null)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  /** Uploads `bytes` (a new picture unless given) to a family: its id and hash. */
  async function upload(family = families[0]!, bytes?: Buffer) {
    const data = bytes ?? (await picture((shade += 7)));
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA fern\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n` +
          `Content-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const reply = await manager.request({
      method: 'POST',
      url: `/api/v1/admin/products/${family}/pictures`,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(reply.status).toBe(201);
    const { id, hash } = reply.body.data.picture as { id: number; hash: string };
    return { id, hash, bytes: data };
  }

  const remove = async (id: number, family = families[0]!, removedDaysAgo = 0) => {
    expect((await manager.delete(`/api/v1/admin/products/${family}/pictures/${id}`)).status).toBe(
      200,
    );
    if (removedDaysAgo > 0) {
      await t.handle.db
        .updateTable('product_pictures')
        .set({ removed_at: daysAgo(removedDaysAgo) })
        .where('id', '=', id)
        .execute();
    }
  };

  const filesOf = async (hash: string) =>
    (await readdir(folder)).filter((name) => name.startsWith(`${hash}-`)).sort();

  /** Makes a hash's files look written `days` ago. */
  const age = async (hash: string, days: number) => {
    for (const name of await filesOf(hash))
      await utimes(join(folder, name), daysAgo(days), daysAgo(days));
  };

  const rowExists = async (id: number) =>
    (await t.handle.db
      .selectFrom('product_pictures')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  it('deletes a picture removed long ago, files and row, and keeps a recent removal and a live one', async () => {
    const old = await upload();
    const recent = await upload();
    const live = await upload();
    for (const p of [old, recent, live]) {
      expect(await filesOf(p.hash)).toEqual([`${p.hash}-320.avif`, `${p.hash}-320.webp`]);
      await age(p.hash, PICTURE_SWEEP_GRACE_DAYS + 30);
    }
    await remove(old.id, families[0], PICTURE_SWEEP_GRACE_DAYS + 1);
    await remove(recent.id, families[0], PICTURE_SWEEP_GRACE_DAYS - 1);

    const counts = await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(counts).toEqual({ picture_rows: 1, picture_files: 2, picture_hashes: 1 });
    expect(await rowExists(old.id)).toBe(false);
    expect(await filesOf(old.hash)).toEqual([]);
    expect(await rowExists(recent.id)).toBe(true);
    expect(await filesOf(recent.hash)).toHaveLength(2);
    expect(await rowExists(live.id)).toBe(true);
    expect(await filesOf(live.hash)).toHaveLength(2);
    // The recent removal can still be put back, and the shop serves its files.
    const restored = await manager.request({
      method: 'POST',
      url: `/api/v1/admin/products/${families[0]}/pictures/${recent.id}/restore`,
    });
    expect(restored.status).toBe(200);
    const served = await t.app.inject({ url: `/media/pictures/${recent.hash}-320.webp` });
    expect(served.statusCode).toBe(200);
    // The swept one is gone for good.
    expect((await t.app.inject({ url: `/media/pictures/${old.hash}-320.webp` })).statusCode).toBe(
      404,
    );
    // Nothing more to do: a second run changes nothing.
    expect(await sweepRemovedPictures(t.handle.db, mediaDir)).toEqual({
      picture_rows: 0,
      picture_files: 0,
      picture_hashes: 0,
    });
  });

  it('keeps the files while another row (another family, or an upload again) names the same bytes', async () => {
    const first = await upload(families[0]);
    const again = await upload(families[1], first.bytes);
    expect(again.hash).toBe(first.hash);
    await age(first.hash, PICTURE_SWEEP_GRACE_DAYS + 30);
    await remove(first.id, families[0], PICTURE_SWEEP_GRACE_DAYS + 1);

    await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(await rowExists(first.id)).toBe(false);
    expect(await rowExists(again.id)).toBe(true);
    expect(await filesOf(first.hash)).toHaveLength(2);

    // Once the last row naming them is swept too, the files go.
    await remove(again.id, families[1], PICTURE_SWEEP_GRACE_DAYS + 1);
    await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(await rowExists(again.id)).toBe(false);
    expect(await filesOf(first.hash)).toEqual([]);
  });

  it('finishes a run cut short after the rows went or halfway through the files', async () => {
    const a = await upload();
    const b = await upload();
    for (const p of [a, b]) {
      await age(p.hash, PICTURE_SWEEP_GRACE_DAYS + 30);
      await remove(p.id, families[0], PICTURE_SWEEP_GRACE_DAYS + 1);
    }
    // A crash after the rows' delete committed: both rows gone, every file still there;
    // and for b, a crash after one of its files was deleted.
    await t.handle.db.deleteFrom('product_pictures').where('id', 'in', [a.id, b.id]).execute();
    await rm(join(folder, `${b.hash}-320.avif`));

    const counts = await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(counts).toEqual({ picture_rows: 0, picture_files: 3, picture_hashes: 2 });
    expect(await filesOf(a.hash)).toEqual([]);
    expect(await filesOf(b.hash)).toEqual([]);
  });

  it('deletes files no row names only once older than the grace period, and leaves other files alone', async () => {
    const unnamed = (n: number) => `${String(n).repeat(32)}`;
    const old = unnamed(1);
    const fresh = unnamed(2);
    for (const hash of [old, fresh]) {
      for (const name of [`${hash}-320.avif`, `${hash}-320.webp`, `${hash}-640.webp`]) {
        await writeFile(join(folder, name), 'x');
      }
    }
    await age(old, PICTURE_SWEEP_GRACE_DAYS + 1);
    await age(fresh, PICTURE_SWEEP_GRACE_DAYS - 1);
    // A write cut short before its rename, long ago; and a file that is not the pipeline's.
    const temporary = join(folder, '.0123456789ab.tmp');
    const other = join(folder, 'notes.txt');
    for (const path of [temporary, other]) {
      await writeFile(path, 'x');
      await utimes(path, daysAgo(365), daysAgo(365));
    }

    const counts = await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(counts).toEqual({ picture_rows: 0, picture_files: 4, picture_hashes: 1 });
    expect(await filesOf(old)).toEqual([]);
    expect(await filesOf(fresh)).toHaveLength(3);
    const left = await readdir(folder);
    expect(left).not.toContain('.0123456789ab.tmp');
    expect(left).toContain('notes.txt');
  });

  it('keeps old unnamed files once an upload of the same bytes names them again', async () => {
    const bytes = await picture((shade += 7));
    const first = await upload(families[0], bytes);
    await age(first.hash, PICTURE_SWEEP_GRACE_DAYS + 30);
    await remove(first.id, families[0], PICTURE_SWEEP_GRACE_DAYS + 1);
    // The row is swept but the files are left as a crash would; the same bytes come again.
    await t.handle.db.deleteFrom('product_pictures').where('id', '=', first.id).execute();
    const again = await upload(families[0], bytes);
    expect(again.hash).toBe(first.hash);
    // Named again, so kept, however old the files are.
    await sweepRemovedPictures(t.handle.db, mediaDir);
    expect(await filesOf(again.hash)).toHaveLength(2);
    expect((await t.app.inject({ url: `/media/pictures/${again.hash}-320.avif` })).statusCode).toBe(
      200,
    );
  });

  it('runs twice a day as the picture-sweep job, logging the counts', async () => {
    const handlers = new Map<string, { handle(payload: object): Promise<void> }>();
    const queue = {
      define: (name: string, definition: { handle(payload: object): Promise<void> }) =>
        handlers.set(name, definition),
    } as unknown as JobQueue;
    const logged: { counts?: Record<string, number>; message: string }[] = [];
    definePeriodicJobs(queue, {
      db: t.handle.db,
      mediaDir,
      reconcilePendingOrders: async () => ({ paid: 0, failed: 0, reversed: 0 }),
      finishStaleCancellations: async () => ({ finished: 0 }),
      settlePendingOrders: async () => ({ paid: 0, failed: 0 }),
      dispatchStockAlerts: async () => ({ sent: 0, failed: 0 }),
      resolvePendingRefunds: async () => ({ completed: 0, released: 0, unavailable: 0 }),
      log: { info: (object, message) => logged.push({ ...object, message }) },
    });
    expect(PERIODIC_JOBS).toContainEqual({ name: PICTURE_SWEEP_JOB, everySeconds: 12 * 60 * 60 });

    const p = await upload();
    await age(p.hash, PICTURE_SWEEP_GRACE_DAYS + 30);
    await remove(p.id, families[0], PICTURE_SWEEP_GRACE_DAYS + 1);
    await handlers.get(PICTURE_SWEEP_JOB)!.handle({});
    expect(await rowExists(p.id)).toBe(false);
    expect(await filesOf(p.hash)).toEqual([]);
    expect(logged).toEqual([
      {
        counts: { picture_rows: 1, picture_files: 2, picture_hashes: 1 },
        message: 'removed pictures swept',
      },
    ]);
  });
});
