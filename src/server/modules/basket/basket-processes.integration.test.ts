import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { buildApp } from '../../app.ts';
import {
  createTestApp,
  ENGINES,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';

type Data = { data: BasketView };

/**
 * Two API processes with their caches on, sharing one database, as behind a load
 * balancer: whatever one writes, the other shows at once.
 */
describe.each(ENGINES)('two API processes on one %s database', (engine) => {
  let first: TestApp;
  let second: FastifyInstance;
  let fernId: number;

  beforeAll(async () => {
    first = await createTestApp(engine, { catalogueCacheMs: 60_000 });
    second = await buildApp({
      db: first.handle.db,
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
    await first.close();
  });

  it('shows each process the other’s writes, despite cached views', async () => {
    const onFirst = new Shopper(first.app);
    await onFirst.post('/api/v1/basket', { product_id: fernId });
    const onSecond = new Shopper(second);
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);

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
});
