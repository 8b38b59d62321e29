/**
 * Two shop processes on one PostgreSQL database, as behind a load balancer with no
 * sticky sessions: each is a real child process (`node --import tsx src/server/main.ts`)
 * on its own port, and every request of a journey goes to the other process than the
 * one before, with the same cookies and bearer token. Runs only when TEST_DATABASE_URL
 * is set (PGlite belongs to one process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../domain/api/basket.ts';
import type { FamilyView } from '../domain/api/catalogue.ts';
import type { OrderView } from '../domain/api/order.ts';
import { DUMMY_TOKEN } from './adapters/captcha/port.ts';
import { LOGIN_LIMITS } from './modules/auth/auth.service.ts';
import {
  CAPTCHA_FIELD,
  DEVICE_DATA,
  deliveryAddress,
  FRICTIONLESS_3DS,
} from './testing/checkout.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-app.ts';
import { freePort } from '../../tools/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 45_000;

interface ShopProcess {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The shop's production entry in a child process on `databaseUrl`. Vendor settings a
 * developer's .env might hold are set empty (main.ts's .env never overrides a set
 * variable; config treats empty as unset), so payments stay in test mode.
 */
async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_POOL_SIZE: '4',
      BRAINTREE_MERCHANT_ID: '',
      BRAINTREE_PUBLIC_KEY: '',
      BRAINTREE_PRIVATE_KEY: '',
      BRAINTREE_ENVIRONMENT: '',
      TURNSTILE_SITE_KEY: '',
      TURNSTILE_SECRET_KEY: '',
      SMTP_URL: '',
      METRICS_TOKEN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const record = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const origin = `http://${HOST}:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!running()) throw new Error(`A shop process exited while starting:\n${output.join('')}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`A shop process did not get ready in time:\n${output.join('')}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { origin, stop };
}

interface Reply<T = any> {
  status: number;
  body: T;
  origin: string;
}

/**
 * A browser whose requests a load balancer without sticky sessions spreads: each goes
 * to the next origin in turn. Keeps its cookies and, once signed in, its bearer token.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  private turn: number;

  constructor(
    private readonly origins: string[],
    start = 0,
    private readonly forwardedFor?: string,
  ) {
    this.turn = start;
  }

  async send<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    origin = this.origins[this.turn++ % this.origins.length] ?? '',
  ): Promise<Reply<T>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.forwardedFor ? { 'x-forwarded-for': this.forwardedFor } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value && !/max-age=0/i.test(line)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json') && text;
    return { status: response.status, body: (json ? JSON.parse(text) : text) as T, origin };
  }

  get<T = any>(path: string) {
    return this.send<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.send<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.send<T>('PUT', path, body);
  }

  async logIn(email: string, password: string): Promise<Reply> {
    const reply = await this.post('/api/v1/auth/login', {
      email,
      password,
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    if (reply.status === 200) this.token = reply.body.data.token as string;
    return reply;
  }

  pay(headers: Record<string, string> = {}, origin?: string) {
    return this.send(
      'POST',
      '/api/v1/basket/order',
      { payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA },
      headers,
      origin,
    );
  }
}

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)(
  'two shop processes on one PostgreSQL database (skipped: TEST_DATABASE_URL is unset)',
  () => {
    let handle: TestDatabase;
    let mediaDir: string;
    const shops: ShopProcess[] = [];
    let origins: string[];
    let idOf: (sku: string) => number;

    beforeAll(async () => {
      handle = await openTestDatabase('postgres');
      mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-two-processes-'));
      // Shared as a deployment shares them: the database, the cookie secret (from which
      // the test-mode gateway's secret is derived), and one proxy in front.
      const env = {
        DATABASE_URL: handle.url ?? '',
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        MEDIA_DIR: mediaDir,
        TRUST_PROXY: 'loopback',
        CATALOGUE_CACHE_SECONDS: '60',
      };
      const started = await Promise.allSettled([startShop(env), startShop(env)]);
      for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      origins = shops.map((shop) => shop.origin);
      const products = await new Browser(origins).get<{ data: { products: FamilyView[] } }>(
        '/api/v1/products',
      );
      const ids = new Map(
        products.body.data.products.flatMap((family) =>
          family.variations.map((variation) => [variation.sku, variation.id] as const),
        ),
      );
      idOf = (sku) => ids.get(sku) ?? Number.NaN;
    }, 100_000);

    afterAll(async () => {
      await Promise.all(shops.map((shop) => shop.stop()));
      await handle?.close();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    }, 30_000);

    const stockOf = async (sku: string) =>
      (
        await handle.db
          .selectFrom('products')
          .select('quantity_on_hand')
          .where('id', '=', idOf(sku))
          .executeTakeFirstOrThrow()
      ).quantity_on_hand;

    const chargesFor = (publicId: string) =>
      handle.db
        .selectFrom('payment_ledger')
        .select(['amount', 'status'])
        .where('order_id', '=', publicId)
        .where('kind', '=', 'sale')
        .where('charged', '=', true)
        .execute();

    /** Items, details (guests: an email), delivery and a voucher, each answered 200. */
    async function fill(browser: Browser, items: [string, number][], voucher?: string) {
      for (const [sku, quantity] of items) {
        const added = await browser.post('/api/v1/basket', { product_id: idOf(sku), quantity });
        expect(added.status, `add ${sku} on ${added.origin}`).toBe(200);
      }
      const details = await browser.put('/api/v1/basket/details', {
        ...(browser.token ? {} : { email_address: 'ada@example.com' }),
        ...deliveryAddress(),
      });
      expect(details.status, `details on ${details.origin}`).toBe(200);
      const basket = await browser.get<{ data: BasketView }>('/api/v1/basket');
      const option = basket.body.data.available_delivery_options.find(
        (o) => o.id === 'uk-standard',
      );
      expect(option, `delivery options on ${basket.origin}`).toBeDefined();
      const delivery = await browser.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
      expect(delivery.status, `delivery on ${delivery.origin}`).toBe(200);
      if (voucher) {
        const applied = await browser.put('/api/v1/basket/voucher', { voucher_code: voucher });
        expect(applied.status, `voucher on ${applied.origin}`).toBe(200);
      }
    }

    it('completes guest and signed-in checkouts whose requests alternate between the processes', async () => {
      const olive = 5499;
      const fern = 3499;
      const guest = new Browser(origins, 0);
      await fill(
        guest,
        [
          ['OLV-90-GRY', 1],
          ['FERN-BOS', 1],
        ],
        'WELCOME10',
      );
      const placed = await guest.pay();
      expect(placed.status).toBe(201);
      const publicId: string = placed.body.data.public_id;
      // Read on both processes: the signed orders cookie holds on either.
      for (const origin of origins) {
        const read = await guest.send<{ data: { order: OrderView } }>(
          'GET',
          `/api/v1/orders/${publicId}`,
          undefined,
          {},
          origin,
        );
        expect(read.status, origin).toBe(200);
        expect(read.body.data.order).toMatchObject({
          public_id: publicId,
          status: 'paid',
          email_address: 'ada@example.com',
          discounted_prices: { total: { amount: Math.round((olive + fern) * 0.9) } },
        });
      }
      expect(await chargesFor(publicId)).toEqual([
        { amount: Math.round((olive + fern) * 0.9), status: 'submitted_for_settlement' },
      ]);
      for (const origin of origins) {
        const after = await guest.send('GET', '/api/v1/basket', undefined, {}, origin);
        expect(after.body.data.items, origin).toEqual([]);
      }

      // A signed-in customer: the bearer token from one process is honoured by the other.
      const customer = new Browser(origins, 1);
      expect((await customer.logIn('demo@example.com', 'plants-demo')).status).toBe(200);
      expect((await customer.post('/api/v1/basket/acquire')).status).toBe(200);
      await fill(customer, [['FERN-BOS', 2]]);
      const paid = await customer.pay();
      expect(paid.status).toBe(201);
      const own: string = paid.body.data.public_id;
      const history = await customer.get<{ data: { orders: { public_id: string }[] } }>(
        '/api/v1/user/orders',
      );
      expect(history.body.data.orders.map((o) => o.public_id)).toContain(own);
      const read = await customer.get<{ data: { order: OrderView } }>(`/api/v1/orders/${own}`);
      expect(read.body.data.order).toMatchObject({ status: 'paid', items: [{ quantity: 2 }] });
      // Signing out on one process ends the token on both.
      expect((await customer.post('/api/v1/auth/logout')).status).toBe(200);
      for (const origin of origins) {
        const refused = await customer.send('GET', '/api/v1/user', undefined, {}, origin);
        expect(refused.status, origin).toBe(401);
      }
    }, 30_000);

    it('sells 5 in stock to exactly 5 of 12 shoppers paying at once on both processes', async () => {
      expect(await stockOf('BOP-150')).toBe(5);
      const shoppers = Array.from({ length: 12 }, (_, i) => new Browser(origins, i));
      await Promise.all(shoppers.map((shopper) => fill(shopper, [['BOP-150', 1]])));
      const replies = await Promise.all(shoppers.map((shopper) => shopper.pay()));
      expect(new Set(replies.map((reply) => reply.origin))).toEqual(new Set(origins));
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
      for (const refused of replies.filter((reply) => reply.status !== 201))
        expect(refused.body.error_type).toBe('insufficient_stock');
      expect(await stockOf('BOP-150')).toBe(0);
      const paid = await handle.db
        .selectFrom('orders')
        .select('public_id')
        .where('status', '=', 'paid')
        .where(
          sql<boolean>`snapshot->'items' @> ${JSON.stringify([{ product: { sku: 'BOP-150' } }])}::jsonb`,
        )
        .execute();
      expect(paid).toHaveLength(5);
    }, 30_000);

    it('places one order and one charge for one Idempotency-Key sent to both processes', async () => {
      const browser = new Browser(origins);
      await fill(browser, [['OLV-90-GRY', 1]]);
      const key = { 'idempotency-key': `two-processes-${randomBytes(8).toString('hex')}` };
      const replies = await Promise.all(origins.map((origin) => browser.pay(key, origin)));
      // One placed it; the other answered that order, or that it is still being paid for.
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
      const publicId: string = replies.find((reply) => reply.status === 201)?.body.data.public_id;
      for (const reply of replies.filter((r) => r.status !== 201)) {
        if (reply.status === 200) expect(reply.body.data.public_id).toBe(publicId);
        else expect(reply.body.error_type, JSON.stringify(reply.body)).toBe('order_failed');
      }
      for (const origin of origins) {
        const again = await browser.pay(key, origin);
        expect(again.status, origin).toBe(200);
        expect(again.body.data.public_id).toBe(publicId);
      }
      const orders = await handle.db
        .selectFrom('orders')
        .select('public_id')
        .where('idempotency_key', '=', key['idempotency-key'])
        .execute();
      expect(orders).toEqual([{ public_id: publicId }]);
      expect(await chargesFor(publicId)).toHaveLength(1);
    }, 30_000);

    it('counts failed logins on both processes together against one limit', async () => {
      const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
      const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const browser = new Browser(origins, 0, address);
      const registered = await browser.post('/api/v1/auth/register', {
        first_name: 'Rate',
        last_name: 'Limited',
        email,
        password: 'the-right-password',
        [CAPTCHA_FIELD]: DUMMY_TOKEN,
      });
      expect(registered.status).toBeLessThan(300);
      const seen = new Set<string>();
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++) {
        const reply = await browser.logIn(email, `wrong-password-${i}`);
        expect(reply.status).toBe(401);
        seen.add(reply.origin);
      }
      expect(seen).toEqual(new Set(origins));
      // The allowance is spent across both: the right password is refused on either.
      for (let i = 0; i < origins.length; i++) {
        const refused = await browser.logIn(email, 'the-right-password');
        expect(refused.status, refused.origin).toBe(429);
        expect(refused.body.error_type).toBe('rate_limit');
      }
    }, 30_000);
  },
);
