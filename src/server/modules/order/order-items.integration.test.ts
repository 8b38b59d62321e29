/**
 * An order's lines become rows when the order is written (migration 021, ADR 047): what
 * dispatch and refunds count against. The database refuses sending or refunding more
 * of a line than was bought, and the audit trail refuses to be changed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('order lines and the audit trail on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  it('writes one row per ordered line with its price, quantity and SKU', async () => {
    const shopper = await fillBasket(new Browser(t.app), id, [
      ['OLV-90-GRY', 2],
      ['FIG-90', 1],
    ]);
    const reply = await shopper.pay(FRICTIONLESS_3DS);
    expect(reply.status).toBe(201);
    const order = (await shopper.get(`/api/v1/orders/${reply.body.data.public_id}`)).body.data
      .order;
    const { id: orderId } = await t.handle.db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', order.public_id)
      .executeTakeFirstOrThrow();
    const lines = await t.handle.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
    const expected = [...order.items, ...order.promotionItems].map((item: any) => ({
      sku: item.product.sku,
      quantity: item.quantity,
      total_price: (item.discounted_total_price ?? item.total_price).amount,
    }));
    expect(
      lines.map((l) => ({ sku: l.sku, quantity: l.quantity, total_price: l.total_price })),
    ).toEqual(expected);
    expect(lines.map((l) => l.sku)).toEqual(expect.arrayContaining(['OLV-90-GRY', 'FIG-90']));

    const line = lines.find((l) => l.sku === 'OLV-90-GRY')!;
    await expect(
      t.handle.db
        .updateTable('order_items')
        .set({ dispatched: 3 })
        .where('id', '=', line.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      t.handle.db
        .updateTable('order_items')
        .set({ refunded: -1 })
        .where('id', '=', line.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      t.handle.db
        .updateTable('orders')
        .set({ refunded_amount: order.prices.total.amount + 1 })
        .where('id', '=', orderId)
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('keeps the audit trail append only', async () => {
    await t.handle.db
      .insertInto('audit_log')
      .values({ actor: 'cli', action: 'test.write', entity_type: 'test', entity_id: '1' })
      .execute();
    await expect(
      t.handle.db.updateTable('audit_log').set({ actor: 'someone else' }).execute(),
    ).rejects.toThrow(/append only/);
    await expect(t.handle.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.handle.db)).rejects.toThrow(/append only/);
  });
});
