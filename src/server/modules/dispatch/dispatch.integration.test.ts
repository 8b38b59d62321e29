/**
 * Dispatch in the back office (ADR 050): parcels sent line by line, the order's status
 * as they go, the database's bound on what is sent (also under concurrent requests),
 * tracking corrections with their history, the audit trail and timeline, the dispatch
 * email, the customer's view of their parcels, and a pre-order's cancellation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { errorCatalogue } from '../../../domain/errors.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';
import { adminOrderViews } from '../admin-orders/admin-order-view.ts';

describe.each(ENGINES)('dispatch on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let dispatcher: Shopper;
  let dispatcherEmail: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    const signedIn = await signedInStaff(t.app, t.handle.db, 'dispatcher');
    dispatcher = signedIn.browser;
    dispatcherEmail = signedIn.member.email;
  });
  afterAll(() => t.close());

  /** Places a paid order of `items` from a new guest browser. */
  async function place(
    items: [string, number][],
    email = `guest-${engine}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
  ): Promise<{ browser: Browser; order: OrderView; admin: AdminOrderView; email: string }> {
    const browser = await fillBasket(new Browser(t.app), id, items, { email });
    const placed = await browser.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    const order = (await browser.get(`/api/v1/orders/${placed.body.data.public_id}`)).body.data
      .order as OrderView;
    const admin = (await adminOrderViews(t.handle.db).byNumber(order.order_number))!;
    return { browser, order, admin, email };
  }

  const lineOf = (order: AdminOrderView, sku: string) =>
    order.lines.find((line) => line.sku === sku && !line.is_promotion_item)!;
  const ship = (
    orderNumber: string,
    items: { order_item_id: number; quantity: number }[],
    extra: Record<string, unknown> = { carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
    browser = dispatcher,
  ) => browser.post(`/api/v1/admin/orders/${orderNumber}/shipments`, { items, ...extra });
  const stateOf = async (orderNumber: string) => {
    const order = (await adminOrderViews(t.handle.db).byNumber(orderNumber))!;
    return {
      status: order.status,
      lines: order.lines.map((line) => line.dispatched),
      shipments: order.shipments.length,
    };
  };
  const auditOf = (orderNumber: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', orderNumber)
      .orderBy('id')
      .execute();

  it('dispatches part, then the rest: statuses, timeline, audit, emails and the customer’s view', async () => {
    const { browser, admin, email } = await place([
      ['OLV-90-GRY', 2],
      ['FIG-90', 1],
    ]);
    const olive = lineOf(admin, 'OLV-90-GRY');
    const first = await ship(admin.order_number, [
      { order_item_id: olive.order_item_id, quantity: 1 },
    ]);
    expect(first.status).toBe(201);
    const afterFirst = first.body.data.order as AdminOrderView;
    expect(afterFirst.status).toBe('partially_dispatched');
    expect(lineOf(afterFirst, 'OLV-90-GRY').dispatched).toBe(1);
    expect(afterFirst.shipments).toEqual([
      expect.objectContaining({
        carrier: 'royal_mail',
        carrier_name: 'Royal Mail',
        tracking_number: 'AB123456789GB',
        tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        staff: expect.objectContaining({ email: dispatcherEmail }),
        items: [expect.objectContaining({ order_item_id: olive.order_item_id, quantity: 1 })],
      }),
    ]);
    // The order confirmation's email, then the dispatch and its email.
    expect(afterFirst.timeline.map((e) => e.kind)).toEqual([
      'placed',
      'paid',
      'email_sent',
      'dispatched',
      'email_sent',
    ]);
    expect(afterFirst.timeline[3]).toMatchObject({
      summary: 'Sent 1 item by Royal Mail, tracking AB123456789GB',
      staff: { email: dispatcherEmail },
    });

    const mail = (await outboxReader(t.handle.db).latest(email))!;
    expect(mail.subject).toBe(`Part of your Everbloom order ${admin.order_number} is on its way`);
    expect(mail.text_body).toContain('1 × ');
    expect(mail.text_body).toContain('Carrier: Royal Mail');
    expect(mail.text_body).toContain('Tracking number: AB123456789GB');
    expect(mail.text_body).toContain(
      'Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(mail.text_body).toContain('Still to come');
    expect(mail.html_body).toMatch(
      /<a href="https:\/\/www\.royalmail\.com\/track-your-item#\/tracking-results\/AB123456789GB"[^>]*>Track your parcel<\/a>/,
    );

    // The rest, free gifts included, in a second parcel with DPD.
    const rest = afterFirst.lines
      .filter((line) => line.quantity - line.dispatched > 0)
      .map((line) => ({
        order_item_id: line.order_item_id,
        quantity: line.quantity - line.dispatched,
      }));
    const second = await ship(admin.order_number, rest, {
      carrier: 'dpd',
      tracking_number: ' 1550 1234 5678 ',
    });
    expect(second.status).toBe(201);
    const done = second.body.data.order as AdminOrderView;
    expect(done.status).toBe('dispatched');
    expect(done.lines.every((line) => line.dispatched === line.quantity)).toBe(true);
    expect(done.shipments[1]).toMatchObject({
      carrier_name: 'DPD',
      tracking_number: '1550 1234 5678',
      tracking_url: 'https://track.dpd.co.uk/parcels/1550%201234%205678',
    });
    const last = (await outboxReader(t.handle.db).latest(email))!;
    expect(last.subject).toBe(`Your Everbloom order ${admin.order_number} is on its way`);
    expect(last.text_body).toContain('That is everything in your order.');

    const audit = await auditOf(admin.order_number);
    expect(audit.map((a) => [a.action, a.actor, a.entity_type])).toEqual([
      ['order.dispatch', dispatcherEmail, 'order'],
      ['order.dispatch', dispatcherEmail, 'order'],
    ]);
    expect(audit[0]!.before).toMatchObject({ status: 'paid' });
    expect(audit[0]!.after).toMatchObject({ status: 'partially_dispatched' });
    expect(audit[1]!.after).toMatchObject({ status: 'dispatched' });

    // The customer sees both parcels, reading the order and tracking it.
    const read = await browser.get(`/api/v1/orders/${admin.public_id}`);
    expect(read.body.data.order.status).toBe('dispatched');
    expect(read.body.data.order.shipments).toEqual([
      {
        carrier_name: 'Royal Mail',
        tracking_number: 'AB123456789GB',
        tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        date: expect.any(String),
        items: [{ name: olive.name, quantity: 1 }],
      },
      expect.objectContaining({ carrier_name: 'DPD', tracking_number: '1550 1234 5678' }),
    ]);
    const tracked = await new Browser(t.app).post('/api/v1/orders/track', {
      order_number: admin.order_number,
      email_address: email,
    });
    expect(tracked.status).toBe(200);
    expect(tracked.body.data.order.shipments).toEqual(read.body.data.order.shipments);
  });

  it('refuses more than is left to send (409) and changes nothing', async () => {
    const { admin } = await place([
      ['OLV-90-GRY', 2],
      ['FIG-90', 1],
    ]);
    const olive = lineOf(admin, 'OLV-90-GRY');
    const fig = lineOf(admin, 'FIG-90');
    expect(
      (await ship(admin.order_number, [{ order_item_id: olive.order_item_id, quantity: 1 }]))
        .status,
    ).toBe(201);
    const before = await stateOf(admin.order_number);
    const auditBefore = (await auditOf(admin.order_number)).length;
    // The fig fits; the olive's second parcel of 2 does not: neither is sent.
    const reply = await ship(admin.order_number, [
      { order_item_id: fig.order_item_id, quantity: 1 },
      { order_item_id: olive.order_item_id, quantity: 2 },
    ]);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      error_type: 'shipment_exceeds_order',
      message: errorCatalogue.shipment_exceeds_order.message,
    });
    expect(await stateOf(admin.order_number)).toEqual(before);
    expect(await auditOf(admin.order_number)).toHaveLength(auditBefore);
  });

  it('refuses lines of another order, unknown lines and repeated lines (422)', async () => {
    const { admin } = await place([['OLV-90-GRY', 1]]);
    const { admin: other } = await place([['FIG-90', 1]]);
    const before = await stateOf(admin.order_number);
    const foreign = await ship(admin.order_number, [
      { order_item_id: lineOf(admin, 'OLV-90-GRY').order_item_id, quantity: 1 },
      { order_item_id: lineOf(other, 'FIG-90').order_item_id, quantity: 1 },
    ]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      'items.1.order_item_id': ['This line is not part of this order'],
    });
    const unknown = await ship(admin.order_number, [{ order_item_id: 999_999_999, quantity: 1 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty(['items.0.order_item_id']);
    const line = lineOf(admin, 'OLV-90-GRY').order_item_id;
    const repeated = await ship(admin.order_number, [
      { order_item_id: line, quantity: 1 },
      { order_item_id: line, quantity: 1 },
    ]);
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toHaveProperty(['items.1.order_item_id']);
    expect(await stateOf(admin.order_number)).toEqual(before);
    expect(await stateOf(other.order_number)).toMatchObject({ status: 'paid', shipments: 0 });
  });

  it('refuses bad input with per-field messages (422) and changes nothing', async () => {
    const { admin } = await place([['OLV-90-GRY', 1]]);
    const line = lineOf(admin, 'OLV-90-GRY').order_item_id;
    const good = { carrier: 'royal_mail', tracking_number: 'AB1' };
    const cases: [unknown, string][] = [
      [{ ...good, items: [] }, 'items'],
      [{ ...good, items: 'all' }, 'items'],
      [{ ...good, items: [{ order_item_id: line, quantity: -1 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ order_item_id: line, quantity: 0 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ order_item_id: line, quantity: 0.5 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ order_item_id: line, quantity: '1' }] }, 'items.0.quantity'],
      [{ ...good, items: [{ order_item_id: 'x', quantity: 1 }] }, 'items.0.order_item_id'],
      [{ ...good, carrier: 'pigeon', items: [{ order_item_id: line, quantity: 1 }] }, 'carrier'],
      [{ carrier: 'dpd', items: [{ order_item_id: line, quantity: 1 }] }, 'tracking_number'],
      [
        { ...good, tracking_number: 'A'.repeat(65), items: [{ order_item_id: line, quantity: 1 }] },
        'tracking_number',
      ],
      [
        {
          ...good,
          tracking_number: '<script>x</script>',
          items: [{ order_item_id: line, quantity: 1 }],
        },
        'tracking_number',
      ],
      [
        { ...good, tracking_number: 42, items: [{ order_item_id: line, quantity: 1 }] },
        'tracking_number',
      ],
    ];
    for (const [body, field] of cases) {
      const reply = await dispatcher.post(
        `/api/v1/admin/orders/${admin.order_number}/shipments`,
        body,
      );
      expect({ body, status: reply.status, type: reply.body.error_type }).toEqual({
        body,
        status: 422,
        type: 'validation',
      });
      expect(Object.keys(reply.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await stateOf(admin.order_number)).toEqual({
      status: 'paid',
      lines: expect.any(Array),
      shipments: 0,
    });
    expect(await auditOf(admin.order_number)).toHaveLength(0);

    // 'Other' carriers may have no tracking number, and have no tracking link.
    const other = await ship(admin.order_number, [{ order_item_id: line, quantity: 1 }], {
      carrier: 'other',
    });
    expect(other.status).toBe(201);
    expect(other.body.data.order.shipments[0]).toMatchObject({
      carrier_name: 'Other carrier',
      tracking_number: '',
      tracking_url: null,
    });
  });

  it('answers 404 for an unknown order and 409 for one not paid for', async () => {
    expect((await ship('EB-NOSUCH22', [{ order_item_id: 1, quantity: 1 }])).body.error_type).toBe(
      'order_not_found',
    );
    const { admin } = await place([['FIG-90', 1]]);
    await t.handle.db
      .updateTable('orders')
      .set({ status: 'failed' })
      .where('order_number', '=', admin.order_number)
      .execute();
    const reply = await ship(admin.order_number, [
      { order_item_id: lineOf(admin, 'FIG-90').order_item_id, quantity: 1 },
    ]);
    expect(reply.status).toBe(409);
    expect(reply.body.error_type).toBe('order_not_dispatchable');
    expect(await stateOf(admin.order_number)).toMatchObject({ shipments: 0 });
  });

  it('sends the last unit once when five requests race for it', async () => {
    const { admin } = await place([['OLV-90-GRY', 3]]);
    const olive = lineOf(admin, 'OLV-90-GRY');
    expect(
      (await ship(admin.order_number, [{ order_item_id: olive.order_item_id, quantity: 2 }]))
        .status,
    ).toBe(201);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ship(admin.order_number, [{ order_item_id: olive.order_item_id, quantity: 1 }], {
          carrier: 'evri',
          tracking_number: `RACE${i}`,
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.error_type).toBe('shipment_exceeds_order');
    }
    const after = (await adminOrderViews(t.handle.db).byNumber(admin.order_number))!;
    expect(lineOf(after, 'OLV-90-GRY').dispatched).toBe(3);
    expect(after.shipments).toHaveLength(2);
    expect(
      (await auditOf(admin.order_number)).filter((a) => a.action === 'order.dispatch'),
    ).toHaveLength(2);
  });

  it('corrects a tracking number, keeping the old one, and refuses another order’s shipment', async () => {
    const { admin, browser } = await place([['FIG-90', 1]]);
    const { admin: other } = await place([['FIG-90', 1]]);
    const sent = await ship(
      admin.order_number,
      [{ order_item_id: lineOf(admin, 'FIG-90').order_item_id, quantity: 1 }],
      { carrier: 'royal_mail', tracking_number: 'WRONG1' },
    );
    const shipmentId = sent.body.data.order.shipments[0].id as number;
    const url = `/api/v1/admin/orders/${admin.order_number}/shipments/${shipmentId}`;

    const bad = await dispatcher.patch(url, { tracking_number: '<b>x</b>' });
    expect(bad.status).toBe(422);
    const fixed = await dispatcher.patch(url, {
      carrier: 'parcelforce',
      tracking_number: 'PF 123-456',
    });
    expect(fixed.status).toBe(200);
    const shipment = fixed.body.data.order.shipments[0];
    expect(shipment).toMatchObject({
      carrier: 'parcelforce',
      tracking_number: 'PF 123-456',
      tracking_url: 'https://www.parcelforce.com/track-trace?trackNumber=PF%20123-456',
      history: [
        { carrier: 'Royal Mail', tracking_number: 'WRONG1', staff: { email: dispatcherEmail } },
      ],
    });
    expect(fixed.body.data.order.timeline.at(-1)).toMatchObject({
      kind: 'tracking_corrected',
      summary: 'Tracking corrected from Royal Mail WRONG1 to Parcelforce PF 123-456',
    });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.shipment.correct')
      .where('entity_id', '=', String(shipmentId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { carrier: 'royal_mail', tracking_number: 'WRONG1' },
      after: { carrier: 'parcelforce', tracking_number: 'PF 123-456' },
    });
    // The customer sees the corrected number.
    const read = await browser.get(`/api/v1/orders/${admin.public_id}`);
    expect(read.body.data.order.shipments[0].tracking_number).toBe('PF 123-456');

    // A shipment of another order, and one that does not exist.
    const elsewhere = await dispatcher.patch(
      `/api/v1/admin/orders/${other.order_number}/shipments/${shipmentId}`,
      { tracking_number: 'X1' },
    );
    expect(elsewhere.status).toBe(404);
    expect(
      (
        await dispatcher.patch(`/api/v1/admin/orders/${admin.order_number}/shipments/99999999`, {
          tracking_number: 'X1',
        })
      ).status,
    ).toBe(404);
    // Clearing a Royal Mail number is refused.
    const cleared = await dispatcher.patch(url, { carrier: 'royal_mail', tracking_number: '' });
    expect(cleared.status).toBe(422);
  });

  it('is refused to a role without orders.dispatch', async () => {
    const { admin } = await place([['FIG-90', 1]]);
    const support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    const reply = await ship(
      admin.order_number,
      [{ order_item_id: lineOf(admin, 'FIG-90').order_item_id, quantity: 1 }],
      undefined,
      support,
    );
    expect(reply.status).toBe(403);
    expect(await stateOf(admin.order_number)).toMatchObject({ status: 'paid', shipments: 0 });
  });

  describe('pre-orders', () => {
    it('dispatches part of a pre-order; the customer can then no longer cancel it', async () => {
      const { browser, admin } = await place([['WIS-ARCH', 1]]);
      const gift = admin.lines.find((line) => line.is_promotion_item);
      const first = gift ?? lineOf(admin, 'WIS-ARCH');
      expect(
        (await ship(admin.order_number, [{ order_item_id: first.order_item_id, quantity: 1 }]))
          .status,
      ).toBe(201);
      const cancel = await browser.post(`/api/v1/orders/${admin.public_id}/cancel`);
      expect(cancel.status).toBe(409);
      expect(cancel.body).toMatchObject({
        error_type: 'order_not_preorder',
        message: errorCatalogue.order_not_preorder.message,
      });
      expect((await stateOf(admin.order_number)).status).not.toBe('cancelled');
    });

    it('lets exactly one of a cancellation and a dispatch win when they race', async () => {
      for (let round = 0; round < 3; round++) {
        const { browser, admin } = await place([['WIS-ARCH', 1]]);
        const line = lineOf(admin, 'WIS-ARCH');
        const [cancel, dispatch] = await Promise.all([
          browser.post(`/api/v1/orders/${admin.public_id}/cancel`),
          ship(admin.order_number, [{ order_item_id: line.order_item_id, quantity: 1 }]),
        ]);
        const state = await stateOf(admin.order_number);
        if (cancel.status === 200) {
          expect(dispatch.status).toBe(409);
          expect(dispatch.body.error_type).toBe('order_not_dispatchable');
          expect(state).toMatchObject({ status: 'cancelled', shipments: 0 });
          expect(state.lines.every((n) => n === 0)).toBe(true);
        } else {
          expect(dispatch.status).toBe(201);
          expect(cancel.status).toBe(409);
          expect(state.status).not.toBe('cancelled');
          expect(state.shipments).toBe(1);
        }
      }
    });
  });
});
