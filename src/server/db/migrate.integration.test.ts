import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';
import { writeDemoImages } from './seed/demo-images.ts';
import { seedDemoData } from './seed/seed.ts';
import { ENGINES, openTestDatabase } from '../testing/test-app.ts';

describe('migrations and demo data on an empty PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => handle.close());

  it('applies every migration once, then nothing on later starts', async () => {
    const first = await migrate(handle);
    expect(first).toEqual([
      '001-catalogue.sql',
      '002-delivery-vouchers-promotions.sql',
      '003-baskets.sql',
      '004-basket-line-unique.sql',
      '005-basket-version.sql',
      '006-accounts.sql',
      '007-basket-change-notify.sql',
      '008-drop-basket-change-notify.sql',
      '009-product-image-paths.sql',
      '010-housekeeping-indexes.sql',
      '011-test-gateway.sql',
      '012-orders.sql',
      '013-order-cancellation.sql',
      '014-wishlists.sql',
      '015-stock-notifications.sql',
      '016-one-refund-per-sale.sql',
      '017-basket-frozen-while-paying.sql',
      '018-payment-failures.sql',
      '019-test-gateway-sales-share-order-ids.sql',
      '020-admit-payment-attempt.sql',
      '021-back-office.sql',
      '023-order-three-d-secure.sql',
      '025-refunds.sql',
      '026-basket-store-credit.sql',
      '027-stock-ledger-opening.sql',
      '028-dashboard-paid-day.sql',
      '029-product-search.sql',
      '030-product-admin.sql',
      '031-product-pictures.sql',
      '032-voucher-uses.sql',
      '033-delivery-settings.sql',
      '034-customers.sql',
      '035-sales-reports.sql',
      '036-search-matches.sql',
      '037-sales-days.sql',
      '040-returns.sql',
      '041-invoices.sql',
      '043-search-off-the-order-path.sql',
      '044-basket-reminders.sql',
      '045-cancellation-credit-notes.sql',
      '048-delivery-options-retired.sql',
      '050-search-facet-counts.sql',
      '051-cancellation-credit-once.sql',
      '053-search-refresh-batched.sql',
      '054-search-gin-no-pending-list.sql',
    ]);
    expect(await migrate(handle)).toEqual([]);
  });

  it('loads the demo catalogue once and keeps data on later starts', async () => {
    expect(await seedDemoData(handle.db)).toBe(true);
    await handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 3 })
      .where('sku', '=', 'FERN-BOS')
      .execute();
    expect(await seedDemoData(handle.db)).toBe(false);
    const fern = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('sku', '=', 'FERN-BOS')
      .executeTakeFirst();
    expect(fern?.quantity_on_hand).toBe(3);
  });
});

describe('migration 009 on a database from before it', () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-media-'));
  });
  afterAll(async () => {
    await handle.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('gives existing products a picture path, drops the drawing recipe, and the demo draws it', async () => {
    const dir = join(import.meta.dirname, 'migrations');
    const earlier = (await readdir(dir)).filter((f) => /^00[1-8]-.+\.sql$/.test(f)).sort();
    await handle.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const file of earlier) {
      await handle.execScript(await readFile(join(dir, file), 'utf8'));
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(handle.db);
    }
    await sql`INSERT INTO categories (slug, name) VALUES ('ferns', 'Ferns')`.execute(handle.db);
    await sql`INSERT INTO products (slug, sku, name, category_id, image_style, image_colour)
              VALUES ('artificial-boston-fern', 'P-FERN', 'Artificial Boston Fern', 1, 'fern', '#5b8c3a'),
                     ('own-plant', 'OWN-1', 'Own plant', 1, 'leafy', '#4a7c59')`.execute(handle.db);

    const applied = await migrate(handle);
    expect(applied[0]).toBe('009-product-image-paths.sql');
    expect(applied.every((name) => name >= '009')).toBe(true);
    const rows = await handle.db
      .selectFrom('products')
      .select(['slug', 'image_path'])
      .orderBy('slug')
      .execute();
    expect(rows).toEqual([
      { slug: 'artificial-boston-fern', image_path: 'products/artificial-boston-fern.svg' },
      { slug: 'own-plant', image_path: 'products/own-plant.svg' },
    ]);
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'products'`.execute(
      handle.db,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('image_style');
    expect(columns.rows.map((c) => c.column_name)).not.toContain('image_colour');

    // The demo product's picture is drawn at its migrated path; another product's is not.
    expect(await writeDemoImages(handle.db, mediaDir)).toBe(1);
    expect(await readdir(join(mediaDir, 'products'))).toEqual(['artificial-boston-fern.svg']);
    expect(
      await readFile(join(mediaDir, 'products', 'artificial-boston-fern.svg'), 'utf8'),
    ).toContain('<title>Artificial Boston Fern</title>');
  });
});

describe.each(ENGINES)('seeded test database on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('counts as numbers and dates as yyyy-MM-dd on both engines', async () => {
    const row = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
    const arch = await handle.db
      .selectFrom('products')
      .select('restock_date')
      .where('sku', '=', 'WIS-ARCH')
      .executeTakeFirst();
    expect(arch?.restock_date).toBe('2027-01-15');
  });

  it('runs transactions that roll back together', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('products')
          .set({ quantity_on_hand: 0 })
          .where('sku', '=', 'EUC-SPRAY')
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const row = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('sku', '=', 'EUC-SPRAY')
      .executeTakeFirst();
    expect(row?.quantity_on_hand).toBeGreaterThan(0);
  });
});
