import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { migrationNames } from '../db/migrate.ts';
import { appOnDatabase } from '../testing/test-app.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../testing/checkout.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

const TOKEN = 'metrics-token-of-at-least-24-chars';

/** The value of one sample in Prometheus's text format, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

describe.each(ENGINES)('operations endpoints on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  let id: (sku: string) => number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    shopper = new Shopper(t.app);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  const metrics = async () => {
    const reply = await shopper.get<string>('/metrics');
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
    return reply.body;
  };
  const setStock = (code: string, quantity: number) =>
    t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: quantity })
      .where('id', '=', id(code))
      .execute();

  /** A browser with a complete basket: items, email, delivery address and option. */
  const readyToPay = (code: string, quantity = 1) =>
    fillBasket(new Browser(t.app), id, [[code, quantity]]);
  const pay = (browser: Browser, nonce: string) => browser.pay(nonce);

  it('answers /healthz while the process runs, and keeps /api/v1/health', async () => {
    for (const url of ['/healthz', '/api/v1/health']) {
      const reply = await shopper.get(url);
      expect(reply.status, url).toBe(200);
      expect(reply.body, url).toEqual({ data: { status: 'ok' } });
    }
  });

  it('answers /readyz with 200 while the database answers', async () => {
    const reply = await shopper.get('/readyz');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { status: 'ok' } });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route pattern, never by raw URL', async () => {
    const product = id('FIG-90');
    expect((await shopper.get(`/api/v1/products/${product}`)).status).toBe(200);
    expect((await shopper.get('/api/v1/no-such-thing?x=1')).status).toBe(404);
    const text = await metrics();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/v1/products/:id',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        route: '/api/v1/products/:id',
        method: 'GET',
        status_class: '2xx',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/v1/products/${product}"`);
    expect(text).not.toContain('no-such-thing');
    // prom-client's process metrics come too.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('counts an order created, by payment type', async () => {
    const before = sample(await metrics(), 'everbloom_orders_created_total', {
      payment_type: 'credit_card',
    });
    const reply = await pay(await readyToPay('OLV-90-GRY'), FRICTIONLESS_3DS);
    expect(reply.status).toBe(201);
    const after = sample(await metrics(), 'everbloom_orders_created_total', {
      payment_type: 'credit_card',
    });
    expect(after).toBe(before + 1);
  });

  it('counts a refused payment by its catalogue type', async () => {
    const labels = { type: 'payment_method_error' };
    const before = sample(await metrics(), 'everbloom_payment_failures_total', labels);
    const reply = await pay(await readyToPay('FIG-90'), 'fake-processor-declined-visa-nonce');
    expect(reply.status).toBe(422);
    expect(reply.body.error_type).toBe('payment_method_error');
    expect(sample(await metrics(), 'everbloom_payment_failures_total', labels)).toBe(before + 1);
  });

  it('counts stock-outs in the basket and when ordering', async () => {
    const basketStage = { type: 'insufficient_stock', stage: 'basket' };
    const orderStage = { type: 'insufficient_stock', stage: 'order' };
    const before = await metrics();

    await setStock('KENTIA-180', 1);
    const tooMany = await new Shopper(t.app).post('/api/v1/basket', {
      product_id: id('KENTIA-180'),
      quantity: 2,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error_type).toBe('insufficient_stock');

    const browser = await readyToPay('KENTIA-180');
    await setStock('KENTIA-180', 0);
    const sold = await pay(browser, FRICTIONLESS_3DS);
    expect(sold.status).toBe(409);
    expect(sold.body.error_type).toBe('insufficient_stock');

    const after = await metrics();
    expect(sample(after, 'everbloom_stock_outs_total', basketStage)).toBe(
      sample(before, 'everbloom_stock_outs_total', basketStage) + 1,
    );
    expect(sample(after, 'everbloom_stock_outs_total', orderStage)).toBe(
      sample(before, 'everbloom_stock_outs_total', orderStage) + 1,
    );
  });

  it('shows /metrics to callers on this machine only, when no token is set', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(401);
    expect(remote.json()).toEqual({
      error_type: 'unauthorized',
      message: 'You do not have permission to perform that action.',
    });
    // A proxy on this machine relaying someone else's request is not a local caller.
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(401);
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });
});

describe.each(ENGINES)('operations endpoints on %s, configured', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('answers /readyz 503 while the database cannot be reached, /healthz still 200', async () => {
    const t = await createTestApp(engine);
    apps.push({ ...t, close: () => t.app.close() });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.handle.close();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error_type: 'service_unavailable',
      message: 'The shop is not ready, please try again shortly.',
    });
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
  });

  it('answers /readyz 503 until the database has every migration this build has', async () => {
    const t = await createTestApp(engine);
    apps.push(t);
    const latest = (await migrationNames()).at(-1)!;
    await t.handle.db.deleteFrom('schema_migrations').where('name', '=', latest).execute();
    const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().error_type).toBe('service_unavailable');
    await t.handle.db.insertInto('schema_migrations').values({ name: latest }).execute();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, shows /metrics to its bearer only, wherever they call from', async () => {
    const t = await createTestApp(engine, { metricsAccess: { token: TOKEN } });
    apps.push(t);
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const refusals: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-the-same-length-xx' },
      { authorization: TOKEN },
    ];
    // Even from this machine: with a token set, being local is not enough.
    for (const headers of refusals) {
      const refused = await get(headers, '127.0.0.1');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json().error_type).toBe('unauthorized');
    }
    const allowed = await get({ authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds_bucket');
  });

  it('does not serve /metrics when access is off (production without a token)', async () => {
    const t = await createTestApp(engine, { metricsAccess: 'off' });
    apps.push(t);
    const reply = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error_type: 'not_found', message: 'Not found' });
  });
});

describe('readiness against a database nothing has migrated', () => {
  it('answers /readyz 503 (an empty database answers SELECT 1, but has no tables)', async () => {
    const empty = await openDatabase({ kind: 'pglite' });
    const app = await appOnDatabase(empty.db);
    try {
      const reply = await app.inject({ method: 'GET', url: '/readyz' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({
        error_type: 'service_unavailable',
        message: 'The shop is not ready, please try again shortly.',
      });
    } finally {
      await app.close();
      await empty.close();
    }
  });
});
