/**
 * The dashboard's figures (ADR 049) against orders placed through the API: today's paid
 * orders and takings (a UK day, by when paid), orders awaiting dispatch (lines neither
 * sent nor refunded), pre-orders now in stock, and low stock.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../../domain/api/admin-audit.ts';
import { data } from '../../../domain/api/replies.ts';
import { LOW_STOCK_THRESHOLD } from '../../../domain/stock.ts';
import { ukDayOf } from '../../../domain/uk-days.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import type { Shopper } from '../../testing/test-app.ts';
import { appOnDatabase, createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import { staffBrowser } from '../../testing/staff.ts';

const reply = data(dashboardSchema);

describe.each(ENGINES)('the dashboard on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let staff: Shopper;

  const figures = async (browser = staff) => {
    const answer = await browser.get('/api/v1/admin/dashboard');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return reply.parse(answer.body).data;
  };

  /** Places an order paid by card; answers its row. */
  const place = async (items: [string, number][]) => {
    const shopper = await fillBasket(new Browser(t.app), id, items);
    const paid = await shopper.pay(FRICTIONLESS_3DS);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    return t.handle.db
      .selectFrom('orders')
      .select(['id', 'amount', 'credit_used', 'status'])
      .where('public_id', '=', paid.body.data.public_id)
      .executeTakeFirstOrThrow();
  };

  const setStock = (sku: string, quantity: number) =>
    t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: quantity })
      .where('sku', '=', sku)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    // The dispatcher, the least of the roles, sees the dashboard.
    staff = (await signedInStaff(t.app, t.handle.db, 'dispatcher')).browser;
  });
  afterAll(() => t.close());

  it('counts today’s paid orders and their takings, and what awaits dispatch', async () => {
    const before = await figures();
    expect(before.today.day).toBe(ukDayOf(new Date()));
    expect(before.low_stock_threshold).toBe(LOW_STOCK_THRESHOLD);

    const first = await place([['FERN-BOS', 2]]);
    const second = await place([
      ['ZZ-60', 1],
      ['EUC-SPRAY', 3],
    ]);
    expect(first.status).toBe('paid');
    // A declined payment (the test gateway declines £2,000–£2,999.99) is no order taken.
    const declined = await fillBasket(new Browser(t.app), id, [['KENTIA-180', 9]]);
    expect((await declined.pay(FRICTIONLESS_3DS)).status).toBe(402);

    const after = await figures();
    expect(after.today.orders).toBe(before.today.orders + 2);
    expect(after.today.takings).toBe(before.today.takings + first.amount + second.amount);
    expect(after.awaiting_dispatch).toBe(before.awaiting_dispatch + 2);

    // Store credit spent on an order is part of what it took.
    await t.handle.db
      .updateTable('orders')
      .set({ credit_used: 500 })
      .where('id', '=', second.id)
      .execute();
    expect((await figures()).today.takings).toBe(after.today.takings + 500);

    // Every line of the first sent: no longer awaiting dispatch, still taken today.
    await t.handle.db
      .updateTable('order_items')
      .set({ dispatched: sql`quantity` })
      .where('order_id', '=', first.id)
      .execute();
    // One line of the second sent, the other refunded: nothing left to send.
    const lines = await t.handle.db
      .selectFrom('order_items')
      .select(['id', 'quantity'])
      .where('order_id', '=', second.id)
      .orderBy('position')
      .execute();
    await t.handle.db
      .updateTable('order_items')
      .set({ dispatched: lines[0]!.quantity })
      .where('id', '=', lines[0]!.id)
      .execute();
    const half = await figures();
    expect(half.awaiting_dispatch).toBe(before.awaiting_dispatch + 1);
    await t.handle.db
      .updateTable('order_items')
      .set({ refunded: lines[1]!.quantity })
      .where('id', '=', lines[1]!.id)
      .execute();
    const done = await figures();
    expect(done.awaiting_dispatch).toBe(before.awaiting_dispatch);
    expect(done.today.orders).toBe(before.today.orders + 2);

    // Paid yesterday (by paid_at) is not today, whenever it was created.
    await t.handle.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    const moved = await figures();
    expect(moved.today.orders).toBe(before.today.orders + 1);
    expect(moved.today.takings).toBe(before.today.takings + second.amount + 500);
  });

  it('counts the day as the UK day of the shop’s clock', async () => {
    await place([['FERN-BOS', 1]]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const later = await appOnDatabase(t.handle.db, { now: () => tomorrow });
    try {
      const { member } = await signedInStaff(later, t.handle.db, 'owner');
      const seen = await figures(await staffBrowser(later, t.handle.db, member));
      expect(seen.today).toEqual({ day: ukDayOf(tomorrow), orders: 0, takings: 0 });
    } finally {
      await later.close();
    }
  });

  it('counts pre-orders whose variation is back in stock', async () => {
    await setStock('WIS-ARCH', 0);
    const before = await figures();
    const preorder = await place([['WIS-ARCH', 1]]);
    const line = await t.handle.db
      .selectFrom('order_items')
      .select(['preorder_quantity'])
      .where('order_id', '=', preorder.id)
      .executeTakeFirstOrThrow();
    expect(line.preorder_quantity).toBe(1);
    const waiting = await figures();
    expect(waiting.awaiting_dispatch).toBe(before.awaiting_dispatch + 1);
    expect(waiting.preorders_in_stock).toBe(before.preorders_in_stock);

    await setStock('WIS-ARCH', 2);
    expect((await figures()).preorders_in_stock).toBe(before.preorders_in_stock + 1);
    // Sent: no longer waiting, so not counted.
    await t.handle.db
      .updateTable('order_items')
      .set({ dispatched: 1 })
      .where('order_id', '=', preorder.id)
      .execute();
    expect((await figures()).preorders_in_stock).toBe(before.preorders_in_stock);
  });

  it('counts variations on sale at or under the low-stock threshold', async () => {
    await setStock('RUBBER-90', 40);
    const before = await figures();
    await setStock('RUBBER-90', LOW_STOCK_THRESHOLD + 1);
    expect((await figures()).low_stock).toBe(before.low_stock);
    await setStock('RUBBER-90', LOW_STOCK_THRESHOLD);
    expect((await figures()).low_stock).toBe(before.low_stock + 1);
    await setStock('RUBBER-90', 0);
    expect((await figures()).low_stock).toBe(before.low_stock + 1);
    // Neither a discontinued variation, nor a bundle (its stock is its parts').
    await setStock('FIG-150', 0);
    await setStock('BUNDLE-TRIO', 0);
    expect((await figures()).low_stock).toBe(before.low_stock + 1);
  });
});
