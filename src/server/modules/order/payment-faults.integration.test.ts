import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { TEST_MODE_FAULTS } from '../../adapters/payments/test-mode-routes.ts';
import type { AppDeps } from '../../app.ts';
import {
  ENGINES,
  openTestDatabase,
  type TestDatabase,
  appOnDatabase,
} from '../../testing/test-app.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';

/**
 * The real test-mode gateway told to misbehave (ADR 030): its ledger says what a real
 * gateway would have charged, so "one order, one charge" is checked against it.
 */
describe.each(ENGINES)('payment gateway faults on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  /** Waits up to 10 s for another request's charge. */
  let app: FastifyInstance;
  /** Gives up waiting for another request's charge after 100 ms. */
  let impatient: FastifyInstance;
  let id: (sku: string) => number;

  const appWith = (deps: Partial<AppDeps>) =>
    appOnDatabase(handle.db, { payments: gateway, devOutbox: true, ...deps });

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({ db: handle.db, secret: 'fault-tests-gateway-secret' });
    app = await appWith({ orderTimings: { waitForPendingMs: 10_000, lookupRetryMs: [1, 1] } });
    impatient = await appWith({ orderTimings: { waitForPendingMs: 100, lookupRetryMs: [1, 1] } });
    id = await variationIds(app);
  });
  afterEach(() => gateway.faults.clear());
  afterAll(async () => {
    await impatient.close();
    await app.close();
    await handle.close();
  });

  const readyToPay = (sku: string, on: FastifyInstance = app) =>
    fillBasket(new Browser(on), id, [[sku, 1]]);

  const stockOf = async (sku: string) =>
    (
      await handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', id(sku))
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  /** Every order ever made for a basket holding `sku`, oldest first. */
  const ordersWith = (sku: string) =>
    handle.db
      .selectFrom('orders')
      .select(['public_id', 'status', 'amount'])
      .where(sql<boolean>`snapshot->'items' @> ${JSON.stringify([{ product: { sku } }])}::jsonb`)
      .orderBy('id')
      .execute();

  /** Money the gateway holds for those orders: sales charged and not voided. */
  const chargesFor = async (sku: string) => {
    const orders = await ordersWith(sku);
    if (orders.length === 0) return [];
    return handle.db
      .selectFrom('payment_ledger')
      .select(['order_id', 'amount', 'status'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.public_id),
      )
      .where('kind', '=', 'sale')
      .where('charged', '=', true)
      .execute();
  };

  /** Orders pending longer than reconciliation's safe age, as after a long outage. */
  const ageing = () =>
    handle.db
      .updateTable('orders')
      .set({ created_at: sql<string>`now() - interval '11 minutes'` } as never)
      .where('status', '=', 'pending')
      .execute();

  const TRY_AGAIN = {
    error_type: 'order_failed',
    message: 'We were unable to create your order.',
    detail: 'We were unable to take your payment, please try again.',
  };

  it.each(['timeout', 'network_error'] as const)(
    'a %s before the charge: the shopper is told to try again, nothing is charged, and the retry charges once',
    async (kind) => {
      const sku = kind === 'timeout' ? 'OLV-90-GRY' : 'OLV-90-BLK';
      const before = await stockOf(sku);
      const browser = await readyToPay(sku);
      gateway.faults.failNextSales({ kind, charged: false });

      const failed = await browser.pay(FRICTIONLESS_3DS);
      expect(failed.status).toBe(409);
      expect(failed.body).toEqual(TRY_AGAIN);
      expect(await chargesFor(sku)).toEqual([]);
      expect(await stockOf(sku)).toBe(before);
      expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['failed']);

      const retried = await browser.pay(FRICTIONLESS_3DS);
      expect(retried.status).toBe(201);
      const orders = await ordersWith(sku);
      expect(orders.map((order) => order.status)).toEqual(['failed', 'paid']);
      expect(await chargesFor(sku)).toEqual([
        expect.objectContaining({
          order_id: retried.body.data.public_id,
          amount: orders[1]!.amount,
        }),
      ]);
      expect(await stockOf(sku)).toBe(before - 1);
    },
  );

  it('a timeout after the charge: the order is found at the gateway and completed, and a retry is not charged again', async () => {
    const sku = 'KENTIA-120';
    const before = await stockOf(sku);
    const browser = await readyToPay(sku);
    gateway.faults.failNextSales({ kind: 'timeout', charged: true });

    const placed = await browser.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    const again = await browser.pay(FRICTIONLESS_3DS);
    expect(again.status).toBe(200);
    expect(again.body.data.public_id).toBe(placed.body.data.public_id);
    expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['paid']);
    expect(await chargesFor(sku)).toHaveLength(1);
    expect(await stockOf(sku)).toBe(before - 1);
  });

  it.each([true, false])(
    'a lost answer while the gateway stays down (charged: %s): pending until the sweep fails it, the basket writable again, no charge kept',
    async (charged) => {
      const sku = charged ? 'KENTIA-150' : 'BAY-90-GRY';
      const before = await stockOf(sku);
      const browser = await readyToPay(sku, impatient);
      gateway.faults.failNextSales({ kind: 'network_error', charged, thenUnreachable: true });

      // Nobody can tell whether the money was taken: the order waits, the stock held.
      const unknown = await browser.pay(FRICTIONLESS_3DS);
      expect(unknown.status).toBe(409);
      expect(unknown.body).toEqual({
        error_type: 'order_failed',
        message: 'We were unable to create your order.',
        detail:
          'Your payment is still being processed. Please wait a minute and check your email before trying again.',
      });
      expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['pending']);
      expect(await stockOf(sku)).toBe(before - 1);
      // A retry meanwhile cannot pay for the basket a second time.
      expect((await browser.pay(FRICTIONLESS_3DS)).body).toEqual(unknown.body);
      expect(await chargesFor(sku)).toHaveLength(charged ? 1 : 0);

      // The sweep, once it has been pending longer than a charge should take, cannot ask
      // the gateway either: it fails the order (ADR 038), and the basket is the shopper's.
      await ageing();
      expect(await app.settlePendingOrders()).toEqual({ paid: 0, failed: 1, unasked: 1 });
      expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['failed']);
      expect(await stockOf(sku)).toBe(before);
      const changed = await browser.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
      expect(changed.status).toBe(200);

      // Once the gateway answers again, a sale it had made is reversed.
      gateway.faults.setUnreachable(false);
      expect((await app.reconcilePendingOrders()).reversed).toBe(charged ? 1 : 0);
      expect(await chargesFor(sku)).toEqual([]);

      // The shopper's next try is a new order, charged once.
      const retried = await browser.pay(FRICTIONLESS_3DS);
      expect(retried.status).toBe(201);
      expect((await ordersWith(sku)).map((o) => o.status)).toEqual(['failed', 'paid']);
      expect(await chargesFor(sku)).toHaveLength(1);
      expect(await stockOf(sku)).toBe(before - 1);
    },
  );

  it('a slow sale with a concurrent retry: one order, one charge, the same id for both', async () => {
    const sku = 'BAY-120-TER';
    const before = await stockOf(sku);
    const browser = await readyToPay(sku);
    gateway.faults.failNextSales({ kind: 'slow', delayMs: 400 });

    const first = browser.pay(FRICTIONLESS_3DS);
    // The retry goes in while the first is being charged (its order pending).
    for (let i = 0; i < 200 && (await ordersWith(sku)).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const second = browser.pay(FRICTIONLESS_3DS);
    const replies = await Promise.all([first, second]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 201]);
    expect(replies[1]!.body.data.public_id).toBe(replies[0]!.body.data.public_id);
    expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['paid']);
    expect(await chargesFor(sku)).toHaveLength(1);
    expect(await stockOf(sku)).toBe(before - 1);
  });

  it('a sale answered only after reconciliation failed its order (the gateway did not show it in time): reversed at once, the shopper told to try again', async () => {
    const sku = 'BAY-120-GRY';
    const before = await stockOf(sku);
    // The gateway takes the sale in, and makes it only when the test lets it.
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const lagging = await appWith({
      payments: {
        ...gateway,
        sale: async (request) => {
          started();
          await gate;
          return gateway.sale(request);
        },
      },
      orderTimings: { waitForPendingMs: 10_000, lookupRetryMs: [1, 1] },
    });
    try {
      const browser = await readyToPay(sku, lagging);
      const paying = browser.pay(FRICTIONLESS_3DS);
      await inFlight;
      // Reconciliation finds no sale for the pending order and fails it: stock back.
      await ageing();
      await app.reconcilePendingOrders();
      expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['failed']);
      expect(await stockOf(sku)).toBe(before);

      release();
      const reply = await paying;
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('order_failed');
      // Charged, then voided by the request itself: the gateway holds nothing.
      expect(await chargesFor(sku)).toEqual([]);
      expect((await ordersWith(sku)).map((order) => order.status)).toEqual(['failed']);

      const retried = await browser.pay(FRICTIONLESS_3DS);
      expect(retried.status).toBe(201);
      expect(await chargesFor(sku)).toHaveLength(1);
      expect(await stockOf(sku)).toBe(before - 1);
    } finally {
      release();
      await lagging.close();
    }
  });

  it('the fault switch over HTTP queues faults and clears them', async () => {
    const browser = new Browser(app);
    const set = await browser.post(TEST_MODE_FAULTS, {
      sales: [
        { kind: 'timeout', charged: true },
        { kind: 'slow', delay_ms: 10 },
      ],
      refunds: [{ kind: 'network_error', refunded: true }],
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      sales: [
        { kind: 'timeout', charged: true, then_unreachable: false, delay_ms: 0 },
        { kind: 'slow', delay_ms: 10 },
      ],
      refunds: [{ kind: 'network_error', refunded: true }],
      unreachable: false,
      holding: 0,
    });
    expect((await browser.post(TEST_MODE_FAULTS, { sales: [{ kind: 'explode' }] })).status).toBe(
      422,
    );
    expect((await browser.delete(TEST_MODE_FAULTS)).body.data).toEqual({
      sales: [],
      refunds: [],
      unreachable: false,
      holding: 0,
    });
  });

  it('has no fault switch outside development (or with real Braintree)', async () => {
    const production = await appWith({ devOutbox: false });
    try {
      const reply = await new Browser(production).post(TEST_MODE_FAULTS, {
        sales: [{ kind: 'timeout' }],
      });
      expect(reply.status).toBe(404);
      expect(gateway.faults.state().sales).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
