import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../domain/errors.ts';
import type { SaleResult } from '../../adapters/payments/port.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import {
  Browser,
  DEVICE_DATA,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  Shopper,
  type TestDatabase,
} from '../../testing/test-app.ts';
import {
  CLIENT_TOKEN_LIMIT,
  PAYMENT_FAILURE_LIMIT,
  paymentAttempts,
  type AttemptSubject,
} from './payment-attempts.ts';
import { paymentAttemptsRepository } from './payment-attempts.repository.ts';

/** A card the processor declines at verification (counted as a failure). */
const DECLINED = 'fake-processor-declined-visa-nonce';
/** Another test card, declined too: a different fingerprint. */
const DECLINED_OTHER_CARD = 'fake-gateway-rejected-fraud-nonce';
/** A card that fails 3-D Secure: the sale is refused (counted as a failure). */
const FAILED_3DS = 'fake-three-d-secure-visa-failed-authentication-nonce';

const LIMIT = PAYMENT_FAILURE_LIMIT.failures;
const WINDOW_MS = PAYMENT_FAILURE_LIMIT.windowMs;

/** The value of one sample in Prometheus's text format, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${wanted}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.each(ENGINES)('card testing defences on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let app: FastifyInstance;
  let id: (sku: string) => number;
  let clock = new Date();
  let ipCount = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({ db: handle.db, secret: 'card-testing-gateway-secret' });
    app = await appOnDatabase(handle.db, {
      payments: gateway,
      now: () => clock,
      // The shop's own limits, not the test defaults.
      cardTestingLimits: { failures: LIMIT, clientTokens: CLIENT_TOKEN_LIMIT.requests },
    });
    id = await variationIds(app);
    await handle.db.updateTable('products').set({ quantity_on_hand: 10_000 }).execute();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  beforeEach(() => {
    // Each test starts an hour after the last: earlier failures are out of the window.
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
  });

  /** An address of its own, so that only the key under test is shared. */
  const newIp = () => `198.51.100.${++ipCount % 250}`;
  const newEmail = () => `shopper-${randomUUID()}@example.com`;

  /** A guest from `ip` with a basket ready to pay, under `email`. */
  const guest = async (options: { ip?: string; email?: string } = {}) => {
    const browser = new Browser(app);
    browser.ip = options.ip ?? newIp();
    return fillBasket(browser, id, [['FIG-90', 1]], { email: options.email ?? newEmail() });
  };

  const metrics = async () => (await new Shopper(app).get<string>('/metrics')).body;
  const limited = async (key: string) =>
    sample(await metrics(), 'everbloom_payment_attempts_limited_total', { key });

  /** Verifications and sales the test gateway was asked for, in all. */
  const gatewayCalls = async () =>
    Number(
      (
        await handle.db
          .selectFrom('payment_ledger')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', 'in', ['verification', 'sale'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  const expectRateLimited = (reply: { status: number; body: unknown }) => {
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({
      error_type: 'rate_limit',
      message: errorCatalogue.rate_limit.message,
    });
  };

  it('refuses a client address its sixth attempt after five failures, with the catalogue’s 429, charging nothing', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) {
      const reply = await (await guest({ ip })).pay(DECLINED);
      expect(reply.status, `failure ${i + 1}`).toBe(422);
    }
    const before = await limited('address');
    const stock = (await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('id', '=', id('FIG-90'))
      .executeTakeFirstOrThrow())!.quantity_on_hand;
    const calls = await gatewayCalls();
    const browser = await guest({ ip });
    const reply = await browser.pay(FRICTIONLESS_3DS);
    expectRateLimited(reply);
    expect(await gatewayCalls()).toBe(calls);
    expect(await limited('address')).toBe(before + 1);
    // Nothing kept: the stock is back and the basket can be paid for later.
    const after = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('id', '=', id('FIG-90'))
      .executeTakeFirstOrThrow();
    expect(after.quantity_on_hand).toBe(stock);
    expect((await browser.get('/api/v1/basket')).body.data.items).toHaveLength(1);
    // Another address is not held back by it.
    expect((await (await guest()).pay(FRICTIONLESS_3DS)).status).toBe(201);
  });

  it('takes the client address from a trusted proxy’s X-Forwarded-For (TRUST_PROXY)', async () => {
    const proxied = await appOnDatabase(handle.db, {
      payments: gateway,
      now: () => clock,
      trustProxy: 1,
      cardTestingLimits: { failures: LIMIT, clientTokens: CLIENT_TOKEN_LIMIT.requests },
    });
    try {
      // Every request comes from the one proxy, on behalf of two clients.
      const proxy = '10.0.0.9';
      const [tester, shopper] = [newIp(), newIp()];
      const from = async (client: string, nonce: string) => {
        const browser = new Browser(proxied);
        browser.ip = proxy;
        await fillBasket(browser, id, [['FIG-90', 1]], { email: newEmail() });
        return browser.order(
          { payment_method_nonce: nonce, device_data: DEVICE_DATA },
          { 'x-forwarded-for': client },
        );
      };
      for (let i = 0; i < LIMIT; i++) {
        expect((await from(tester, DECLINED_OTHER_CARD)).status, `failure ${i + 1}`).toBe(422);
      }
      expectRateLimited(await from(tester, FRICTIONLESS_3DS));
      expect((await from(shopper, FRICTIONLESS_3DS)).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('counts failures per basket, whatever its address and email', async () => {
    const browser = await guest();
    for (let i = 0; i < LIMIT; i++) {
      browser.ip = newIp();
      const details = await browser.put('/api/v1/basket/details', { email_address: newEmail() });
      expect(details.status).toBe(200);
      expect((await browser.pay(FAILED_3DS)).status, `failure ${i + 1}`).toBe(422);
    }
    browser.ip = newIp();
    await browser.put('/api/v1/basket/details', { email_address: newEmail() });
    const before = await limited('basket');
    expectRateLimited(await browser.pay(FRICTIONLESS_3DS));
    expect(await limited('basket')).toBe(before + 1);
  });

  it('counts failures per email address, in any case, across baskets and addresses', async () => {
    const email = newEmail();
    for (let i = 0; i < LIMIT; i++) {
      const browser = await guest({ email: i % 2 ? email.toUpperCase() : email });
      expect((await browser.pay(DECLINED)).status, `failure ${i + 1}`).toBe(422);
    }
    const before = await limited('email');
    expectRateLimited(await (await guest({ email })).pay(FRICTIONLESS_3DS));
    expect(await limited('email')).toBe(before + 1);
    expect((await (await guest()).pay(FRICTIONLESS_3DS)).status).toBe(201);
  });

  it('counts failures per card fingerprint, refusing that card anywhere but not another', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await (await guest()).pay(DECLINED)).status, `failure ${i + 1}`).toBe(422);
    }
    const before = await limited('card');
    const calls = await gatewayCalls();
    // The same card from a fresh basket, email and address: refused before verification.
    expectRateLimited(await (await guest()).pay(DECLINED));
    expect(await gatewayCalls()).toBe(calls);
    expect(await limited('card')).toBe(before + 1);
    // Another card is asked about as usual.
    expect((await (await guest()).pay(DECLINED_OTHER_CARD)).status).toBe(422);
  });

  it('counts failures for 15 minutes from each failure', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) {
      expect((await (await guest({ ip })).pay(DECLINED_OTHER_CARD)).status).toBe(422);
    }
    const start = clock;
    clock = new Date(start.getTime() + WINDOW_MS - 1_000);
    expectRateLimited(await (await guest({ ip })).pay(FRICTIONLESS_3DS));
    clock = new Date(start.getTime() + WINDOW_MS + 1_000);
    expect((await (await guest({ ip })).pay(FRICTIONLESS_3DS)).status).toBe(201);
  });

  it('does not count payments that went through', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await (await guest({ ip })).pay(DECLINED_OTHER_CARD)).status).toBe(422);
    }
    for (let i = 0; i < 3; i++) {
      expect((await (await guest({ ip })).pay(FRICTIONLESS_3DS)).status).toBe(201);
    }
    // Four failures and three sales: the fifth failure still reaches the gateway.
    expect((await (await guest({ ip })).pay(DECLINED_OTHER_CARD)).status).toBe(422);
    expectRateLimited(await (await guest({ ip })).pay(FRICTIONLESS_3DS));
  });

  it('lets exactly one of a parallel burst through after four failures', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await (await guest({ ip })).pay(DECLINED_OTHER_CARD)).status).toBe(422);
    }
    const browsers = await Promise.all(Array.from({ length: 8 }, () => guest({ ip })));
    const calls = await gatewayCalls();
    const replies = await Promise.all(browsers.map((browser) => browser.pay(DECLINED)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([422, 429, 429, 429, 429, 429, 429, 429]);
    // One verification at the gateway: the one attempt let through.
    expect(await gatewayCalls()).toBe(calls + 1);
  });

  it('lets shoppers behind one address pay at once while none of its payments has failed', async () => {
    const ip = newIp();
    const browsers = await Promise.all(Array.from({ length: 8 }, () => guest({ ip })));
    // PayPal: no card fingerprint, so the client address is the only key they share.
    const replies = await Promise.all(
      browsers.map((browser) => browser.pay('fake-paypal-one-time-nonce')),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(201));
  });

  it('counts declines in a metric, by type', async () => {
    const before = sample(await metrics(), 'everbloom_payment_declines_total', {
      type: 'payment_method_error',
    });
    await (await guest()).pay(FAILED_3DS);
    await (await guest()).pay(FRICTIONLESS_3DS);
    expect(
      sample(await metrics(), 'everbloom_payment_declines_total', { type: 'payment_method_error' }),
    ).toBe(before + 1);
  });

  it('limits client tokens per client address', async () => {
    const shopper = new Browser(app);
    shopper.ip = newIp();
    for (let i = 0; i < CLIENT_TOKEN_LIMIT.requests; i++) {
      expect((await shopper.post('/api/v1/payments/token')).status, `token ${i + 1}`).toBe(200);
    }
    const before = await limited('client_token');
    expectRateLimited(await shopper.post('/api/v1/payments/token'));
    expect(await limited('client_token')).toBe(before + 1);
    const other = new Browser(app);
    other.ip = newIp();
    expect((await other.post('/api/v1/payments/token')).status).toBe(200);
  });
});

describe.each(ENGINES)('payment attempts on %s', (engine) => {
  let handle: TestDatabase;
  let clock = new Date();

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  const guard = () =>
    paymentAttempts({
      repository: paymentAttemptsRepository(handle.db),
      rateLimits: { hit: async () => 0 },
      log: { error: () => undefined },
      now: () => clock,
    });
  const subject = (overrides: Partial<AttemptSubject> = {}): AttemptSubject => ({
    basketId: randomUUID(),
    customerId: null,
    email: `${randomUUID()}@example.com`,
    clientIp: `203.0.113.${Math.floor(Math.random() * 250)}:${randomUUID()}`,
    ...overrides,
  });
  const decline: SaleResult = {
    ok: false,
    refusal: { type: 'payment_failed', message: '2000 : Do Not Honor', transactionId: 'tx' },
  };
  const sale: SaleResult = {
    ok: true,
    sale: {
      transactionId: 'tx',
      amount: 100,
      paidWith: { type: 'credit_card', cardType: 'Visa', lastFour: '1111' },
    },
  };

  it('counts failures per customer, whatever their basket, email and address', async () => {
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    const customerId = 7001;
    for (let i = 0; i < LIMIT; i++) {
      await (await guard().begin(subject({ customerId })))!.finish(decline);
    }
    expect(await guard().begin(subject({ customerId }))).toBeNull();
    expect(await guard().begin(subject({ customerId: 7002 }))).not.toBeNull();
  });

  it('lets a burst on one key through only up to the limit while the attempts are pending', async () => {
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    const email = `${randomUUID()}@example.com`;
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => guard().begin(subject({ email }))),
    );
    expect(attempts.filter((attempt) => attempt !== null)).toHaveLength(LIMIT);
    // When they went through, they stop counting.
    for (const attempt of attempts) await attempt?.finish(sale);
    expect(await guard().begin(subject({ email }))).not.toBeNull();
  });

  it('forgets an attempt whose outcome is unknown', async () => {
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    const customerId = 7003;
    for (let i = 0; i < LIMIT; i++) {
      await (await guard().begin(subject({ customerId })))!.finish('unknown');
    }
    const attempt = await guard().begin(subject({ customerId }));
    expect(attempt).not.toBeNull();
    await attempt!.finish(decline);
  });
});
