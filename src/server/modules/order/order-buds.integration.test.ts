/**
 * A customer's buds are spent once: two of their baskets ordered at the same instant
 * (two browsers) never spend more buds than the customer has, and an order still being
 * charged holds the buds it spends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('buds spent by concurrent orders on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  const userIdOf = async (email: string) =>
    (
      await t.handle.db
        .selectFrom('users')
        .select('id')
        .where('email_address', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  /**
   * A second browser of the customer's with a basket of its own: filled before signing
   * in and never taken into the account (the API allows that; the web app acquires).
   */
  async function secondBrowser(first: Browser, items: [string, number][]): Promise<Browser> {
    const second = await fillBasket(new Browser(t.app), id, items);
    second.token = first.token;
    expect((await second.put('/api/v1/basket/loyalty', { use_loyalty_points: true })).status).toBe(
      200,
    );
    return second;
  }

  it('lets two simultaneous orders of one customer spend the buds only once', async () => {
    const email = `buds-${engine}@example.com`;
    const first = new Browser(t.app);
    await first.signUp(email);
    const userId = await userIdOf(email);
    await t.handle.db
      .insertInto('loyalty_ledger')
      .values({ user_id: userId, change: 300, reason: 'Welcome buds' })
      .execute();
    await fillBasket(first, id, [['OLV-90-GRY', 1]], { buds: true });
    const second = await secondBrowser(first, [['FIG-90', 1]]);
    expect(second.cookies.get('everbloom_basket')).not.toBe(first.cookies.get('everbloom_basket'));

    const replies = await Promise.all([first.pay(FRICTIONLESS_3DS), second.pay(FRICTIONLESS_3DS)]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    const orders = await t.handle.db
      .selectFrom('orders')
      .select(['buds_used', 'status'])
      .where('user_id', '=', userId)
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(orders.some((o) => o.buds_used === 300)).toBe(true);
    // Read in the order it was written, the balance never went below zero: the other
    // order spent at most what the first one earned, if it came after it.
    const ledger = await t.handle.db
      .selectFrom('loyalty_ledger')
      .select('change')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    let balance = 0;
    for (const { change } of ledger) {
      balance += change;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps the buds of an order still being charged from another basket', async () => {
    const email = `pending-${engine}@example.com`;
    const first = new Browser(t.app);
    await first.signUp(email);
    const userId = await userIdOf(email);
    await t.handle.db
      .insertInto('loyalty_ledger')
      .values({ user_id: userId, change: 250, reason: 'Welcome buds' })
      .execute();
    await fillBasket(first, id, [['OLV-90-BLK', 1]], { buds: true });
    // An order of this customer's, reserved but not yet charged, spending 200 buds.
    const other = await t.handle.db
      .insertInto('baskets')
      .values({ id: crypto.randomUUID(), user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('orders')
      .values({
        public_id: crypto.randomUUID(),
        order_number: 'EB-PENDBUDS',
        basket_id: other.id,
        user_id: userId,
        email_address: email,
        amount: 1000,
        snapshot: JSON.stringify({}),
        reservations: JSON.stringify([]),
        buds_used: 200,
        buds_earned: 0,
      })
      .execute();

    const basket = await first.get('/api/v1/basket');
    expect(basket.status).toBe(200);
    const reply = await first.pay(FRICTIONLESS_3DS);
    expect(reply.status).toBe(201);
    const order = await t.handle.db
      .selectFrom('orders')
      .select('buds_used')
      .where('public_id', '=', reply.body.data.public_id)
      .executeTakeFirstOrThrow();
    expect(order.buds_used).toBe(50);
  });
});
