/**
 * Refunds from the back office (ADR 051), through the API on real orders: to the payment
 * (the test-mode gateway's ledger shows it) and as store credit, the delivery charge once,
 * goodwill, restock, buds taken back, credit note numbers without gaps, the database's
 * ceilings under ten refunds at once, support's limit, guests, a gateway's refusal, the
 * audit trail, the timeline, the email, and bad input changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../domain/errors.ts';
import type { TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { placePaidOrder, salesSuite, type PaidOrder } from '../../testing/paid-orders.ts';
import { ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('refunds on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let gateway: TestModeGateway;
  let owner: Shopper;
  let support: Shopper;
  let customers = 0;

  beforeAll(async () => {
    ({
      t,
      id,
      gateway,
      staff: { owner, support },
    } = await salesSuite(engine, ['owner', 'support']));
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;

  const place = (
    items: [string, number][],
    options: { account?: boolean; settle?: boolean } = {},
  ): Promise<PaidOrder> =>
    placePaidOrder(t.app, {
      db: db(),
      idOf: id,
      items,
      email: `refund-${engine}-${++customers}@example.com`,
      gateway,
      ...options,
    });

  const refund = (browser: Shopper, orderNumber: string, body: Record<string, unknown>) =>
    browser.post<any>(`/api/v1/admin/orders/${orderNumber}/refunds`, body);

  const gatewayRefunds = (transactionId: string) =>
    db()
      .selectFrom('payment_ledger')
      .select(['kind', 'amount'])
      .where('reverses', '=', transactionId)
      .orderBy('id')
      .execute();

  const state = async (orderId: number) => ({
    order: await db()
      .selectFrom('orders')
      .select(['status', 'refunded_amount'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow(),
    lines: await db()
      .selectFrom('order_items')
      .select(['id', 'refunded'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    refunds: await db()
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('order_id', '=', orderId)
      .execute(),
  });

  const creditNotes = async () =>
    (
      await db()
        .selectFrom('refunds')
        .select('credit_note_number')
        .where('credit_note_number', 'is not', null)
        .orderBy('credit_note_number')
        .execute()
    ).map((row) => Number(row.credit_note_number!.slice(3)));

  it('refunds a line to the card: the gateway refunds that amount, with credit note, event, audit and email', async () => {
    const placed = await place([
      ['OLV-90-GRY', 2],
      ['FIG-90', 1],
    ]);
    const olive = placed.lines.find((l) => l.sku === 'OLV-90-GRY')!;
    const reply = await refund(owner, placed.orderNumber, {
      items: [{ order_item_id: olive.id, quantity: 1 }],
      reason: 'Arrived with a broken pot',
      to: 'payment',
    });
    expect(reply.status).toBe(201);
    const order = reply.body.data.order;
    const unit = olive.total_price / 2;
    expect(order.status).toBe('partially_refunded');
    expect(order.payment.refunded.amount).toBe(unit);
    expect(order.lines.find((l: any) => l.order_item_id === olive.id).refunded).toBe(1);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({
      credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
      amount: { amount: unit },
      items_amount: unit,
      to: 'payment',
      gateway_kind: 'refund',
      reason: 'Arrived with a broken pot',
      items: [{ order_item_id: olive.id, quantity: 1, amount: unit }],
    });
    // 20% VAT within the line's share.
    expect(order.refunds[0].tax_amount).toBe(Math.round((unit * 2000) / 12000));
    const creditNote = order.refunds[0].credit_note_number;
    expect(await gatewayRefunds(placed.transactionId)).toEqual([{ kind: 'refund', amount: unit }]);

    const event = order.timeline.find((e: any) => e.kind === 'refunded');
    expect(event.summary).toBe(
      `Refunded £${(unit / 100).toFixed(2)} to the card — ${creditNote}: Arrived with a broken pot`,
    );
    expect(event.staff).toMatchObject({ role: 'owner' });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', placed.orderNumber)
      .where('action', '=', 'order.refund')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ status: 'paid', refunded_amount: 0 });
    expect(audit.after).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: unit,
      credit_note_number: creditNote,
    });
    expect(audit.reason).toBe('Arrived with a broken pot');

    const mail = await db()
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', placed.email)
      .where('subject', 'like', '%refund%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(creditNote);
    expect(mail.text_body).toContain(`1 × `);
    expect(mail.text_body).toContain('refunded to the card');
    const emailed = await db()
      .selectFrom('order_events')
      .select('summary')
      .where('order_id', '=', placed.orderId)
      .where('kind', '=', 'email_sent')
      .execute();
    // The order's confirmation, then the refund's.
    expect(emailed.map((e) => e.summary)).toEqual([
      expect.stringContaining('Order confirmation sent'),
      expect.stringContaining(`Refund email (${creditNote})`),
    ]);
  });

  it('refunds as store credit, takes back the buds earned on the line, down to zero', async () => {
    const placed = await place([['OLV-90-GRY', 2]], { account: true });
    const { user_id: userId, buds_earned: earned } = await db()
      .selectFrom('orders')
      .select(['user_id', 'buds_earned'])
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    const line = placed.lines[0]!;
    const reply = await refund(owner, placed.orderNumber, {
      items: [{ order_item_id: line.id, quantity: 1 }],
      reason: 'Changed their mind',
      to: 'credit',
    });
    expect(reply.status).toBe(201);
    const unit = line.total_price / 2;
    expect(reply.body.data.order.refunds[0]).toMatchObject({ to: 'credit', gateway_kind: null });
    const user = await db()
      .selectFrom('users')
      .select('credit_balance')
      .where('id', '=', userId!)
      .executeTakeFirstOrThrow();
    expect(user.credit_balance).toBe(unit);
    const ledger = await db()
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId!)
      .execute();
    expect(ledger).toMatchObject([{ change: unit, balance_after: unit, kind: 'refund' }]);
    // Nothing at the gateway.
    expect(await gatewayRefunds(placed.transactionId)).toEqual([]);

    const buds = await db()
      .selectFrom('loyalty_ledger')
      .select(['change', 'reason'])
      .where('user_id', '=', userId!)
      .orderBy('id')
      .execute();
    // The line's share of the order's earned buds.
    const linesTotal = placed.lines.reduce((sum, l) => sum + l.total_price, 0);
    const half = Math.floor((earned * unit) / linesTotal);
    expect(buds.at(-1)).toMatchObject({
      change: -half,
      reason: expect.stringMatching(/refund CN-/),
    });

    // The customer spends their buds elsewhere (here: a ledger line), then the other unit goes back.
    await db()
      .insertInto('loyalty_ledger')
      .values({ user_id: userId!, change: -(earned - half - 3), reason: 'spent on another order' })
      .execute();
    const rest = await refund(owner, placed.orderNumber, {
      items: [{ order_item_id: line.id, quantity: 1 }],
      reason: 'The other one too',
      to: 'credit',
    });
    expect(rest.status).toBe(201);
    // Its delivery was free: every penny paid is back.
    expect(rest.body.data.order.status).toBe('refunded');
    const balance = await db()
      .selectFrom('loyalty_ledger')
      .select((eb) => eb.fn.sum<number>('change').as('buds'))
      .where('user_id', '=', userId!)
      .executeTakeFirstOrThrow();
    expect(Number(balance.buds)).toBe(0);
  });

  it('refunds the delivery charge once, and goodwill; never beyond what was paid (409)', async () => {
    const placed = await place([['PEONY-PNK', 1]]);
    expect(placed.delivery).toBeGreaterThan(0);
    const first = await refund(owner, placed.orderNumber, {
      delivery: true,
      amount: 150,
      reason: 'Late delivery',
      to: 'payment',
    });
    expect(first.status).toBe(201);
    expect(first.body.data.order.refunds[0]).toMatchObject({
      delivery_amount: placed.delivery,
      goodwill_amount: 150,
      amount: { amount: placed.delivery + 150 },
    });
    const before = await state(placed.orderId);
    const again = await refund(owner, placed.orderNumber, {
      delivery: true,
      reason: 'Again',
      to: 'payment',
    });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('refund_exceeds_payment');
    const beyond = await refund(owner, placed.orderNumber, {
      amount: placed.amount,
      reason: 'Too much',
      to: 'payment',
    });
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject({ error_type: 'refund_exceeds_payment' });
    expect(await state(placed.orderId)).toEqual(before);

    // The rest, exactly: the order is refunded.
    const rest = placed.amount - placed.delivery - 150;
    const last = await refund(owner, placed.orderNumber, {
      amount: rest,
      reason: 'Everything back',
      to: 'payment',
    });
    expect(last.status).toBe(201);
    expect(last.body.data.order.status).toBe('refunded');
    expect(last.body.data.order.payment.refundable.amount).toBe(0);
    const sum = (await gatewayRefunds(placed.transactionId)).reduce((s, r) => s + r.amount, 0);
    expect(sum).toBe(placed.amount);
  });

  it('puts refunded items back in stock through the ledger, but not pre-ordered units', async () => {
    const stockOf = async (sku: string) =>
      (
        await db()
          .selectFrom('products')
          .select('quantity_on_hand')
          .where('sku', '=', sku)
          .executeTakeFirstOrThrow()
      ).quantity_on_hand;
    const placed = await place([
      ['PEONY-PNK', 2],
      ['WIS-ARCH', 1],
    ]);
    const peonies = await stockOf('PEONY-PNK');
    const arches = await stockOf('WIS-ARCH');
    const reply = await refund(owner, placed.orderNumber, {
      items: placed.lines
        .filter((line) => ['PEONY-PNK', 'WIS-ARCH'].includes(line.sku))
        .map((line) => ({ order_item_id: line.id, quantity: line.quantity })),
      restock: true,
      reason: 'Returned unopened',
      to: 'payment',
    });
    expect(reply.status).toBe(201);
    expect(await stockOf('PEONY-PNK')).toBe(peonies + 2);
    expect(await stockOf('WIS-ARCH')).toBe(arches);
    const movements = await db()
      .selectFrom('stock_movements')
      .select(['product_id', 'change', 'before', 'after', 'reason'])
      .where('order_id', '=', placed.orderId)
      .where('reason', '=', 'restocked')
      .execute();
    expect(movements).toEqual([
      {
        product_id: id('PEONY-PNK'),
        change: 2,
        before: peonies,
        after: peonies + 2,
        reason: 'restocked',
      },
    ]);
  });

  it('gives credit notes consecutive numbers, none lost to a refused refund', async () => {
    const settled = await place([['FIG-90', 1]]);
    const unsettled = await place([['OLV-90-GRY', 2]], { settle: false });
    expect(
      (await refund(owner, settled.orderNumber, { amount: 100, reason: 'a', to: 'payment' }))
        .status,
    ).toBe(201);
    const before = await state(unsettled.orderId);
    // Part of a sale that has not settled: the gateway cannot, and nothing is kept.
    const refused = await refund(owner, unsettled.orderNumber, {
      items: [{ order_item_id: unsettled.lines[0]!.id, quantity: 1 }],
      reason: 'b',
      to: 'payment',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_type: 'refund_not_settled',
      message: errorCatalogue.refund_not_settled.message,
    });
    expect(await state(unsettled.orderId)).toEqual(before);
    // All of an unsettled sale is a void.
    const voided = await refund(owner, unsettled.orderNumber, {
      items: unsettled.lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })),
      delivery: unsettled.delivery > 0,
      reason: 'c',
      to: 'payment',
    });
    expect(voided.status).toBe(201);
    expect(voided.body.data.order.refunds[0].gateway_kind).toBe('void');
    expect(voided.body.data.order.status).toBe('refunded');
    const numbers = await creditNotes();
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('undoes the reservation when the gateway refuses, and audits it', async () => {
    const placed = await place([['FIG-90', 1]]);
    // Refunded at the gateway out of band: the shop's refund is then too large for it.
    expect((await gateway.refund(placed.transactionId, placed.amount)).ok).toBe(true);
    const before = await state(placed.orderId);
    const reply = await refund(owner, placed.orderNumber, {
      amount: 500,
      reason: 'Goodwill',
      to: 'payment',
    });
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({
      error_type: 'payment_failed',
      detail: 'Refund amount is too large.',
    });
    expect(await state(placed.orderId)).toEqual(before);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', placed.orderNumber)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['order.refund_pending', 'order.refund_refused']);
  });

  it('never refunds beyond what was paid, even with ten refunds at once', async () => {
    const placed = await place([['FIG-90', 1]]);
    const third = Math.floor(placed.amount / 3);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(owner, placed.orderNumber, { amount: third, reason: `at once ${i}`, to: 'payment' }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const { order } = await state(placed.orderId);
    expect(order.refunded_amount).toBe(3 * third);
    const atGateway = (await gatewayRefunds(placed.transactionId)).reduce(
      (s, r) => s + r.amount,
      0,
    );
    expect(atGateway).toBe(3 * third);
    const numbers = await creditNotes();
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('limits support to store credit, at most £50 a refund; a guest’s order cannot take credit', async () => {
    const placed = await place([['OLV-90-GRY', 2]], { account: true });
    const before = await state(placed.orderId);
    const toCard = await refund(support, placed.orderNumber, {
      amount: 100,
      reason: 'x',
      to: 'payment',
    });
    expect(toCard.status).toBe(403);
    expect(toCard.body).toMatchObject({
      error_type: 'unauthorized',
      message: expect.stringMatching(/store credit/),
    });
    const tooMuch = await refund(support, placed.orderNumber, {
      amount: 5_001,
      reason: 'x',
      to: 'credit',
    });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.message).toMatch(/£50\.00/);
    expect(await state(placed.orderId)).toEqual(before);
    const within = await refund(support, placed.orderNumber, {
      amount: 5_000,
      reason: 'x',
      to: 'credit',
    });
    expect(within.status).toBe(201);

    const guest = await place([['FIG-90', 1]]);
    const guestCredit = await refund(owner, guest.orderNumber, {
      amount: 100,
      reason: 'x',
      to: 'credit',
    });
    expect(guestCredit.status).toBe(422);
    expect(guestCredit.body.errors).toEqual({
      to: ['This order was placed without an account: refund it to the payment.'],
    });
  });

  it('refuses bad input with a catalogue error, changing nothing', async () => {
    const placed = await place([['OLV-90-GRY', 2]]);
    const other = await place([['FIG-90', 1]]);
    const line = placed.lines[0]!.id;
    const before = await state(placed.orderId);
    const bad: Record<string, unknown>[] = [
      { items: [{ order_item_id: line, quantity: -1 }], reason: 'x', to: 'payment' },
      { items: [{ order_item_id: line, quantity: 1.5 }], reason: 'x', to: 'payment' },
      { items: [{ order_item_id: 999_999, quantity: 1 }], reason: 'x', to: 'payment' },
      { items: [{ order_item_id: other.lines[0]!.id, quantity: 1 }], reason: 'x', to: 'payment' },
      { items: [{ order_item_id: line, quantity: 1 }], reason: 'x'.repeat(501), to: 'payment' },
      {
        items: [{ order_item_id: line, quantity: 1 }],
        reason: '<script>x</script>',
        to: 'payment',
      },
      { items: [{ order_item_id: line, quantity: 1 }], reason: 'x' },
      { items: [{ order_item_id: line, quantity: 1 }], reason: '', to: 'payment' },
      { amount: -5, reason: 'x', to: 'payment' },
      { amount: 1.5, reason: 'x', to: 'payment' },
      { amount: '100', reason: 'x', to: 'payment' },
      { reason: 'nothing to refund', to: 'payment' },
      { items: 'all', reason: 'x', to: 'payment' },
    ];
    for (const body of bad) {
      const reply = await refund(owner, placed.orderNumber, body);
      expect({ body, status: reply.status }).toEqual({ body, status: 422 });
      expect(reply.body.error_type).toBe('validation');
    }
    const tooMany = await refund(owner, placed.orderNumber, {
      items: [{ order_item_id: line, quantity: 3 }],
      reason: 'x',
      to: 'payment',
    });
    expect(tooMany.status).toBe(409);
    expect(
      (await refund(owner, 'EB-NOSUCH00', { amount: 1, reason: 'x', to: 'payment' })).status,
    ).toBe(404);
    expect(
      (await refund(owner, 'nonsense', { amount: 1, reason: 'x', to: 'payment' })).status,
    ).toBe(404);
    expect(await state(placed.orderId)).toEqual(before);
  });
});
