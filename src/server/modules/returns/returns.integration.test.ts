/**
 * Returns (ADR 070) through the API on real orders: a customer or the browser holding
 * the order starts a return of dispatched lines; lines not sent, past the window or
 * already being returned are refused; another customer's order is not found; staff
 * receive, refund (with restock, linked to the return) or refuse, each audited; emails.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../domain/errors.ts';
import type { TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { Browser } from '../../testing/checkout.ts';
import { placePaidOrder, salesSuite, type PaidOrder } from '../../testing/paid-orders.ts';
import { ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

/** A paid order whose lines are what can be returned: free gifts left out. */
type Placed = PaidOrder;

describe.each(ENGINES)('returns on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let gateway: TestModeGateway;
  let owner: Shopper;
  let dispatcher: Shopper;
  let customers = 0;

  beforeAll(async () => {
    ({
      t,
      id,
      gateway,
      staff: { owner, dispatcher },
    } = await salesSuite(engine, ['owner', 'dispatcher']));
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;

  async function place(
    items: [string, number][],
    options: { account?: boolean } = {},
  ): Promise<Placed> {
    const placed = await placePaidOrder(t.app, {
      db: db(),
      idOf: id,
      items,
      email: `returns-${engine}-${++customers}@example.com`,
      gateway,
      ...options,
    });
    return { ...placed, lines: placed.lines.filter((line) => !line.is_promotion_item) };
  }

  const ship = async (placed: Placed, items: { order_item_id: number; quantity: number }[]) => {
    const reply = await dispatcher.post(`/api/v1/admin/orders/${placed.orderNumber}/shipments`, {
      items,
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(reply.status).toBe(201);
  };

  /** Backdates the order's parcels (created_at is the database's own). */
  const sentDaysAgo = (orderId: number, days: number) =>
    sql`UPDATE shipments SET created_at = now() - make_interval(days => ${days})
        WHERE order_id = ${orderId}`.execute(db());

  const startReturn = (browser: Shopper, placed: Placed, body: unknown) =>
    browser.post<any>(`/api/v1/orders/${placed.publicId}/returns`, body);

  const returnedCounts = async (orderId: number) =>
    (
      await db()
        .selectFrom('order_items')
        .select(['id', 'returned'])
        .where('order_id', '=', orderId)
        .where('is_promotion_item', '=', false)
        .orderBy('position')
        .execute()
    ).map((row) => row.returned);

  it('a customer returns a dispatched line: 201 with a return number, an email with instructions, the order’s returns', async () => {
    const placed = await place(
      [
        ['OLV-90-GRY', 2],
        ['PEONY-PNK', 1],
      ],
      { account: true },
    );
    const [olive, peony] = placed.lines as [Placed['lines'][0], Placed['lines'][0]];
    await ship(placed, [{ order_item_id: olive.id, quantity: 2 }]);

    const before = await placed.browser.get<any>(`/api/v1/orders/${placed.publicId}/returns`);
    expect(before.status).toBe(200);
    expect(before.body.data.returnable).toEqual([
      expect.objectContaining({ order_item_id: olive.id, quantity: 2 }),
    ]);
    expect(before.body.data.reasons.map((r: { code: string }) => r.code)).toContain('damaged');

    const reply = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'damaged',
    });
    expect(reply.status).toBe(201);
    const started = reply.body.data.return;
    expect(started).toMatchObject({
      status: 'requested',
      reason: 'It arrived damaged',
      items: [{ order_item_id: olive.id, quantity: 1 }],
    });
    expect(started.return_number).toMatch(/^R-\d{6}$/);

    const mail = await db()
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', placed.email)
      .where('subject', 'like', '%return%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(started.return_number);
    expect(mail.text_body).toContain('Everbloom Returns');
    expect(mail.text_body).toContain('1 × ');

    const after = await placed.browser.get<any>(`/api/v1/orders/${placed.publicId}/returns`);
    expect(after.body.data.returns).toEqual([
      expect.objectContaining({ return_number: started.return_number, status: 'requested' }),
    ]);
    expect(after.body.data.returnable).toEqual([
      expect.objectContaining({ order_item_id: olive.id, quantity: 1 }),
    ]);

    // The peony was not sent; the olive's second unit may still go, but not twice.
    const notSent = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: peony.id, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(notSent.status).toBe(409);
    expect(notSent.body.error_type).toBe('return_not_allowed');
    expect(notSent.body.message).toBe(errorCatalogue.return_not_allowed.message);
    const tooMany = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 2 }],
      reason: 'changed_mind',
    });
    expect(tooMany.status).toBe(409);
    const second = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(second.status).toBe(201);
    const twice = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error_type).toBe('return_not_allowed');
    expect(await returnedCounts(placed.orderId)).toEqual([2, 0]);
  });

  it('refuses a return past the window (counted from deemed delivery), and shows nothing returnable', async () => {
    const placed = await place([['OLV-90-GRY', 1]]);
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 1 }]);
    // Sent 40 days ago: past 14 days after any delivery option's time.
    await sentDaysAgo(placed.orderId, 40);
    const view = await placed.browser.get<any>(`/api/v1/orders/${placed.publicId}/returns`);
    expect(view.body.data.returnable).toEqual([]);
    const reply = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error_type).toBe('return_not_allowed');
    expect(await returnedCounts(placed.orderId)).toEqual([0]);

    // 15 days ago is still within 14 days of delivery two working days or more later.
    await sentDaysAgo(placed.orderId, 15);
    const inTime = await startReturn(placed.browser, placed, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(inTime.status).toBe(201);
  });

  it('a guest returns through the browser holding the order; anyone else gets order_not_found', async () => {
    const placed = await place([['OLV-90-GRY', 1]]);
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 1 }]);
    const body = { items: [{ order_item_id: olive.id, quantity: 1 }], reason: 'faulty' };

    const stranger = new Browser(t.app);
    const refused = await startReturn(stranger, placed, body);
    expect(refused.status).toBe(404);
    expect(refused.body.error_type).toBe('order_not_found');
    const read = await stranger.get<any>(`/api/v1/orders/${placed.publicId}/returns`);
    expect(read.status).toBe(404);

    const other = new Browser(t.app);
    await other.signUp(`returns-${engine}-other-${++customers}@example.com`);
    expect((await startReturn(other, placed, body)).status).toBe(404);
    expect(await returnedCounts(placed.orderId)).toEqual([0]);

    // Tracked by number and email in a new browser: that browser may return it.
    const tracker = new Browser(t.app);
    const tracked = await tracker.post('/api/v1/orders/track', {
      order_number: placed.orderNumber,
      email_address: placed.email,
    });
    expect(tracked.status).toBe(200);
    const reply = await startReturn(tracker, placed, body);
    expect(reply.status).toBe(201);
  });

  it('answers bad input with the catalogue’s errors and changes nothing', async () => {
    const placed = await place([['OLV-90-GRY', 1]]);
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 1 }]);
    const cases: [unknown, string][] = [
      [{ items: [{ order_item_id: olive.id, quantity: 1 }] }, 'reason'],
      [{ items: [{ order_item_id: olive.id, quantity: 1 }], reason: 'bored' }, 'reason'],
      [{ items: [], reason: 'faulty' }, 'items'],
      [{ items: [{ order_item_id: olive.id, quantity: 0 }], reason: 'faulty' }, 'items'],
      [{ items: [{ order_item_id: 99_999_999, quantity: 1 }], reason: 'faulty' }, 'items'],
      [{ items: 'everything', reason: 'faulty' }, 'items'],
    ];
    for (const [body, field] of cases) {
      const reply = await startReturn(placed.browser, placed, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(Object.keys(reply.body.errors).some((key) => key.startsWith(field))).toBe(true);
    }
    const badId = await placed.browser.post<any>('/api/v1/orders/not-an-id/returns', {});
    expect(badId.status).toBe(404);
    expect(await returnedCounts(placed.orderId)).toEqual([0]);
    const none = await db()
      .selectFrom('returns')
      .select('id')
      .where('order_id', '=', placed.orderId)
      .execute();
    expect(none).toEqual([]);
  });

  it('staff receive and refund a return with restock: linked refund, stock back, audited; not twice', async () => {
    const placed = await place([['OLV-90-GRY', 2]], { account: true });
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 2 }]);
    const started = (
      await startReturn(placed.browser, placed, {
        items: [{ order_item_id: olive.id, quantity: 1 }],
        reason: 'damaged',
      })
    ).body.data.return;
    const number = started.return_number as string;
    const stockOf = async () =>
      (
        await db()
          .selectFrom('products')
          .select('quantity_on_hand')
          .where('sku', '=', 'OLV-90-GRY')
          .executeTakeFirstOrThrow()
      ).quantity_on_hand;
    const stockBefore = await stockOf();

    // Not received yet: no refund.
    const early = await owner.post<any>(`/api/v1/admin/returns/${number}/refund`, {
      to: 'payment',
    });
    expect(early.status).toBe(409);
    expect(early.body.error_type).toBe('return_not_allowed');

    const listed = await dispatcher.get<any>('/api/v1/admin/returns?status=requested');
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.returns.map((r: { return_number: string }) => r.return_number),
    ).toContain(number);

    const received = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/receive`);
    expect(received.status).toBe(200);
    expect(received.body.data.return).toMatchObject({
      status: 'received',
      order_number: placed.orderNumber,
    });
    const again = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/receive`);
    expect(again.status).toBe(409);

    // A dispatcher may not refund.
    const forbidden = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/refund`, {
      to: 'payment',
    });
    expect(forbidden.status).toBe(403);

    const refunded = await owner.post<any>(`/api/v1/admin/returns/${number}/refund`, {
      to: 'payment',
    });
    expect(refunded.status).toBe(200);
    const view = refunded.body.data.return;
    expect(view.status).toBe('refunded');
    expect(view.refund).toMatchObject({ state: 'completed' });
    expect(view.refund.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(await stockOf()).toBe(stockBefore + 1);

    const row = await db()
      .selectFrom('returns')
      .innerJoin('refunds', 'refunds.id', 'returns.refund_id')
      .select(['refunds.reason', 'refunds.restock', 'refunds.amount'])
      .where('return_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ restock: true });
    expect(row.reason).toContain(number);
    const line = await db()
      .selectFrom('order_items')
      .select(['refunded', 'returned'])
      .where('id', '=', olive.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ refunded: 1, returned: 1 });

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after'])
      .where((eb) =>
        eb.or([eb('entity_id', '=', number), eb('entity_id', '=', placed.orderNumber)]),
      )
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'order.dispatch',
      'return.receive',
      'order.refund_pending',
      'order.refund',
      'return.refund',
    ]);

    const twice = await owner.post<any>(`/api/v1/admin/returns/${number}/refund`, {
      to: 'payment',
    });
    expect(twice.status).toBe(409);
    expect(
      await db()
        .selectFrom('refunds')
        .select('id')
        .where('order_id', '=', placed.orderId)
        .execute(),
    ).toHaveLength(1);

    // The customer sees it refunded.
    const mine = await placed.browser.get<any>(`/api/v1/orders/${placed.publicId}/returns`);
    expect(mine.body.data.returns[0]).toMatchObject({ return_number: number, status: 'refunded' });
    // The other unit may still be returned; the refunded one not again.
    expect(mine.body.data.returnable).toEqual([
      expect.objectContaining({ order_item_id: olive.id, quantity: 1 }),
    ]);
  });

  it('staff refuse a return with a reason: emailed, audited, and its units may be returned again', async () => {
    const placed = await place([['OLV-90-GRY', 1]]);
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 1 }]);
    const body = { items: [{ order_item_id: olive.id, quantity: 1 }], reason: 'changed_mind' };
    const number = (await startReturn(placed.browser, placed, body)).body.data.return
      .return_number as string;

    const blank = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/refuse`, {
      reason: ' ',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.reason).toBeDefined();

    const refused = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/refuse`, {
      reason: 'The plant came back <em>dried out</em> & used',
    });
    expect(refused.status).toBe(422);
    const ok = await dispatcher.post<any>(`/api/v1/admin/returns/${number}/refuse`, {
      reason: 'The plant came back used & dried out',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.return).toMatchObject({
      status: 'refused',
      refusal_reason: 'The plant came back used & dried out',
    });
    const mail = await db()
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', placed.email)
      .where('subject', 'like', `%${number}%`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Why: The plant came back used & dried out');
    expect(mail.html_body).toContain('used &amp; dried out');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_id', '=', number)
      .execute();
    expect(audit).toEqual([
      { action: 'return.refuse', reason: 'The plant came back used & dried out' },
    ]);

    // Refused: nothing more can be done with it; the unit may be returned again.
    expect((await dispatcher.post<any>(`/api/v1/admin/returns/${number}/receive`)).status).toBe(
      409,
    );
    expect(await returnedCounts(placed.orderId)).toEqual([0]);
    expect((await startReturn(placed.browser, placed, body)).status).toBe(201);
  });

  it('starts one return when the same unit is asked for ten times at once', async () => {
    const placed = await place([['OLV-90-GRY', 1]]);
    const olive = placed.lines[0]!;
    await ship(placed, [{ order_item_id: olive.id, quantity: 1 }]);
    const body = { items: [{ order_item_id: olive.id, quantity: 1 }], reason: 'faulty' };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => startReturn(placed.browser, placed, body)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await returnedCounts(placed.orderId)).toEqual([1]);
    const rows = await db()
      .selectFrom('returns')
      .select('id')
      .where('order_id', '=', placed.orderId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers return_not_found for unknown return numbers', async () => {
    for (const url of ['/api/v1/admin/returns/R-999999', '/api/v1/admin/returns/nonsense']) {
      const reply = await owner.get<any>(url);
      expect(reply.status).toBe(404);
      expect(reply.body.error_type).toBe('return_not_found');
    }
    const post = await owner.post<any>('/api/v1/admin/returns/R-999999/receive');
    expect(post.status).toBe(404);
  });
});
