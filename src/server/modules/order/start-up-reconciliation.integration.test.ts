import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { startServer, type RunningShop } from '../../start-server.ts';

describe('starting the shop after a crash', () => {
  let dataDir: string;
  let shop: RunningShop | undefined;
  afterAll(async () => {
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('fails an order left pending with no sale, and puts its stock back', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'everbloom-orders-start-'));
    // The database as a stopped process left it: an order pending for an hour, its
    // stock taken, never charged.
    const before = await openDatabase({ kind: 'pglite', dataDir });
    await migrate(before);
    await seedDemoData(before.db);
    const product = await before.db
      .selectFrom('products')
      .select(['id', 'quantity_on_hand'])
      .where('sku', '=', 'OLV-90-BLK')
      .executeTakeFirstOrThrow();
    await before.db
      .updateTable('products')
      .set({ quantity_on_hand: product.quantity_on_hand - 3 })
      .where('id', '=', product.id)
      .execute();
    await sql`
      INSERT INTO orders (public_id, order_number, email_address, amount, snapshot,
                          reservations, created_at)
      VALUES ('00000000-0000-4000-8000-000000000001', 'EB-CRASHED2', 'ada@example.com', 16497,
              '{}', ${JSON.stringify([{ product_id: product.id, quantity: 3, preorder: 0 }])},
              now() - interval '1 hour')
    `.execute(before.db);
    await before.close();

    const config = {
      ...loadConfig({ DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), LOG_LEVEL: 'error' }),
      port: 0,
      host: '127.0.0.1',
    };
    shop = await startServer(config, { logger: pino({ level: 'silent' }) });
    const order = await shop.db
      .selectFrom('orders')
      .select('status')
      .where('order_number', '=', 'EB-CRASHED2')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('failed');
    const after = await shop.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.quantity_on_hand).toBe(product.quantity_on_hand);
  }, 60_000);
});
