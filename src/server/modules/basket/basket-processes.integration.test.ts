import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import {
  createTestApp,
  ENGINES,
  Shopper,
  type TestApp,
  appOnDatabase,
} from '../../testing/test-app.ts';

type Data = { data: BasketView };

/** Counts the queries a process runs (by their results: some are compiled only once). */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    this.count += 1;
    return args.result;
  };
}

/**
 * Two API processes with their caches on, sharing one database, as behind a load
 * balancer. On PostgreSQL each has its own connections; on PGlite (one process owns
 * the database) they share the engine.
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
    second = await appOnDatabase(secondHandle.db.withPlugin(secondQueries), {
      catalogueCacheMs: 60_000,
    });
    const products = (
      await new Shopper(first.app).get<{ data: { products: FamilyView[] } }>(
        '/api/v1/products?per_page=100',
      )
    ).body.data.products;
    fernId = products.flatMap((p) => p.variations).find((v) => v.sku === 'FERN-BOS')?.id ?? 0;
  });
  afterAll(async () => {
    await second.close();
    if (secondHandle !== first.handle) await secondHandle.close();
    await first.close();
  });

  async function shoppers() {
    const onFirst = new Shopper(first.app);
    await onFirst.post('/api/v1/basket', { product_id: fernId });
    const onSecond = new Shopper(second);
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
    return { onFirst, onSecond };
  }

  it('shows each process the other’s writes at once, despite cached views', async () => {
    const { onFirst, onSecond } = await shoppers();

    // Both processes have now seen (and cached) the basket with one fern.
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(1);
    expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(1);

    await onSecond.post('/api/v1/basket', { product_id: fernId, quantity: 2 });
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(3);

    const itemId = (await onFirst.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
    await onFirst.put('/api/v1/basket/voucher', { voucher_code: 'WELCOME10' });
    const seen = (await onSecond.get<Data>('/api/v1/basket')).body.data;
    expect(seen.voucher).toEqual({ code: 'WELCOME10', valid: true, message: null });

    await onSecond.delete(`/api/v1/basket/${itemId}`);
    expect((await onFirst.get<Data>('/api/v1/basket')).body.data.items).toEqual([]);
  });

  it('answers a basket no one has changed with one version read, and re-reads it after a write elsewhere', async () => {
    const { onFirst, onSecond } = await shoppers();
    const seen = (await onSecond.get<Data>('/api/v1/basket')).body.data;

    let before = secondQueries.count;
    const again = await onSecond.get<Data>('/api/v1/basket');
    expect(again.body.data).toEqual(seen);
    expect(secondQueries.count - before).toBe(1);

    // A change in the other process bumps the version: the next answer reads the basket.
    await onFirst.post('/api/v1/basket', { product_id: fernId });
    before = secondQueries.count;
    expect((await onSecond.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(2);
    expect(secondQueries.count - before).toBe(2);
    before = secondQueries.count;
    await onSecond.get('/api/v1/basket');
    expect(secondQueries.count - before).toBe(1);
  });
});
