import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { GatewayUnavailableError, type PaymentGateway } from '../../adapters/payments/port.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import type { AppDeps } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import {
  ENGINES,
  openTestDatabase,
  Shopper,
  type TestDatabase,
  appOnDatabase,
} from '../../testing/test-app.ts';
import {
  Browser,
  DEVICE_DATA,
  deliveryAddress,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';

const address = deliveryAddress;

describe.each(ENGINES)('orders on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let app: FastifyInstance;
  const extraApps: FastifyInstance[] = [];
  let id: (sku: string) => number;

  const appWith = (deps: Partial<AppDeps>): Promise<FastifyInstance> =>
    appOnDatabase(handle.db, { payments: gateway, ...deps });

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({ db: handle.db, secret: 'order-tests-gateway-secret' });
    app = await appWith({});
    id = await variationIds(app);
  });
  afterAll(async () => {
    for (const other of extraApps) await other.close();
    await app.close();
    await handle.close();
  });

  /** A browser with a complete basket: items, email, delivery address and option. */
  const readyToPay = (
    items: [string, number][],
    options: { on?: FastifyInstance; browser?: Browser; option?: string; voucher?: string } = {},
  ) => fillBasket(options.browser ?? new Browser(options.on ?? app), id, items, options);

  const stockOf = async (code: string) =>
    (
      await handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', id(code))
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  const chargesFor = async (publicId: string) =>
    handle.db
      .selectFrom('payment_ledger')
      .select(['transaction_id', 'amount', 'status'])
      .where('order_id', '=', publicId)
      .where('kind', '=', 'sale')
      .where('charged', '=', true)
      .execute();

  /** Runs `work` with the discount code `code` ended, and restores it afterwards. */
  const whileVoucherEnded = async (code: string, work: () => Promise<void>) => {
    const setActive = (active: boolean) =>
      handle.db.updateTable('vouchers').set({ active }).where('code', '=', code).execute();
    await setActive(false);
    try {
      await work();
    } finally {
      await setActive(true);
    }
  };

  const ordersOfBasketWith = async (code: string) =>
    handle.db
      .selectFrom('orders')
      .select(['public_id', 'status'])
      .where(
        sql<boolean>`snapshot->'items' @> ${JSON.stringify([{ product: { sku: code } }])}::jsonb`,
      )
      .execute();

  /**
   * A gateway whose process stops right after (or right before) charging: the sale
   * never answers, and the request never learns its outcome.
   */
  function stopping(when: 'after' | 'before'): PaymentGateway {
    return {
      ...gateway,
      sale: async (request) => {
        if (when === 'after') await gateway.sale(request);
        return new Promise<never>(() => {});
      },
    };
  }

  async function orderOf(browser: Browser, publicId: string): Promise<OrderView> {
    const reply = await browser.get<{ data: { order: OrderView } }>(`/api/v1/orders/${publicId}`);
    expect(reply.status).toBe(200);
    return reply.body.data.order;
  }

  describe('paying', () => {
    it('places a card order that passed 3-D Secure, charges it once and empties the basket', async () => {
      const before = await stockOf('OLV-90-GRY');
      const browser = await readyToPay([['OLV-90-GRY', 2]]);
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(201);
      const publicId: string = reply.body.data.public_id;
      expect(publicId).toMatch(/^[0-9a-f-]{36}$/);

      const order = await orderOf(browser, publicId);
      expect(order).toMatchObject({
        public_id: publicId,
        status: 'paid',
        email_address: 'ada@example.com',
        items: [{ quantity: 2, product: { sku: 'OLV-90-GRY' } }],
        prices: { total: { amount: 2 * 5499 } },
        delivery_option: { id: 'uk-standard', name: 'Standard delivery' },
        delivery_address: { postcode: 'SW1A 2AA', full_name: 'Mrs Ada Lovelace' },
        payment_method: {
          type: 'credit_card',
          label: 'Credit/Debit Card',
          description: 'Visa ending 2701',
        },
      });
      expect(order.order_number).toMatch(/^EB-[2-9A-HJKMNP-TW-Z]{8}$/);
      expect(order.delivery_estimate.label).toMatch(/^\w+day \d{1,2} \w+ – \w+day \d{1,2} \w+$/);
      expect(await chargesFor(publicId)).toEqual([
        expect.objectContaining({ amount: 2 * 5499, status: 'submitted_for_settlement' }),
      ]);
      expect(await stockOf('OLV-90-GRY')).toBe(before - 2);
      expect((await browser.get('/api/v1/basket')).body.data.items).toEqual([]);
      const email = await outboxReader(handle.db).latest('ada@example.com');
      expect(email?.text_body).toContain(order.order_number);
      expect(email?.text_body).toContain('Delivery: Free');
      expect(email?.text_body).toContain('Payment: Credit/Debit Card (Visa ending 2701)');
      expect(email?.text_body).toContain(
        'Delivery address:\nMrs Ada Lovelace\n10 Downing Street\nLondon\nGreater London\nSW1A 2AA\nUnited Kingdom\n',
      );
    });

    it.each([
      ['fake-paypal-one-time-nonce', 'paypal', 'PayPal'],
      ['fake-apple-pay-visa-nonce', 'apple_pay', 'Apple Pay'],
      ['fake-android-pay-nonce', 'android_pay_card', 'Google Pay'],
    ])('takes wallet payments without 3-D Secure: %s', async (nonce, type, label) => {
      const browser = await readyToPay([['OLV-90-BLK', 1]]);
      const reply = await browser.pay(nonce);
      expect(reply.status).toBe(201);
      const order = await orderOf(browser, reply.body.data.public_id);
      expect(order.payment_method).toMatchObject({ type, label });
      expect(await chargesFor(order.public_id)).toHaveLength(1);
    });

    it.each([
      ['fake-valid-visa-nonce', 'a card without 3-D Secure'],
      ['fake-processor-declined-visa-nonce', 'a card the processor declines'],
      ['fake-gateway-rejected-fraud-nonce', 'a card the gateway rejects'],
      ['fake-consumed-nonce', 'a nonce used before'],
      ['not-a-nonce', 'an unknown nonce'],
    ])('refuses %s (%s) with payment_method_error, taking nothing', async (nonce) => {
      const before = await stockOf('FIG-90');
      const browser = await readyToPay([['FIG-90', 1]]);
      const reply = await browser.pay(nonce);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        error_type: 'payment_method_error',
        message:
          'There was an issue verifying your payment method, please review your details and try again.',
      });
      expect(await stockOf('FIG-90')).toBe(before);
      const failed = (await ordersOfBasketWith('FIG-90')).filter((o) => o.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const o of failed) expect(await chargesFor(o.public_id)).toEqual([]);
      // The basket is untouched and can still be ordered.
      const basket = (await browser.get('/api/v1/basket')).body.data;
      expect(basket.items).toMatchObject([{ quantity: 1, product: { sku: 'FIG-90' } }]);
      const retry = await browser.pay(FRICTIONLESS_3DS);
      expect(retry.status).toBe(201);
      expect(await stockOf('FIG-90')).toBe(before - 1);
    });

    it('declines £2,000–£2,999.99 with the processor’s text, puts the stock back and keeps the basket', async () => {
      const before = await stockOf('KENTIA-180');
      const browser = await readyToPay([['KENTIA-180', 9]]);
      const basket = (await browser.get('/api/v1/basket')).body.data;
      expect(basket.prices.total.amount).toBe(9 * 24999);
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(402);
      expect(reply.body.error_type).toBe('payment_failed');
      expect(reply.body.message).toMatch(/^2249 : /);
      expect(await stockOf('KENTIA-180')).toBe(before);
      expect((await browser.get('/api/v1/basket')).body.data.items).toHaveLength(1);
    });

    it('charges the discount code as it is now, not as a process’s copy of the offers has it', async () => {
      const cached = await appWith({ catalogueCacheMs: 60_000 });
      extraApps.push(cached);
      const browser = await readyToPay([['BAY-120-GRY', 1]], { on: cached, voucher: 'WELCOME10' });
      expect((await browser.get('/api/v1/basket')).body.data.discounts).toHaveLength(1);
      await whileVoucherEnded('WELCOME10', async () => {
        const reply = await browser.pay(FRICTIONLESS_3DS);
        expect(reply.status).toBe(201);
        const order = await orderOf(browser, reply.body.data.public_id);
        expect(order.discounts).toEqual([]);
        expect(order.discounted_prices).toBeNull();
        expect((await chargesFor(order.public_id))[0]?.amount).toBe(9999);
      });
    });

    it('refuses, charging nothing, an order whose total is no longer the one the shopper was shown; the shown total then goes through', async () => {
      const browser = await readyToPay([['FICUS-150', 1]], { voucher: 'WELCOME10' });
      const shown = (await browser.get('/api/v1/basket')).body.data;
      const shownTotal: number = (shown.discounted_prices ?? shown.prices).total.amount;
      const before = await stockOf('FICUS-150');
      // The discount code ends while the shopper is on the payment page.
      await whileVoucherEnded('WELCOME10', async () => {
        const refused = await browser.pay(FRICTIONLESS_3DS, { expected_total: shownTotal });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({
          error_type: 'order_total_changed',
          message:
            'The total of your order has changed since it was shown to you. Please check your order and try again.',
        });
        expect(await ordersOfBasketWith('FICUS-150')).toEqual([]);
        expect(await stockOf('FICUS-150')).toBe(before);

        // The basket as it now is shows the new total; paying that one works.
        const now = (await browser.get('/api/v1/basket')).body.data;
        const nowTotal: number = (now.discounted_prices ?? now.prices).total.amount;
        expect(nowTotal).toBeGreaterThan(shownTotal);
        const placed = await browser.pay(FRICTIONLESS_3DS, { expected_total: nowTotal });
        expect(placed.status).toBe(201);
        expect((await chargesFor(placed.body.data.public_id))[0]?.amount).toBe(nowTotal);
        expect(await stockOf('FICUS-150')).toBe(before - 1);
      });
    });

    it('checks the expected total is a whole number of pence', async () => {
      const browser = await readyToPay([['OLV-90-BLK', 1]]);
      for (const expected_total of [12.5, -1, '100']) {
        const reply = await browser.pay(FRICTIONLESS_3DS, { expected_total });
        expect(reply.status, String(expected_total)).toBe(422);
        expect(reply.body.errors).toEqual({
          expected_total: ['Please send a whole number of pence'],
        });
      }
    });

    it('needs a nonce for a basket that costs something', async () => {
      const browser = await readyToPay([['OLV-90-BLK', 1]]);
      const reply = await browser.order({ payment_method_nonce: '', device_data: '' });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        error_type: 'missing_payment_parameters',
        message: 'Some payment information was missing from your order.',
      });
    });

    it('places a free order (FREEORDER) with empty payment data and no charge', async () => {
      const browser = await readyToPay([['OLV-90-BLK', 1]], { voucher: 'FREEORDER' });
      expect((await browser.get('/api/v1/basket')).body.data.payment_required).toBe(false);
      const reply = await browser.order({ payment_method_nonce: '', device_data: '' });
      expect(reply.status).toBe(201);
      const order = await orderOf(browser, reply.body.data.public_id);
      expect(order).toMatchObject({
        status: 'paid',
        discounted_prices: { total: { amount: 0 } },
        payment_method: { type: null, label: 'No payment required', description: null },
      });
      expect(await chargesFor(order.public_id)).toEqual([]);
    });
  });

  describe('a basket that is not ready', () => {
    it('answers each gap with its own error', async () => {
      const empty = new Browser(app);
      expect((await empty.pay(FRICTIONLESS_3DS)).body).toEqual({
        error_type: 'order_failed',
        message: 'We were unable to create your order.',
        detail: 'Your basket is empty, please add something to it before paying.',
      });

      const noEmail = new Browser(app);
      await noEmail.post('/api/v1/basket', { product_id: id('OLV-90-BLK'), quantity: 1 });
      let reply = await noEmail.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        error_type: 'validation',
        errors: { email_address: ['Required'] },
      });

      await noEmail.put('/api/v1/basket/details', { email_address: 'ada@example.com' });
      reply = await noEmail.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toMatchObject({
        delivery_address_first_name: ['Please enter your first name'],
        delivery_address_postcode: ['Please enter your postcode'],
      });

      await noEmail.put('/api/v1/basket/details', address());
      reply = await noEmail.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(422);
      expect(reply.body.error_type).toBe('invalid_delivery_option');

      // An option for another zone stops being valid when the address moves.
      await noEmail.put('/api/v1/basket/delivery', { option_id: 'uk-next-day' });
      await noEmail.put(
        '/api/v1/basket/details',
        address({ postcode: 'JE2 3AB', country_code: 'JEY' }),
      );
      reply = await noEmail.pay(FRICTIONLESS_3DS);
      expect(reply.body.error_type).toBe('invalid_delivery_option');
    });

    it('refuses more than the stock, naming the product', async () => {
      const browser = await readyToPay([['MAPLE-150', 1]]);
      await handle.db
        .updateTable('products')
        .set({ quantity_on_hand: 0, is_preorder: false })
        .where('id', '=', id('MAPLE-150'))
        .execute();
      const reply = await browser.pay(FRICTIONLESS_3DS);
      await handle.db
        .updateTable('products')
        .set({ quantity_on_hand: 2, is_preorder: true })
        .where('id', '=', id('MAPLE-150'))
        .execute();
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ error_type: 'insufficient_stock' });
      expect(reply.body.message).toContain('Artificial Japanese Maple');
    });

    it('lets pre-orders go beyond the stock and records how many', async () => {
      const browser = await readyToPay([['MAPLE-150', 3]]);
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(201);
      const order = await orderOf(browser, reply.body.data.public_id);
      expect(order.items[0]).toMatchObject({ quantity: 3, preorder: true, preorder_quantity: 1 });
      expect(await stockOf('MAPLE-150')).toBe(0);
    });

    it('takes a bundle’s stock from its parts', async () => {
      const bundle = (
        await new Shopper(app).get<{ data: { products: FamilyView[] } }>(
          '/api/v1/products?per_page=100',
        )
      ).body.data.products
        .flatMap((f) => f.variations)
        .find((v) => v.sku === 'BUNDLE-TRIO');
      expect(bundle).toBeDefined();
      const before = await Promise.all(
        bundle!.bundle_components.map(async (c) => ({ c, stock: await stockOf(c.sku) })),
      );
      const browser = await readyToPay([['BUNDLE-TRIO', 1]]);
      expect((await browser.pay(FRICTIONLESS_3DS)).status).toBe(201);
      for (const { c, stock } of before) expect(await stockOf(c.sku)).toBe(stock - c.quantity);
    });
  });

  describe('exactly once', () => {
    it('gives 10 simultaneous requests for one basket one order, one charge and one public id', async () => {
      const browser = await readyToPay([['OLV-120-BLK', 1]]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => browser.pay(FRICTIONLESS_3DS)),
      );
      const ids = new Set(replies.map((r) => r.body.data?.public_id));
      expect(replies.map((r) => r.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(ids.size).toBe(1);
      const [publicId] = [...ids] as string[];
      expect(await chargesFor(publicId!)).toHaveLength(1);
      expect(await ordersOfBasketWith('OLV-120-BLK')).toEqual([
        { public_id: publicId, status: 'paid' },
      ]);
      // Asked again later: the same order.
      const again = await browser.pay(FRICTIONLESS_3DS);
      expect(again.body.data.public_id).toBe(publicId);
    });

    it('gives one order when the same browser’s requests reach two API processes at once', async () => {
      // PostgreSQL: a second process with its own connections; PGlite: a second app.
      const second = handle.url
        ? await openDatabase({ kind: 'postgres', url: handle.url, poolSize: 4 })
        : null;
      const db = second?.db ?? handle.db;
      const other = await appWith({
        db,
        payments: testModeGateway({ db, secret: 'order-tests-gateway-secret' }),
      });
      try {
        const browser = await readyToPay([['OLV-150-GRY', 1]]);
        const twin = new Browser(other);
        for (const [name, value] of browser.cookies) twin.cookies.set(name, value);
        const replies = await Promise.all(
          [browser, twin, browser, twin, browser, twin].map((b) => b.pay(FRICTIONLESS_3DS)),
        );
        const ids = new Set(replies.map((r) => r.body.data?.public_id));
        expect(ids.size).toBe(1);
        expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
        expect(await chargesFor([...ids][0] as string)).toHaveLength(1);
      } finally {
        await other.close();
        await second?.close();
      }
    });

    it('answers simultaneous requests of a refused charge with the refusal, and keeps the basket', async () => {
      const before = await stockOf('BAMBOO-150-BLK');
      const browser = await readyToPay([['BAMBOO-150-BLK', 1]]);
      const replies = await Promise.all(
        Array.from({ length: 3 }, () => browser.pay('fake-processor-declined-visa-nonce')),
      );
      // Each either waited for a refused attempt or made (and lost) its own.
      for (const reply of replies) expect(reply.body.error_type).toBe('payment_method_error');
      const attempts = await ordersOfBasketWith('BAMBOO-150-BLK');
      expect(attempts.every((o) => o.status === 'failed')).toBe(true);
      expect(await stockOf('BAMBOO-150-BLK')).toBe(before);
      expect((await browser.pay(FRICTIONLESS_3DS)).status).toBe(201);
    });

    it('stops waiting for a charge that takes too long, and the charge still completes', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = await appWith({
        orderTimings: { waitForPendingMs: 50 },
        payments: {
          ...gateway,
          sale: async (request) => {
            await held;
            return gateway.sale(request);
          },
        },
      });
      extraApps.push(slow);
      const browser = await readyToPay([['BAMBOO-150-BLK', 1]], { on: slow });
      const first = browser.pay(FRICTIONLESS_3DS);
      // The first request is charging once its order is pending.
      await expect
        .poll(async () =>
          (await ordersOfBasketWith('BAMBOO-150-BLK')).some((o) => o.status === 'pending'),
        )
        .toBe(true);
      const second = await browser.pay(FRICTIONLESS_3DS);
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ error_type: 'order_failed' });
      expect(second.body.message).toBe('We were unable to create your order.');
      expect(second.body.detail).toMatch(/still being processed/);
      release();
      expect((await first).status).toBe(201);
    });

    it('sells 5 in stock to exactly 5 of 20 shoppers ordering at once', async () => {
      expect(await stockOf('BOP-150')).toBe(5);
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, () => readyToPay([['BOP-150', 1]])),
      );
      const replies = await Promise.all(shoppers.map((s) => s.pay(FRICTIONLESS_3DS)));
      const placed = replies.filter((r) => r.status === 201);
      expect(placed).toHaveLength(5);
      for (const refused of replies.filter((r) => r.status !== 201)) {
        expect(refused.body.error_type).toBe('insufficient_stock');
      }
      expect(await stockOf('BOP-150')).toBe(0);
      const orders = await ordersOfBasketWith('BOP-150');
      expect(orders.filter((o) => o.status === 'paid')).toHaveLength(5);
    });

    it('answers a repeated Idempotency-Key with the first result', async () => {
      const browser = await readyToPay([['OLV-120-GRY', 1]]);
      const key = { 'idempotency-key': 'order-key-1' };
      const body = { payment_method_nonce: 'fake-consumed-nonce', device_data: DEVICE_DATA };
      const first = await browser.order(body, key);
      expect(first.body.error_type).toBe('payment_method_error');
      // The same key: the same (failed) result, even with a good nonce.
      const replay = await browser.order({ ...body, payment_method_nonce: FRICTIONLESS_3DS }, key);
      expect(replay.status).toBe(422);
      expect(replay.body.error_type).toBe('payment_method_error');
      // A new key places it; that key then answers the same order.
      const placed = await browser.order(
        { ...body, payment_method_nonce: FRICTIONLESS_3DS },
        { 'idempotency-key': 'order-key-2' },
      );
      expect(placed.status).toBe(201);
      const again = await browser.order(body, { 'idempotency-key': 'order-key-2' });
      expect(again.status).toBe(200);
      expect(again.body.data.public_id).toBe(placed.body.data.public_id);
      expect(await chargesFor(placed.body.data.public_id)).toHaveLength(1);
    });
    it('answers the same Idempotency-Key with the same order while its first request is still charging', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let sales = 0;
      const slow = await appWith({
        orderTimings: { waitForPendingMs: 10_000 },
        payments: {
          ...gateway,
          sale: async (request) => {
            sales += 1;
            await held;
            return gateway.sale(request);
          },
        },
      });
      extraApps.push(slow);
      const browser = await readyToPay([['FIG-120', 1]], { on: slow });
      const key = { 'idempotency-key': 'order-key-while-charging' };
      const body = { payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA };
      const first = browser.order(body, key);
      await expect
        .poll(async () => (await ordersOfBasketWith('FIG-120')).map((o) => o.status))
        .toEqual(['pending']);
      // The retry (a double click, a lost reply) waits for the charge under way.
      const second = browser.order(body, key);
      release();
      const [placed, repeated] = await Promise.all([first, second]);
      expect(placed.status).toBe(201);
      expect(repeated.status).toBe(200);
      expect(repeated.body.data.public_id).toBe(placed.body.data.public_id);
      expect(sales).toBe(1);
      expect(await chargesFor(placed.body.data.public_id)).toHaveLength(1);
      // And after it is paid, the same key still answers that order.
      const later = await browser.order(body, key);
      expect(later.status).toBe(200);
      expect(later.body.data.public_id).toBe(placed.body.data.public_id);
    });

    it('answers the same Idempotency-Key with the same failure after its attempt failed unconfirmed, and a new key pays', async () => {
      const timingOut = await appWith({
        orderTimings: { lookupRetryMs: [1, 1] },
        payments: {
          ...gateway,
          sale: async () => {
            throw new GatewayUnavailableError('timed out');
          },
        },
      });
      extraApps.push(timingOut);
      const browser = await readyToPay([['MONST-60-BLK', 1]], { on: timingOut });
      const body = { payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA };
      const key = { 'idempotency-key': 'order-key-unconfirmed' };
      const failed = await browser.order(body, key);
      expect(failed.body).toEqual({
        error_type: 'order_failed',
        message: 'We were unable to create your order.',
        detail: 'We were unable to take your payment, please try again.',
      });
      // The same attempt, asked again on a process whose gateway works: still that failure.
      const onWorking = new Browser(app);
      for (const [name, value] of browser.cookies) onWorking.cookies.set(name, value);
      expect((await onWorking.order(body, key)).body).toEqual(failed.body);
      expect(await ordersOfBasketWith('MONST-60-BLK')).toEqual([
        expect.objectContaining({ status: 'failed' }),
      ]);
      const paid = await onWorking.order(body, { 'idempotency-key': 'order-key-unconfirmed-2' });
      expect(paid.status).toBe(201);
      expect(await chargesFor(paid.body.data.public_id)).toHaveLength(1);
    });
  });

  describe('crash recovery', () => {
    it('completes a pending order whose sale went through, and fails one without', async () => {
      const crashing = await appWith({ payments: stopping('after') });
      const failing = await appWith({ payments: stopping('before') });
      extraApps.push(crashing, failing);
      const paidBefore = await stockOf('KENTIA-120');
      const charged = await readyToPay([['KENTIA-120', 1]], { on: crashing });
      void charged.pay(FRICTIONLESS_3DS);
      const notCharged = await readyToPay([['KENTIA-150', 2]], { on: failing });
      const stockBefore = await stockOf('KENTIA-150');
      void notCharged.pay(FRICTIONLESS_3DS);
      await expect
        .poll(async () =>
          [
            ...(await ordersOfBasketWith('KENTIA-120')),
            ...(await ordersOfBasketWith('KENTIA-150')),
          ].filter((o) => o.status === 'pending'),
        )
        .toHaveLength(2);
      expect(await stockOf('KENTIA-150')).toBe(stockBefore - 2);

      // Younger than the safe age: left alone; older: settled.
      expect(await app.reconcilePendingOrders()).toEqual({
        paid: 0,
        failed: 0,
        unasked: 0,
        reversed: 0,
        unknown: 0,
      });
      await handle.db
        .updateTable('orders')
        .set({ created_at: sql<string>`now() - interval '11 minutes'` } as never)
        .where('status', '=', 'pending')
        .execute();
      expect(await app.reconcilePendingOrders()).toEqual({
        paid: 1,
        failed: 1,
        unasked: 0,
        reversed: 0,
        unknown: 0,
      });
      const [paid] = await ordersOfBasketWith('KENTIA-120');
      expect(paid?.status).toBe('paid');
      expect(await chargesFor(paid!.public_id)).toHaveLength(1);
      expect(await stockOf('KENTIA-120')).toBe(paidBefore - 1);
      // The basket that placed it reads it, and it is ordered.
      expect((await orderOf(charged, paid!.public_id)).status).toBe('paid');
      expect((await charged.get('/api/v1/basket')).body.data.items).toEqual([]);
      expect((await outboxReader(handle.db).latest('ada@example.com'))?.text_body).toContain(
        (await orderOf(charged, paid!.public_id)).order_number,
      );

      const [failed] = await ordersOfBasketWith('KENTIA-150');
      expect(failed?.status).toBe('failed');
      expect(await stockOf('KENTIA-150')).toBe(stockBefore);
      expect((await notCharged.get('/api/v1/basket')).body.data.items).toHaveLength(1);
    });

    it('asks the gateway when it times out after charging, and completes the order', async () => {
      const timingOut = await appWith({
        payments: {
          ...gateway,
          sale: async (request) => {
            await gateway.sale(request);
            throw new GatewayUnavailableError('timed out');
          },
        },
      });
      extraApps.push(timingOut);
      const browser = await readyToPay([['BAY-90-GRY', 1]], { on: timingOut });
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(201);
      expect(await chargesFor(reply.body.data.public_id)).toHaveLength(1);
    });
  });

  describe('a sale the gateway could not confirm', () => {
    it('fails the order at once, and reverses the sale when it turns up', async () => {
      let searchable = false;
      const lagging = await appWith({
        orderTimings: { lookupRetryMs: [1, 1] },
        payments: {
          ...gateway,
          sale: async (request) => {
            await gateway.sale(request);
            throw new GatewayUnavailableError('timed out');
          },
          // Braintree's search shows a new sale only after a while.
          findByOrderId: async (orderId) => (searchable ? gateway.findByOrderId(orderId) : null),
        },
      });
      extraApps.push(lagging);
      const before = await stockOf('BAY-120-TER');
      const browser = await readyToPay([['BAY-120-TER', 1]], { on: lagging });
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error_type: 'order_failed',
        message: 'We were unable to create your order.',
        detail: 'We were unable to take your payment, please try again.',
      });
      expect(await stockOf('BAY-120-TER')).toBe(before);
      const [failed] = await ordersOfBasketWith('BAY-120-TER');
      expect(failed?.status).toBe('failed');
      expect(await chargesFor(failed!.public_id)).toHaveLength(1);

      searchable = true;
      const counts = await lagging.reconcilePendingOrders();
      expect(counts.reversed).toBe(1);
      const sale = await handle.db
        .selectFrom('payment_ledger')
        .select('status')
        .where('order_id', '=', failed!.public_id)
        .where('kind', '=', 'sale')
        .executeTakeFirstOrThrow();
      expect(sale.status).toBe('voided');
      expect((await lagging.reconcilePendingOrders()).reversed).toBe(0);
    });
  });

  describe('webhooks', () => {
    it('refuses a bad signature and completes a pending order from a transaction event', async () => {
      const crashing = await appWith({ payments: stopping('after') });
      extraApps.push(crashing);
      const browser = await readyToPay([['BAY-90-TER', 1]], { on: crashing });
      void browser.pay(FRICTIONLESS_3DS);
      await expect
        .poll(async () => (await ordersOfBasketWith('BAY-90-TER')).map((o) => o.status))
        .toEqual(['pending']);
      const [pending] = await ordersOfBasketWith('BAY-90-TER');
      await expect.poll(async () => chargesFor(pending!.public_id)).toHaveLength(1);
      const [charge] = await chargesFor(pending!.public_id);

      const form = (fields: Record<string, string>) => ({
        method: 'POST' as const,
        url: '/api/v1/payments/webhooks',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      const notification = await gateway.sampleNotification(
        'transaction_settled',
        charge!.transaction_id,
      );
      const forged = await app.inject(
        form({
          ...notification,
          bt_signature: `${notification.bt_signature.split('|')[0]}|${'0'.repeat(64)}`,
        }),
      );
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ error_type: 'unauthorized' });
      expect((await ordersOfBasketWith('BAY-90-TER'))[0]?.status).toBe('pending');

      const check = await gateway.sampleNotification('check', charge!.transaction_id);
      expect((await app.inject(form(check))).statusCode).toBe(200);
      expect((await ordersOfBasketWith('BAY-90-TER'))[0]?.status).toBe('pending');

      const received = await app.inject(form(notification));
      expect(received.statusCode).toBe(200);
      expect(received.json()).toEqual({ data: { received: true } });
      expect((await ordersOfBasketWith('BAY-90-TER'))[0]?.status).toBe('paid');
    });
  });

  describe('reading an order', () => {
    it('shows it to the browser and the customer that placed it, and no one else', async () => {
      const browser = new Browser(app);
      await browser.logIn('demo@example.com', 'plants-demo');
      await readyToPay([['BLOSSOM-150', 1]], { browser });
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(201);
      const url = `/api/v1/orders/${reply.body.data.public_id}`;
      expect((await browser.get(url)).status).toBe(200);

      // The same customer in another browser.
      const elsewhere = new Browser(app);
      await elsewhere.logIn('demo@example.com', 'plants-demo');
      expect((await elsewhere.get(url)).status).toBe(200);

      const stranger = new Browser(app);
      expect((await stranger.get(url)).body).toEqual({
        error_type: 'order_not_found',
        message: 'Order not found.',
      });
      const other = new Browser(app);
      await other.logIn('trade@example.com', 'plants-trade');
      expect((await other.get(url)).status).toBe(404);
      expect((await stranger.get('/api/v1/orders/not-an-id')).status).toBe(404);
    });

    it('records the buds a customer spends and earns', async () => {
      const browser = new Browser(app);
      await browser.logIn('demo@example.com', 'plants-demo');
      const balance = async () =>
        (
          await handle.db
            .selectFrom('loyalty_ledger')
            .innerJoin('users', 'users.id', 'loyalty_ledger.user_id')
            .select((eb) => eb.fn.sum<number>('change').as('buds'))
            .where('users.email_address', '=', 'demo@example.com')
            .executeTakeFirstOrThrow()
        ).buds;
      const start = Number(await balance());
      await readyToPay([['BLOSSOM-180', 1]], { browser });
      await browser.put('/api/v1/basket/loyalty', { use_loyalty_points: true });
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status).toBe(201);
      const order = await orderOf(browser, reply.body.data.public_id);
      const used = Math.min(start, 19999);
      expect(order.loyalty_points).toMatchObject({
        used,
        earned: Math.floor((19999 - used) / 100),
      });
      expect(Number(await balance())).toBe(start - used + order.loyalty_points.earned);
    });
  });

  describe('confirmation email', () => {
    it('sends the order number, items, totals, address, option and payment method', async () => {
      const browser = await readyToPay([['OLV-150-BLK', 1]], { option: 'uk-next-day' });
      await browser.put('/api/v1/basket/details', {
        email_address: 'grace@example.com',
        delivery_address_company_name: '<b>Hopper & Co</b>',
      });
      const reply = await browser.pay('fake-paypal-one-time-nonce');
      expect(reply.status).toBe(201);
      const order = await orderOf(browser, reply.body.data.public_id);
      const email = await outboxReader(handle.db).latest('grace@example.com');
      expect(email?.subject).toBe(`Your Everbloom order ${order.order_number}`);
      for (const text of [
        order.order_number,
        '1 × Artificial Olive Tree — 150cm, Black pot: £119.99',
        'Total: £127.94',
        '10 Downing Street',
        'SW1A 2AA',
        'Delivery: Next working day (£7.95)',
        'Payment: PayPal',
      ]) {
        expect(email?.text_body).toContain(text);
      }
      expect(email?.html_body).toContain('&lt;b&gt;Hopper &amp; Co&lt;/b&gt;');
      expect(email?.html_body).not.toContain('<b>Hopper');
    });
  });

  describe('stored cards', () => {
    async function vaultCard(browser: Browser, lastFour: string) {
      const token = (await browser.post('/api/v1/payments/token')).body.data.token as string;
      const { authorizationFingerprint } = JSON.parse(Buffer.from(token, 'base64').toString());
      const minted = await browser.post('/api/v1/test-mode/braintree/client_api/nonces', {
        authorization_fingerprint: authorizationFingerprint,
        type: 'CreditCard',
        fake_nonce: 'fake-valid-visa-nonce',
        details: {
          cardType: 'Visa',
          lastFour,
          bin: '400000',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      });
      expect(minted.status).toBe(200);
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const verified = await browser.post('/api/v1/test-mode/braintree/client_api/three_d_secure', {
        authorization_fingerprint: authorizationFingerprint,
        nonce: minted.body.data.nonce,
        amount: (basket.prices.total.amount / 100).toFixed(2),
        outcome: 'authenticated',
      });
      expect(verified.status).toBe(200);
      const reply = await browser.pay(verified.body.data.nonce, { save_payment_method: true });
      expect(reply.status).toBe(201);
    }

    it('lists, makes default and deletes a customer’s own cards only', async () => {
      expect((await new Browser(app).get('/api/v1/payments/methods')).status).toBe(401);
      expect((await new Browser(app).delete('/api/v1/payments/methods/abc')).status).toBe(401);

      const browser = new Browser(app);
      await browser.logIn('trade@example.com', 'plants-trade');
      await readyToPay([['OLV-90-BLK', 1]], { browser });
      await vaultCard(browser, '1111');
      await readyToPay([['OLV-90-BLK', 1]], { browser });
      await vaultCard(browser, '2222');

      const listed = await browser.get('/api/v1/payments/methods');
      expect(listed.status).toBe(200);
      const cards = listed.body.data.payment_methods;
      expect(cards.map((c: any) => [c.details.lastFour, c.default])).toEqual([
        ['1111', true],
        ['2222', false],
      ]);
      expect(cards[0].nonce).toEqual(expect.any(String));

      const second = cards[1].id;
      const made = await browser.put(`/api/v1/payments/methods/${second}/default`);
      expect(made.status).toBe(200);
      expect(made.body.data.payment_methods[0]).toMatchObject({ id: second, default: true });

      const stranger = new Browser(app);
      await stranger.logIn('demo@example.com', 'plants-demo');
      expect((await stranger.delete(`/api/v1/payments/methods/${second}`)).status).toBe(404);
      expect((await stranger.put(`/api/v1/payments/methods/${second}/default`)).status).toBe(404);

      const deleted = await browser.delete(`/api/v1/payments/methods/${second}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data.payment_methods.map((c: any) => c.details.lastFour)).toEqual([
        '1111',
      ]);
    });

    it('gives guests a client token without a vault', async () => {
      const reply = await new Browser(app).post('/api/v1/payments/token');
      expect(reply.status).toBe(200);
      const token = JSON.parse(Buffer.from(reply.body.data.token, 'base64').toString());
      expect(token.customerId).toBeUndefined();
    });
  });
});
