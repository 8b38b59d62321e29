import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testModeGateway } from '../adapters/payments/test-mode.ts';
import { connectionFailure } from '../db/connection-errors.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../testing/checkout.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-app.ts';

describe('which failures mean the database is unreachable', () => {
  it.each([
    [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      'SQLSTATE 57P01',
    ],
    [{ code: '08006', message: 'connection failure' }, 'SQLSTATE 08006'],
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      'ECONNREFUSED',
    ],
    [new Error('Connection terminated unexpectedly'), 'Connection terminated unexpectedly'],
    [
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded when trying to connect',
    ],
    [new Error('wrapped', { cause: { code: 'ECONNRESET' } }), 'ECONNRESET'],
    [new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), 'ECONNREFUSED'],
    [new Error('driver has already been destroyed'), 'driver has already been destroyed'],
    [new Error('PGlite is closing'), 'PGlite is closing'],
    // The database's name stops resolving (a managed database's failover, DNS down).
    [
      Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' }),
      'ENOTFOUND',
    ],
  ])('%o is one (%s)', (error, reason) => {
    expect(connectionFailure(error)).toBe(reason);
  });

  it.each([
    { code: '23505', message: 'duplicate key value violates unique constraint' },
    { code: '40P01', message: 'deadlock detected' },
    new Error('something else'),
    null,
  ])('%o is not', (error) => {
    expect(connectionFailure(error)).toBeNull();
  });
});

/**
 * A TCP proxy between the app and PostgreSQL that can be cut (every connection dropped,
 * new ones refused: the database is down) and restored on the same port.
 */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones. */
  cut(): void {
    this.server?.close();
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
  }
}

const TEST_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_URL)('PostgreSQL lost during requests', () => {
  let handle: TestDatabase;
  let proxy: CuttableProxy;
  let proxied: DatabaseHandle;
  let app: FastifyInstance;
  let id: (sku: string) => number;
  const logLines: string[] = [];
  let password: string;
  /** When set, the next INSERT into orders (inside the order transaction) cuts the proxy first. */
  let cutBeforeOrderInsert = false;

  const cutter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (
        cutBeforeOrderInsert &&
        node.kind === 'InsertQueryNode' &&
        node.into?.table.identifier.name === 'orders'
      ) {
        cutBeforeOrderInsert = false;
        proxy.cut();
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };

  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
    const direct = new URL(handle.url!);
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const url = new URL(direct);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // A password in the URL must never reach the log (trust authentication ignores it).
    if (!url.password) url.password = 'not-for-the-logs-7f3a';
    password = decodeURIComponent(url.password);
    proxied = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 3 });
    app = await appOnDatabase(proxied.db.withPlugin(cutter), {
      logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
      // The gateway keeps its ledger over its own connection: the charges stay countable.
      payments: testModeGateway({ db: handle.db, secret: 'database-loss-gateway-secret' }),
    });
    id = await variationIds(app);
  });
  afterAll(async () => {
    proxy.cut();
    await app?.close();
    await proxied?.close();
    await handle?.close();
  });

  const stockOf = async (sku: string) =>
    (
      await handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', id(sku))
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  const SERVICE_UNAVAILABLE = {
    error_type: 'service_unavailable',
    message: 'The shop is not ready, please try again shortly.',
  };

  it('answers 503 service_unavailable while the database is down, says why in the log, and recovers when it is back', async () => {
    const browser = new Browser(app);
    expect((await browser.post('/api/v1/basket', { product_id: id('FERN-BOS') })).status).toBe(200);
    logLines.length = 0;
    proxy.cut();

    for (const request of [
      () => browser.get('/api/v1/basket'),
      () => browser.post('/api/v1/basket', { product_id: id('FERN-BOS') }),
      () => browser.get('/api/v1/products'),
    ]) {
      const reply = await request();
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual(SERVICE_UNAVAILABLE);
      expect(reply.headers['retry-after']).toBe('5');
    }
    expect((await browser.get('/readyz')).status).toBe(503);
    const explained = logLines.filter((line) => line.includes('database unavailable'));
    expect(explained).toHaveLength(3);
    // A connection the pool held idle fails as terminated; new ones are refused.
    expect(
      explained.map((line) => JSON.parse(line) as { level: number; database: string }),
    ).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: 50, database: 'ECONNREFUSED' })]),
    );
    expect(logLines.join('\n')).not.toContain(password);
    expect(logLines.join('\n')).not.toMatch(/\n\s+at /);

    await proxy.open();
    expect((await browser.get('/readyz')).status).toBe(200);
    const basket = await browser.get('/api/v1/basket');
    expect(basket.status).toBe(200);
    // The write refused while the database was down did not happen.
    expect(basket.body.data.items).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('leaves nothing half-written when the connection drops inside the order transaction, and the retry places the order once', async () => {
    const sku = 'KENTIA-120';
    const before = await stockOf(sku);
    const browser = await fillBasket(new Browser(app), id, [[sku, 2]]);
    cutBeforeOrderInsert = true;

    const cut = await browser.pay(FRICTIONLESS_3DS);
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual(SERVICE_UNAVAILABLE);
    // The stock it had taken in that transaction is back; no order, no charge.
    expect(await stockOf(sku)).toBe(before);
    const orders = await handle.db
      .selectFrom('orders')
      .select('status')
      .where(sql<boolean>`snapshot->'items' @> ${JSON.stringify([{ product: { sku } }])}::jsonb`)
      .execute();
    expect(orders).toEqual([]);

    await proxy.open();
    const retried = await browser.pay(FRICTIONLESS_3DS);
    expect(retried.status).toBe(201);
    expect(await stockOf(sku)).toBe(before - 2);
    const charges = await handle.db
      .selectFrom('payment_ledger')
      .select('amount')
      .where('order_id', '=', retried.body.data.public_id)
      .where('kind', '=', 'sale')
      .where('charged', '=', true)
      .execute();
    expect(charges).toHaveLength(1);
  });

  it('answers 503 (never 500) when the server ends the sessions, and serves the next requests on new connections', async () => {
    const browser = new Browser(app);
    await browser.get('/api/v1/products');
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
    `.execute(handle.db);
    const statuses: number[] = [];
    for (let i = 0; i < 10 && statuses.at(-1) !== 200; i++) {
      statuses.push((await browser.get('/api/v1/products')).status);
    }
    // A request may meet a connection the server has just ended: that one is a 503.
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });
});

describe.each(ENGINES)('a database closed under a running app on %s', (engine) => {
  it('answers 503 service_unavailable, never 500, for reads and writes alike', async () => {
    const handle = await openTestDatabase(engine);
    const app = await appOnDatabase(handle.db);
    try {
      const browser = new Browser(app);
      expect((await browser.get('/api/v1/products')).status).toBe(200);
      // What a shutdown does once its deadline has passed, with requests still arriving.
      await handle.close();
      for (const request of [
        () => browser.get('/api/v1/products'),
        () => browser.get('/api/v1/basket'),
        () => browser.post('/api/v1/basket', { product_id: 2 }),
      ]) {
        const reply = await request();
        expect(reply.status).toBe(503);
        expect(reply.body).toEqual({
          error_type: 'service_unavailable',
          message: 'The shop is not ready, please try again shortly.',
        });
      }
    } finally {
      await app.close();
    }
  });
});
