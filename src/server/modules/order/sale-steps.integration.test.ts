import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import {
  ENGINES,
  openTestDatabase,
  type TestDatabase,
  appOnDatabase,
} from '../../testing/test-app.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';

const SKU = 'EUC-GARL';

/**
 * The gateway's statements, one of which can be made to fail: before it runs, or after
 * it ran with its answer lost; `andAfter` fails every later one too (the gateway gone).
 */
function faultySteps() {
  let count = 0;
  let fault: { step: number; when: 'before' | 'after'; andAfter: boolean } | null = null;
  const stepOf = new WeakMap<QueryId, number>();
  const broken = (step: number, when: 'before' | 'after') =>
    fault !== null &&
    fault.when === when &&
    (step === fault.step || (fault.andAfter && step > fault.step));
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count += 1;
      stepOf.set(args.queryId, count);
      if (broken(count, 'before')) throw new Error(`injected fault before step ${count}`);
      if (fault?.andAfter && count > fault.step) throw new Error(`gateway gone at step ${count}`);
      return args.node;
    },
    async transformResult(args) {
      if (broken(stepOf.get(args.queryId) ?? 0, 'after'))
        throw new Error(`injected fault after step ${stepOf.get(args.queryId)}`);
      return args.result;
    },
  };
  return {
    plugin,
    /** Counts from zero, failing as told (or not at all). */
    arm(next: typeof fault) {
      count = 0;
      fault = next;
    },
    steps: () => count,
  };
}

/**
 * ADR 038: whatever step of the sale throws, the attempt ends — paid with one charge, or
 * failed with none and the basket writable again — at once when the gateway can still be
 * asked about the order, else by the pending-order sweep.
 */
describe.each(ENGINES)('a sale that throws at any step, on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let app: FastifyInstance;
  let id: (sku: string) => number;
  const steps = faultySteps();
  const EMAIL = 'steps@example.com';
  /** The customer's session, shared by a new browser (and basket) per attempt. */
  let token: string;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({
      db: handle.db.withPlugin(steps.plugin),
      secret: 'sale-steps-gateway-secret',
    });
    app = await appOnDatabase(handle.db, {
      payments: gateway,
      orderTimings: { waitForPendingMs: 100, lookupRetryMs: [1, 1] },
    });
    id = await variationIds(app);
    const customer = new Browser(app);
    await customer.signUp(EMAIL);
    token = customer.token!;
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  /** A new basket of one of the customer's, paid for with a new card they ask to keep. */
  async function attempt() {
    // A card new to the vault every time, so keeping it is a step of every sale.
    await handle.db.deleteFrom('test_gateway_vault').execute();
    const browser = new Browser(app);
    browser.token = token;
    await fillBasket(browser, id, [[SKU, 1]]);
    const reply = await browser.pay(FRICTIONLESS_3DS, { save_payment_method: true });
    return { browser, reply };
  }

  const stock = async () =>
    (
      await handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', id(SKU))
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  /** The browser's latest order and the money the gateway holds for it. */
  async function lastOrderOf(browser: Browser) {
    const order = await handle.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.public_id', 'orders.status'])
      .where('users.email_address', '=', EMAIL)
      .orderBy('orders.id', 'desc')
      .executeTakeFirstOrThrow();
    const charges = await handle.db
      .selectFrom('payment_ledger')
      .select('transaction_id')
      .where('order_id', '=', order.public_id)
      .where('kind', '=', 'sale')
      .where('charged', '=', true)
      .execute();
    const basket = (await browser.get('/api/v1/basket')).body.data;
    return { ...order, charges: charges.length, basket };
  }

  /**
   * Whether the browser's basket takes a change (not frozen by a pending order): its
   * line removed, so the customer's next attempt starts from an empty basket.
   */
  async function writable(browser: Browser) {
    const basket = (await browser.get('/api/v1/basket')).body.data;
    return (await browser.delete(`/api/v1/basket/${basket.items[0].id}`)).status;
  }

  // Two attempts per step of the sale: slower than most tests.
  it(
    'ends every attempt at once while the gateway can still be asked',
    { timeout: 120_000 },
    async () => {
      steps.arm(null);
      const clean = await attempt();
      expect(clean.reply.status).toBe(201);
      const total = steps.steps();
      // Nonce, verification, sale and keeping the card: more than one step to break.
      expect(total).toBeGreaterThanOrEqual(3);

      for (let step = 1; step <= total; step++) {
        for (const when of ['before', 'after'] as const) {
          const before = await stock();
          steps.arm({ step, when, andAfter: false });
          const { browser, reply } = await attempt();
          steps.arm(null);
          const where = `${when} step ${step} of ${total}`;
          const order = await lastOrderOf(browser);
          if (reply.status === 201) {
            expect(order, where).toMatchObject({ status: 'paid', charges: 1 });
            expect(order.basket.items, where).toEqual([]);
            expect(await stock(), where).toBe(before - 1);
          } else {
            expect(reply.body, where).toEqual({
              error_type: 'order_failed',
              message: 'We were unable to create your order.',
              detail: 'We were unable to take your payment, please try again.',
            });
            expect(order, where).toMatchObject({ status: 'failed', charges: 0 });
            expect(await stock(), where).toBe(before);
            expect(await writable(browser), where).toBe(200);
          }
        }
      }
    },
  );

  it(
    'ends every attempt within the sweep when the gateway is gone after the step',
    { timeout: 120_000 },
    async () => {
      steps.arm(null);
      await attempt();
      const total = steps.steps();

      for (let step = 1; step <= total; step++) {
        const before = await stock();
        steps.arm({ step, when: 'after', andAfter: true });
        const { browser, reply } = await attempt();
        const where = `after step ${step} of ${total}, gateway gone`;
        // Nobody can say whether the money was taken: the shopper is asked to wait.
        expect(reply.body.detail, where).toMatch(/still being processed/);
        // The sweep, once the order has been pending longer than a charge should take:
        // the gateway still cannot be asked, so the order fails and the basket is freed.
        await handle.db
          .updateTable('orders')
          .set({ created_at: sql<string>`now() - interval '1 minute'` } as never)
          .where('status', '=', 'pending')
          .execute();
        expect((await app.settlePendingOrders()).unasked, where).toBe(1);
        expect(await writable(browser), where).toBe(200);
        expect(await stock(), where).toBe(before);
        // Once the gateway answers, a sale made before it went is reversed.
        steps.arm(null);
        await app.reconcilePendingOrders();
        expect(await lastOrderOf(browser), where).toMatchObject({ status: 'failed', charges: 0 });
      }
    },
  );
});
