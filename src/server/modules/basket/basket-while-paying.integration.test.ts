import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import {
  Browser,
  deliveryAddress,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  type Reply,
  type TestDatabase,
} from '../../testing/test-app.ts';

/**
 * A basket whose order is being paid for cannot change (ADR 035): the order was priced
 * from the basket as it stood, and the paid order closes the basket, so a change made
 * meanwhile in another tab would be lost, and a merge at login would copy paid items.
 */
describe.each(ENGINES)('a basket while its order is being paid for, on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let app: FastifyInstance;
  let id: (sku: string) => number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({ db: handle.db, secret: 'basket-while-paying-secret' });
    app = await appOnDatabase(handle.db, {
      payments: gateway,
      orderTimings: { waitForPendingMs: 10_000, lookupRetryMs: [1, 1] },
    });
    id = await variationIds(app);
  });
  afterEach(() => gateway.faults.clear());
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  /** A basket's status and its lines as the database holds them. */
  const stored = async (basketId: string) => {
    const basket = await handle.db
      .selectFrom('baskets')
      .select(['status', 'version', 'user_id', 'voucher_code', 'delivery_option_id'])
      .where('id', '=', basketId)
      .executeTakeFirstOrThrow();
    const lines = await handle.db
      .selectFrom('basket_items')
      .select(['product_id', 'quantity'])
      .where('basket_id', '=', basketId)
      .orderBy('id')
      .execute();
    return { ...basket, lines: lines.map((line) => [line.product_id, line.quantity]) };
  };

  /** The basket id of the order being paid for with `sku`, once it is pending. */
  const pendingBasketOf = async (sku: string): Promise<string> => {
    for (let i = 0; i < 500; i++) {
      const row = await handle.db
        .selectFrom('orders')
        .select('basket_id')
        .where('status', '=', 'pending')
        .where('snapshot', '@>', JSON.stringify({ items: [{ product: { sku } }] }) as never)
        .executeTakeFirst();
      if (row?.basket_id) return row.basket_id;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No pending order with ${sku}`);
  };

  /** Starts paying slowly for `browser`'s basket; answers the reply and the basket id. */
  const paySlowly = async (browser: Browser, sku: string) => {
    gateway.faults.failNextSales({ kind: 'slow', delayMs: 1_500 });
    const paying = browser.pay(FRICTIONLESS_3DS);
    return { paying, basketId: await pendingBasketOf(sku) };
  };

  const REFUSED = {
    error_type: 'basket_order_in_progress',
    message:
      "Your basket's order is being paid for, so the basket can't be changed. Please wait a moment and try again.",
  };

  it('every change from another tab is refused with 409 and leaves the basket as the order priced it; the order then closes it', async () => {
    const browser = await fillBasket(new Browser(app), id, [['OLV-90-BLK', 1]]);
    const line = (await browser.get<{ data: BasketView }>('/api/v1/basket')).body.data.items[0]!;
    const { paying, basketId } = await paySlowly(browser, 'OLV-90-BLK');
    const before = await stored(basketId);

    // The other tab holds the same cookie.
    const tab = new Browser(app);
    for (const [name, value] of browser.cookies) tab.cookies.set(name, value);
    const changes: [string, Promise<Reply<unknown>>][] = [
      ['add', tab.post('/api/v1/basket', { product_id: id('FERN-BOS'), quantity: 1 })],
      ['quantity', tab.patch(`/api/v1/basket/${line.id}`, { quantity: 2 })],
      ['remove', tab.delete(`/api/v1/basket/${line.id}`)],
      ['address', tab.put('/api/v1/basket/details', deliveryAddress({ line_1: '1 Other Road' }))],
      ['delivery', tab.put('/api/v1/basket/delivery', { option_id: 'uk-next-day' })],
      ['voucher', tab.put('/api/v1/basket/voucher', { voucher_code: 'TENOFF' })],
    ];
    for (const [name, change] of changes) {
      const reply = await change;
      expect({ name, status: reply.status, body: reply.body }).toEqual({
        name,
        status: 409,
        body: REFUSED,
      });
    }
    expect(await stored(basketId)).toEqual(before);

    const paid = await paying;
    expect(paid.status).toBe(201);
    expect((await stored(basketId)).status).toBe('ordered');
    // The next add starts a new basket; nothing of the refused changes is in it.
    const next = await tab.post<{ data: BasketView }>('/api/v1/basket', {
      product_id: id('FERN-BOS'),
      quantity: 1,
    });
    expect(next.status).toBe(200);
    expect(next.body.data.items.map((item) => [item.product.sku, item.quantity])).toEqual([
      ['FERN-BOS', 1],
    ]);
  });

  it('under writes racing the order, every paid order holds exactly what its basket holds: no change is lost', async () => {
    let refused = 0;
    let accepted = 0;
    for (let round = 0; round < 5; round++) {
      const browser = await fillBasket(new Browser(app), id, [['LEMON-120', 1]]);
      gateway.faults.failNextSales({ kind: 'slow', delayMs: 400 });
      const add = () =>
        browser.post('/api/v1/basket', { product_id: id('EUC-SPRAY'), quantity: 1 });
      const paying = browser.pay(FRICTIONLESS_3DS);
      // Adds from another tab racing the order's transaction, during the charge, and after.
      const racing = [add(), add()];
      await pendingBasketOf('LEMON-120');
      const during = [add(), add()];
      const paid = await paying;
      expect(paid.status).toBe(201);
      const after = [add()];
      for (const reply of await Promise.all([...racing, ...during, ...after])) {
        if (reply.status === 409) {
          expect(reply.body).toEqual(REFUSED);
          refused += 1;
        } else {
          expect(reply.status).toBe(200);
          accepted += 1;
        }
      }
      const order = await handle.db
        .selectFrom('orders')
        .select(['basket_id', 'snapshot'])
        .where('public_id', '=', paid.body.data.public_id)
        .executeTakeFirstOrThrow();
      const ordered = (
        order.snapshot as { items: { product: { id: number }; quantity: number }[] }
      ).items
        .map((item) => [item.product.id, item.quantity])
        .sort((x, y) => x[0]! - y[0]!);
      const basket = await stored(order.basket_id!);
      expect(basket.status).toBe('ordered');
      expect([...basket.lines].sort((x, y) => x[0]! - y[0]!)).toEqual(ordered);
    }
    // Both outcomes happened: the race was real.
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });

  it('a failed payment leaves the basket open and changeable', async () => {
    const browser = await fillBasket(new Browser(app), id, [['OLV-90-GRY', 1]]);
    gateway.faults.failNextSales({ kind: 'network_error', charged: false });
    const failed = await browser.pay(FRICTIONLESS_3DS);
    expect(failed.status).toBe(409);
    const added = await browser.post<{ data: BasketView }>('/api/v1/basket', {
      product_id: id('FERN-BOS'),
      quantity: 1,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.items.map((item) => item.product.sku)).toEqual([
      'OLV-90-GRY',
      'FERN-BOS',
    ]);
  });

  it('a guest who logs in while paying: login succeeds, the customer’s basket is answered, and the paid items are not merged into it', async () => {
    const account = new Browser(app);
    await account.signUp('paying-guest@example.com');
    await account.post('/api/v1/basket', { product_id: id('FIG-90'), quantity: 1 });

    const guest = await fillBasket(new Browser(app), id, [['KENTIA-120', 1]]);
    const { paying, basketId } = await paySlowly(guest, 'KENTIA-120');
    const acquired = await guest.logIn('paying-guest@example.com', 'a-long-enough-password');
    expect(acquired.items.map((item) => [item.product.sku, item.quantity])).toEqual([
      ['FIG-90', 1],
    ]);

    expect((await paying).status).toBe(201);
    expect(await stored(basketId)).toMatchObject({ status: 'ordered', user_id: null });
    const after = (await account.get<{ data: BasketView }>('/api/v1/basket')).body.data;
    expect(after.items.map((item) => [item.product.sku, item.quantity])).toEqual([['FIG-90', 1]]);
  });

  it('a customer whose own basket is being paid for elsewhere logs in on another browser: its guest basket becomes theirs instead of merging', async () => {
    const account = new Browser(app);
    await account.signUp('paying-customer@example.com');
    await fillBasket(account, id, [['BAY-90-GRY', 1]]);
    const { paying, basketId: ownId } = await paySlowly(account, 'BAY-90-GRY');

    const other = new Browser(app);
    await other.post('/api/v1/basket', { product_id: id('FIG-120'), quantity: 2 });
    const acquired = await other.logIn('paying-customer@example.com', 'a-long-enough-password');
    expect(acquired.items.map((item) => [item.product.sku, item.quantity])).toEqual([
      ['FIG-120', 2],
    ]);
    const customer = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', 'paying-customer@example.com')
      .executeTakeFirstOrThrow();
    const open = await handle.db
      .selectFrom('baskets')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('status', '=', 'open')
      .where('id', '<>', ownId)
      .execute();
    expect(open).toHaveLength(1);
    expect(await stored(open[0]!.id)).toMatchObject({ lines: [[id('FIG-120'), 2]] });

    expect((await paying).status).toBe(201);
    expect(await stored(ownId)).toMatchObject({
      status: 'ordered',
      lines: [[id('BAY-90-GRY'), 1]],
    });
    // The claimed basket is the customer's basket from now on, on any browser.
    const current = (await account.get<{ data: BasketView }>('/api/v1/basket')).body.data;
    expect(current.items.map((item) => [item.product.sku, item.quantity])).toEqual([
      ['FIG-120', 2],
    ]);
  });
});
