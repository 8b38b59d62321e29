import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/notifications.ts';
import {
  createTestApp,
  ENGINES,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';

type Data = { data: BasketView };

/** Counts the queries a process sends to the database. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.count += 1;
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/**
 * Two API processes with their caches on, sharing one database, as behind a load
 * balancer. On PostgreSQL each has its own connections and its own notification
 * listener; on PGlite (one process owns the database) they share the engine.
 */
describe.each(ENGINES)('two API processes on one %s database', (engine) => {
  let first: TestApp;
  let secondHandle: DatabaseHandle;
  let second: FastifyInstance;
  const secondQueries = new QueryCounter();
  let fernId: number;

  beforeAll(async () => {
    first = await createTestApp(engine, { catalogueCacheMs: 60_000 });
    secondHandle = first.handle.url
      ? await openDatabase({ kind: 'postgres', url: first.handle.url, poolSize: 2 })
      : first.handle;
    second = await buildApp({
      db: secondHandle.db.withPlugin(secondQueries),
      notifications: secondHandle.notifications,
      cookieSecret: TEST_COOKIE_SECRET,
      logger: false,
      catalogueCacheMs: 60_000,
    });
    await second.ready();
    const products = (
      await new Shopper(first.app).get<{ data: { products: FamilyView[] } }>('/api/v1/products')
    ).body.data.products;
    fernId = products.flatMap((p) => p.variations).find((v) => v.sku === 'FERN-BOS')?.id ?? 0;
  });
  afterAll(async () => {
    await second.close();
    if (secondHandle !== first.handle) await secondHandle.close();
    await first.close();
  });

  /** Waits until each process has received the database's notifications so far. */
  const settle = () =>
    Promise.all([first.handle.notifications.caughtUp(), secondHandle.notifications.caughtUp()]);

  async function shoppers() {
    const onFirst = new Shopper(first.app);
    await onFirst.post('/api/v1/basket', { product_id: fernId });
    const onSecond = new Shopper(second);
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
    return { onFirst, onSecond };
  }

  it('shows each process the other’s writes, despite cached views', async () => {
    const { onFirst, onSecond } = await shoppers();
    await settle();

    // Both processes have now seen (and cached) the basket with one fern.
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(1);
    expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(1);

    await onSecond.post('/api/v1/basket', { product_id: fernId, quantity: 2 });
    await settle();
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(3);

    const itemId = (await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
    await onFirst.put('/api/v1/basket/voucher', { voucher_code: 'WELCOME10' });
    await settle();
    const seen = (await onSecond.get<Data>('/api/v1/basket')).body.data;
    expect(seen.voucher).toEqual({ code: 'WELCOME10', valid: true, message: null });

    await onSecond.delete(`/api/v1/basket/${itemId}`);
    await settle();
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items).toEqual([]);
  });

  it('answers a basket no one has changed from memory, without a database query', async () => {
    const { onFirst, onSecond } = await shoppers();
    await settle();
    const first = (await onSecond.get<Data>('/api/v1/basket')).body.data;

    const before = secondQueries.count;
    const again = await onSecond.get<Data>('/api/v1/basket');
    expect(again.body.data).toEqual(first);
    expect(secondQueries.count).toBe(before);

    // A change elsewhere costs the next answer one read, then memory again.
    await onFirst.post('/api/v1/basket', { product_id: fernId });
    await settle();
    expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(2);
    expect(secondQueries.count).toBeGreaterThan(before);
    const afterRead = secondQueries.count;
    await onSecond.get('/api/v1/basket');
    expect(secondQueries.count).toBe(afterRead);
  });

  // PGlite's notifications cannot be lost: it delivers them in the committing call.
  if (engine === 'postgres') {
    it('checks every view against the database while notifications are lost', async () => {
      const { onFirst, onSecond } = await shoppers();
      await settle();
      await onSecond.get('/api/v1/basket');

      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = ${LISTENER_APPLICATION_NAME}
                  AND datname = current_database()`.execute(first.handle.db);
      await vi.waitFor(() => expect(secondHandle.notifications.live).toBe(false));

      // Without notifications, the other process's write shows at once all the same.
      await onFirst.post('/api/v1/basket', { product_id: fernId, quantity: 4 });
      expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(5);

      await vi.waitFor(() => expect(secondHandle.notifications.live).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
      await onSecond.get('/api/v1/basket');
      await onFirst.post('/api/v1/basket', { product_id: fernId });
      await settle();
      expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(6);
    });
  }
});
