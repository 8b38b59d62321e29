/**
 * The back office's view of an order (ADR 047): the customer's Order shape with its
 * lines as rows, what was sent and refunded, the payment and the timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { addStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import { recordOrderEvent } from '../order/order-events.ts';
import { adminOrderViews } from './admin-order-view.ts';

describe.each(ENGINES)('the back office’s order view on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  it('shows the order with its lines, payment and timeline', async () => {
    const shopper = await fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 2]]);
    const placed = await shopper.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    const customerView = (await shopper.get(`/api/v1/orders/${placed.body.data.public_id}`)).body
      .data.order;
    const { id: orderId } = await t.handle.db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', customerView.public_id)
      .executeTakeFirstOrThrow();
    const member = await addStaff(t.handle.db, 'support', { name: 'Sam Support' });
    await recordOrderEvent(t.handle.db, {
      orderId,
      kind: 'note',
      summary: 'Customer rang: leave with neighbour',
      staffId: member.id,
    });

    const order = (await adminOrderViews(t.handle.db).byNumber(customerView.order_number))!;
    // The shopper's `credit_notes` are the back office's `refunds` (with their states).
    const { credit_notes: creditNotes, ...shared } = customerView;
    expect(creditNotes).toEqual([]);
    expect(order).toMatchObject({ ...shared, shipments: [], refunds: [] });
    // The ordered line, and any free gift that came with it (also sent, at £0).
    expect(order.lines.filter((line) => !line.is_promotion_item)).toEqual([
      expect.objectContaining({ sku: 'OLV-90-GRY', quantity: 2, dispatched: 0, refunded: 0 }),
    ]);
    expect(order.lines.map((line) => line.sku)).toEqual(
      [...customerView.items, ...customerView.promotionItems].map((item) => item.product.sku),
    );
    const total = customerView.prices.total.amount;
    expect(order.payment).toMatchObject({
      type: 'credit_card',
      charged: { amount: total },
      refunded: { amount: 0 },
      refundable: { amount: total },
    });
    expect(order.payment.transaction_id).toBeTruthy();
    expect(order.timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'email_sent', 'note']);
    expect(order.timeline[3]).toMatchObject({
      summary: 'Customer rang: leave with neighbour',
      staff: { name: 'Sam Support', role: 'support' },
    });
  });

  it('knows no order by an unknown number', async () => {
    expect(await adminOrderViews(t.handle.db).byNumber('EB-NOSUCH00')).toBeUndefined();
  });
});
