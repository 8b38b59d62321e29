import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { TEST_MODE_FAULTS } from '../../adapters/payments/test-mode-routes.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { DEVICE_DATA, deliveryAddress, FRICTIONLESS_3DS } from '../../testing/checkout.ts';
import {
  ENGINES,
  openTestDatabase,
  type EngineKind,
  type TestDatabase,
} from '../../testing/test-app.ts';

/** The spawned shop's port (this suite's own; ADR 030). */
const PORT = 3432;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = resolve(import.meta.dirname, '../../../..');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}

/** The shop as `npm run dev` runs it, in its own process. */
class ShopProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  readonly exited: Promise<NodeJS.Signals | number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        // The database comes seeded: the demo's pictures and accounts are not needed.
        SEED_DEMO: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr])
      stream?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((done) =>
      this.child.once('exit', (code, signal) => done(signal ?? code)),
    );
  }

  async ready(): Promise<void> {
    await until('the shop to answer', async () => {
      if (this.child.exitCode !== null) throw new Error(`shop exited:\n${this.output.join('')}`);
      return (await fetch(`${BASE}/healthz`)).ok || undefined;
    });
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** A browser over real HTTP: keeps its cookies. */
class HttpShopper {
  private readonly cookies = new Map<string, string>();

  async send(method: string, path: string, body?: unknown) {
    const response = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, body: (await response.json()) as any };
  }

  async fill(productId: number): Promise<void> {
    expect((await this.send('POST', '/api/v1/basket', { product_id: productId })).status).toBe(200);
    const details = { email_address: 'ada@example.com', ...deliveryAddress() };
    expect((await this.send('PUT', '/api/v1/basket/details', details)).status).toBe(200);
    const option = { option_id: 'uk-standard' };
    expect((await this.send('PUT', '/api/v1/basket/delivery', option)).status).toBe(200);
  }

  pay() {
    return this.send('POST', '/api/v1/basket/order', {
      payment_method_nonce: FRICTIONLESS_3DS,
      device_data: DEVICE_DATA,
    });
  }
}

const holding = async () =>
  ((await (await fetch(`${BASE}${TEST_MODE_FAULTS}`)).json()) as { data: { holding: number } }).data
    .holding;

/** What the database says about the baskets holding `sku`: orders, money held, stock. */
async function outcome(db: Db, sku: string) {
  const orders = await db
    .selectFrom('orders')
    .select(['public_id', 'status'])
    .where(sql<boolean>`snapshot->'items' @> ${JSON.stringify([{ product: { sku } }])}::jsonb`)
    .orderBy('id')
    .execute();
  const charges = orders.length
    ? await db
        .selectFrom('payment_ledger')
        .select('order_id')
        .where(
          'order_id',
          'in',
          orders.map((order) => order.public_id),
        )
        .where('kind', '=', 'sale')
        .where('charged', '=', true)
        .execute()
    : [];
  const { quantity_on_hand: stock } = await db
    .selectFrom('products')
    .select('quantity_on_hand')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return {
    statuses: orders.map((order) => order.status),
    charged: charges.map((charge) => orders.findIndex((o) => o.public_id === charge.order_id)),
    stock,
  };
}

/**
 * The shop's process killed (SIGKILL: no shutdown, no finally) while orders are being
 * charged, and while one's transaction is open, then started again on the same
 * database: each order ends paid or failed as the gateway went, stock follows, nothing
 * is charged twice, and the shoppers' retries are answered sensibly.
 */
describe.each(ENGINES)('killing the shop mid-order on %s', (engine: EngineKind) => {
  let dataDir: string | undefined;
  let postgres: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.kill('SIGKILL');
    await postgres?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('settles every order from the gateway after the restart, charging each once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'everbloom-kill-'));
    const env: Record<string, string> = { MEDIA_DIR: join(dataDir, 'media') };
    /** PGlite: the database as the tests' template has it, in a folder a process owns. */
    const openPglite = async () => {
      const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir!, 'db') });
      await sql`SELECT 1`.execute(handle.db);
      return handle;
    };
    if (engine === 'postgres') {
      postgres = await openTestDatabase('postgres');
      env.DATABASE_URL = postgres.url!;
    } else {
      const seeded = await openDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'db'),
        loadDataDir: new Blob([await readFile(inject('pgliteDumpPath'))]),
      });
      // A handle never queried is not really closed (and its folder not written).
      await sql`SELECT 1`.execute(seeded.db);
      await seeded.close();
      env.DATA_DIR = join(dataDir, 'db');
    }
    const skus = {
      slow: 'KENTIA-120',
      lost: 'BAY-90-GRY',
      open: 'OLV-90-GRY',
    };
    const before: Record<string, number> = {};
    const reading = postgres ?? (await openPglite());
    for (const sku of Object.values(skus)) before[sku] = (await outcome(reading.db, sku)).stock;
    if (!postgres) await reading.close();

    const first = new ShopProcess(env);
    shops.push(first);
    await first.ready();
    const products = (await new HttpShopper().send('GET', '/api/v1/products?per_page=100')).body
      .data.products as FamilyView[];
    const idOf = (sku: string) =>
      products.flatMap((p) => p.variations).find((v) => v.sku === sku)!.id;

    // The gateway charges the first sale and then takes its time answering; the second
    // hangs without charging (a timeout on its way).
    const slow = new HttpShopper();
    const lost = new HttpShopper();
    await slow.fill(idOf(skus.slow));
    await lost.fill(idOf(skus.lost));
    const faults = await new HttpShopper().send('POST', TEST_MODE_FAULTS, {
      sales: [
        { kind: 'slow', delay_ms: 120_000 },
        { kind: 'timeout', charged: false, delay_ms: 120_000 },
      ],
    });
    expect(faults.status).toBe(200);
    // One after the other: the faults go to the sales in the order they reach the gateway.
    const inFlight = [slow.pay().catch(() => null)];
    await until('the slow sale in flight', async () =>
      (await holding()) === 1 ? true : undefined,
    );
    inFlight.push(lost.pay().catch(() => null));
    await until('both sales in flight', async () => ((await holding()) === 2 ? true : undefined));

    // PostgreSQL: a third order's transaction held open (its stock taken, waiting on a
    // row this test has locked) when the process dies.
    let locker: pg.Client | undefined;
    let open: HttpShopper | undefined;
    if (postgres) {
      open = new HttpShopper();
      await open.fill(idOf(skus.open));
      locker = new pg.Client({ connectionString: env.DATABASE_URL });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM products WHERE sku = $1 FOR UPDATE`, [skus.open]);
      inFlight.push(open.pay().catch(() => null));
      await until('the order transaction to wait on the lock', async () => {
        const { rows } = await locker!.query(
          `SELECT 1 FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows.length > 0 ? true : undefined;
      });
    }

    await first.kill('SIGKILL');
    await Promise.all(inFlight);
    if (locker) {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    if (postgres) {
      // Another process might still be charging a young pending order, so on a shared
      // database reconciliation waits until they are older than any charge can take:
      // here, as if the restart came that much later.
      await postgres.db
        .updateTable('orders')
        .set({ created_at: sql<string>`now() - interval '11 minutes'` } as never)
        .where('status', '=', 'pending')
        .execute();
    }

    const second = new ShopProcess(env);
    shops.push(second);
    await second.ready();

    // The charged order was completed at start; the shopper's retry is told its id.
    const paidRetry = await slow.pay();
    expect(paidRetry.status).toBe(200);
    const paid = await slow.send('GET', `/api/v1/orders/${paidRetry.body.data.public_id}`);
    expect(paid.body.data.order.status).toBe('paid');
    // The uncharged one was failed, its stock put back: the retry places a new order.
    const lostRetry = await lost.pay();
    expect(lostRetry.status).toBe(201);
    if (open) expect((await open.pay()).status).toBe(201);

    await second.kill('SIGTERM');
    const after = postgres ?? (await openPglite());
    try {
      expect(await outcome(after.db, skus.slow)).toEqual({
        statuses: ['paid'],
        charged: [0],
        stock: before[skus.slow]! - 1,
      });
      expect(await outcome(after.db, skus.lost)).toEqual({
        statuses: ['failed', 'paid'],
        charged: [1],
        stock: before[skus.lost]! - 1,
      });
      if (open)
        expect(await outcome(after.db, skus.open)).toEqual({
          statuses: ['paid'],
          charged: [0],
          stock: before[skus.open]! - 1,
        });
      const pending = await after.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      expect(pending).toEqual([]);
    } finally {
      if (!postgres) await after.close();
    }
  }, 120_000);
});
