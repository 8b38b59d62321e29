/**
 * Refunds left pending resolved by a check with the gateway (ADR 081), through the API on
 * real orders and the test gateway, whose answer to a refund is lost after (or before)
 * it refunded: the gateway shows the refund → completed with a credit note, restock,
 * event, audit and email; it shows none → released, the amount refundable again; it does
 * not answer → still pending; two checks at once → one outcome; staff without the refund
 * permission refused; the dashboard and the orders list find pending refunds; a return's
 * refund completed by a check marks the return refunded; and the pending-refunds job
 * (pg-boss, ADR 069) resolves old ones by itself.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossQueue } from '../../adapters/jobs/pg-boss.ts';
import type { JobQueue } from '../../adapters/jobs/port.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { variationIds } from '../../testing/checkout.ts';
import { placePaidOrder, type PaidOrder } from '../../testing/paid-orders.ts';
import { signedInStaff } from '../../testing/staff.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  type Shopper,
  type TestDatabase,
} from '../../testing/test-app.ts';
import { definePeriodicJobs, PENDING_REFUNDS_JOB } from '../jobs/shop-jobs.ts';

type Placed = PaidOrder;

describe.each(ENGINES)('pending refunds on %s', (engine) => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  let gateway: TestModeGateway;
  let id: (sku: string) => number;
  let owner: Shopper;
  let dispatcher: Shopper;
  let customers = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({
      db: handle.db,
      secret: 'pending-refund-tests-secret-of-32-chars',
    });
    app = await appOnDatabase(handle.db, { payments: gateway });
    id = await variationIds(app);
    owner = (await signedInStaff(app, handle.db, 'owner')).browser;
    dispatcher = (await signedInStaff(app, handle.db, 'dispatcher')).browser;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const db = () => handle.db;

  const place = (items: [string, number][], settle = true): Promise<Placed> =>
    placePaidOrder(app, {
      db: db(),
      idOf: id,
      items,
      email: `pending-${engine}-${++customers}@example.com`,
      gateway,
      settle,
    });

  /** A refund to the payment whose answer the gateway loses, having refunded or not. */
  async function pendingRefund(
    placed: Placed,
    body: Record<string, unknown>,
    refunded: boolean,
  ): Promise<number> {
    gateway.faults.failNextRefunds({ kind: 'timeout', refunded });
    const reply = await owner.post<any>(`/api/v1/admin/orders/${placed.orderNumber}/refunds`, {
      to: 'payment',
      ...body,
    });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/held as pending/);
    const row = await db()
      .selectFrom('refunds')
      .select(['id', 'state'])
      .where('order_id', '=', placed.orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
    return row.id;
  }

  /** Makes a pending refund as old as one its own request can no longer be completing. */
  const age = (refundId: number) =>
    sql`UPDATE refunds SET created_at = now() - interval '10 minutes' WHERE id = ${refundId}`.execute(
      db(),
    );

  const check = (staff: Shopper, orderNumber: string, refundId: number) =>
    staff.post<any>(`/api/v1/admin/orders/${orderNumber}/refunds/${refundId}/check`);

  const refundRow = (refundId: number) =>
    db().selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();

  const orderRow = (orderId: number) =>
    db()
      .selectFrom('orders')
      .select(['status', 'refunded_amount'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  const actions = async (orderNumber: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('entity_id', '=', orderNumber)
        .orderBy('id')
        .execute()
    ).map((a) => a.action);

  const gatewayRefunds = (transactionId: string) =>
    db()
      .selectFrom('payment_ledger')
      .select(['transaction_id', 'amount'])
      .where('reverses', '=', transactionId)
      .where('kind', '=', 'refund')
      .orderBy('id')
      .execute();

  it('shows a pending refund on the order, the dashboard and the orders list', async () => {
    const placed = await place([['FIG-90', 1]]);
    const dashboardBefore = (await owner.get<any>('/api/v1/admin/dashboard')).body.data;
    const refundId = await pendingRefund(placed, { amount: 300, reason: 'Late' }, false);
    const order = (await owner.get<any>(`/api/v1/admin/orders/${placed.orderNumber}`)).body.data
      .order;
    expect(order.refunds).toEqual([
      expect.objectContaining({ id: refundId, state: 'pending', credit_note_number: 'Pending' }),
    ]);
    const dashboard = (await owner.get<any>('/api/v1/admin/dashboard')).body.data;
    expect(dashboard.pending_refunds).toBe(dashboardBefore.pending_refunds + 1);
    const listed = (await owner.get<any>('/api/v1/admin/orders?filter=pending_refunds')).body.data
      .orders as { order_number: string }[];
    expect(listed.map((o) => o.order_number)).toContain(placed.orderNumber);
    // Resolved, it leaves the list.
    await age(refundId);
    expect((await check(owner, placed.orderNumber, refundId)).body.data.outcome).toBe('released');
    const after = (await owner.get<any>('/api/v1/admin/orders?filter=pending_refunds')).body.data
      .orders as { order_number: string }[];
    expect(after.map((o) => o.order_number)).not.toContain(placed.orderNumber);
  });

  it('completes a refund the gateway made: credit note, gateway id, restock, event, audit and email', async () => {
    const placed = await place([
      ['OLV-90-GRY', 2],
      ['FIG-90', 1],
    ]);
    const olive = placed.lines.find((l) => l.sku === 'OLV-90-GRY')!;
    const unit = olive.total_price / 2;
    const stockBefore = await db()
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('id', '=', olive.product_id)
      .executeTakeFirstOrThrow();
    const refundId = await pendingRefund(
      placed,
      {
        items: [{ order_item_id: olive.id, quantity: 1 }],
        reason: 'Broken pot',
        restock: true,
      },
      true,
    );
    const [atGateway] = await gatewayRefunds(placed.transactionId);
    expect(atGateway).toMatchObject({ amount: unit });

    // Young or old, a refund the gateway shows is completed at once.
    const reply = await check(owner, placed.orderNumber, refundId);
    expect(reply.status).toBe(200);
    expect(reply.body.data.outcome).toBe('completed');
    const refund = await refundRow(refundId);
    expect(refund).toMatchObject({
      state: 'completed',
      credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
      gateway_kind: 'refund',
      gateway_transaction_id: atGateway!.transaction_id,
    });
    expect(reply.body.data.message).toContain(refund!.credit_note_number);
    const view = reply.body.data.order;
    expect(view.status).toBe('partially_refunded');
    expect(view.refunds[0]).toMatchObject({ state: 'completed', gateway_kind: 'refund' });
    expect(view.payment.refunded.amount).toBe(unit);
    expect(view.timeline.map((e: any) => e.kind)).toContain('refunded');
    const stockAfter = await db()
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('id', '=', olive.product_id)
      .executeTakeFirstOrThrow();
    expect(stockAfter.quantity_on_hand).toBe(stockBefore.quantity_on_hand + 1);
    expect(await actions(placed.orderNumber)).toEqual(['order.refund_pending', 'order.refund']);
    const emails = await db()
      .selectFrom('outbox_emails')
      .select('subject')
      .where('to_address', '=', placed.email)
      .execute();
    expect(emails.map((e) => e.subject).join(' ')).toContain(refund!.credit_note_number!);
    // Nothing was refunded twice at the gateway.
    expect(await gatewayRefunds(placed.transactionId)).toHaveLength(1);
  });

  it('completes a void of an unsettled sale the gateway made', async () => {
    const placed = await place([['FIG-90', 1]], false);
    const refundId = await pendingRefund(
      placed,
      { amount: placed.amount, reason: 'Cancelled by phone' },
      true,
    );
    const reply = await check(owner, placed.orderNumber, refundId);
    expect(reply.body.data.outcome).toBe('completed');
    expect(await refundRow(refundId)).toMatchObject({
      state: 'completed',
      gateway_kind: 'void',
    });
    expect((await orderRow(placed.orderId)).status).toBe('refunded');
  });

  it('releases a refund the gateway never made once it is old enough: the amount is refundable again', async () => {
    const placed = await place([['FIG-90', 1]]);
    const before = await orderRow(placed.orderId);
    const refundId = await pendingRefund(placed, { amount: 400, reason: 'Goodwill' }, false);
    expect((await orderRow(placed.orderId)).refunded_amount).toBe(before.refunded_amount + 400);

    // Its own request could still be waiting for the gateway: not released yet.
    const young = await check(owner, placed.orderNumber, refundId);
    expect(young.body.data.outcome).toBe('too_soon');
    expect((await refundRow(refundId))?.state).toBe('pending');

    await age(refundId);
    const reply = await check(owner, placed.orderNumber, refundId);
    expect(reply.body.data.outcome).toBe('released');
    expect(reply.body.data.message).toMatch(/released/);
    expect(await refundRow(refundId)).toBeUndefined();
    expect(await orderRow(placed.orderId)).toEqual(before);
    expect(reply.body.data.order.payment.refundable.amount).toBe(placed.amount);
    expect(reply.body.data.order.timeline.map((e: any) => e.kind)).toContain('refund_released');
    expect(await actions(placed.orderNumber)).toEqual([
      'order.refund_pending',
      'order.refund_released',
    ]);
    // No credit note number was taken, and the money can be refunded now.
    const again = await owner.post<any>(`/api/v1/admin/orders/${placed.orderNumber}/refunds`, {
      amount: 400,
      reason: 'Goodwill',
      to: 'payment',
    });
    expect(again.status).toBe(201);
    expect(await gatewayRefunds(placed.transactionId)).toHaveLength(1);
  });

  it('credits what a released refund held back when its order was cancelled meanwhile', async () => {
    // A pre-order (only those can be cancelled), its sale settled.
    const placed = await place([['WIS-ARCH', 2]]);
    const order = await db()
      .selectFrom('orders')
      .select(['amount', 'credit_used', 'sales_tax'])
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    const taken = order.amount + order.credit_used;
    const [line] = placed.lines;
    // One unit and some goodwill, pending: the gateway never made it.
    const refundId = await pendingRefund(
      placed,
      { items: [{ order_item_id: line!.id, quantity: 1 }], amount: 300, reason: 'Damaged' },
      false,
    );
    const reserved = await db()
      .selectFrom('refund_items')
      .select(['amount', 'tax_amount'])
      .where('refund_id', '=', refundId)
      .executeTakeFirstOrThrow();
    const held = reserved.amount + 300;
    const cancelled = await owner.post<any>(`/api/v1/admin/orders/${placed.orderNumber}/cancel`, {
      reason: 'Customer rang to cancel',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const notes = () =>
      db()
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', placed.orderId)
        .where('state', '=', 'completed')
        .orderBy('id')
        .execute();
    // The cancellation's credit note leaves out what the pending refund reserved.
    const [cancellation] = await notes();
    expect(cancellation).toMatchObject({ cancellation: true, amount: taken - held });

    await age(refundId);
    const reply = await check(owner, placed.orderNumber, refundId);
    expect(reply.body.data.outcome).toBe('released');
    expect(await refundRow(refundId)).toBeUndefined();
    const all = await notes();
    expect(all).toHaveLength(2);
    const rest = all[1]!;
    // The cancellation gave the whole sale back: a credit note for the part held back,
    // so the two credit the invoice to the penny, its VAT too.
    expect(rest).toMatchObject({
      cancellation: false,
      amount: held,
      items_amount: reserved.amount,
      goodwill_amount: 300,
      reason: 'Customer rang to cancel',
      gateway_kind: cancellation!.gateway_kind,
    });
    expect(rest.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(all.reduce((sum, n) => sum + n.amount, 0)).toBe(taken);
    expect(all.reduce((sum, n) => sum + n.tax_amount, 0)).toBe(order.sales_tax);
    const lines = await db()
      .selectFrom('refund_items')
      .select(['order_item_id', 'quantity'])
      .where('refund_id', '=', rest.id)
      .execute();
    expect(lines).toEqual([{ order_item_id: line!.id, quantity: 1 }]);
    expect(await orderRow(placed.orderId)).toEqual({ status: 'cancelled', refunded_amount: taken });
    const event = await db()
      .selectFrom('order_events')
      .select('summary')
      .where('order_id', '=', placed.orderId)
      .where('kind', '=', 'refund_released')
      .executeTakeFirstOrThrow();
    expect(event.summary).toContain(rest.credit_note_number!);
    // The sales summary the triggers kept is what the orders and refunds add up to.
    const rowsOf = (from: string) =>
      sql
        .raw<Record<string, unknown>>(
          `SELECT day::text, delivery_option, rate, slot, orders::text, takings::text,
                  refunds::text, refund_tax::text
           FROM ${from}
           WHERE (orders, takings, refunds, refund_tax) IS DISTINCT FROM (0, 0, 0, 0)
           ORDER BY 1, 2, 3, 4`,
        )
        .execute(db());
    expect((await rowsOf('sales_days')).rows).toEqual(
      (await rowsOf('sales_days_recomputed()')).rows,
    );
  });

  it('leaves it pending when the gateway does not answer, and says so', async () => {
    const placed = await place([['FIG-90', 1]]);
    const refundId = await pendingRefund(placed, { amount: 250, reason: 'Late' }, true);
    await age(refundId);
    gateway.faults.setUnreachable(true);
    try {
      const reply = await check(owner, placed.orderNumber, refundId);
      expect(reply.status).toBe(200);
      expect(reply.body.data.outcome).toBe('unavailable');
      expect(reply.body.data.message).toMatch(/did not answer/);
      expect((await refundRow(refundId))?.state).toBe('pending');
    } finally {
      gateway.faults.setUnreachable(false);
    }
    expect((await check(owner, placed.orderNumber, refundId)).body.data.outcome).toBe('completed');
  });

  it('resolves it once when two staff check at once', async () => {
    const placed = await place([['FIG-90', 1]]);
    const refundId = await pendingRefund(placed, { amount: 350, reason: 'Late' }, true);
    const other = (await signedInStaff(app, handle.db, 'manager')).browser;
    const replies = await Promise.all([
      check(owner, placed.orderNumber, refundId),
      check(other, placed.orderNumber, refundId),
    ]);
    expect(replies.map((r) => r.body.data.outcome).sort()).toEqual([
      'already_resolved',
      'completed',
    ]);
    expect((await orderRow(placed.orderId)).refunded_amount).toBe(350);
    expect(await actions(placed.orderNumber)).toEqual(['order.refund_pending', 'order.refund']);
    const numbered = await db()
      .selectFrom('refunds')
      .select('credit_note_number')
      .where('order_id', '=', placed.orderId)
      .execute();
    expect(numbered).toHaveLength(1);
  });

  it('matches each gateway refund to one pending refund of the same amount', async () => {
    const placed = await place([['FIG-90', 1]]);
    const first = await pendingRefund(placed, { amount: 200, reason: 'First' }, true);
    const second = await pendingRefund(placed, { amount: 200, reason: 'Second' }, false);
    await age(second);
    expect((await check(owner, placed.orderNumber, first)).body.data.outcome).toBe('completed');
    // The gateway's one refund of £2 is the first's: the second never happened.
    expect((await check(owner, placed.orderNumber, second)).body.data.outcome).toBe('released');
    expect((await orderRow(placed.orderId)).refunded_amount).toBe(200);
  });

  it('refuses staff without the refund permission, and unknown refunds', async () => {
    const placed = await place([['FIG-90', 1]]);
    const refundId = await pendingRefund(placed, { amount: 150, reason: 'Late' }, true);
    const refused = await check(dispatcher, placed.orderNumber, refundId);
    expect(refused.status).toBe(403);
    expect((await refundRow(refundId))?.state).toBe('pending');
    expect((await check(owner, placed.orderNumber, 999_999)).status).toBe(404);
    expect(
      (await owner.post<any>(`/api/v1/admin/orders/${placed.orderNumber}/refunds/x/check`)).status,
    ).toBe(404);
    // A completed refund is already resolved.
    expect((await check(owner, placed.orderNumber, refundId)).body.data.outcome).toBe('completed');
    expect((await check(owner, placed.orderNumber, refundId)).body.data.outcome).toBe(
      'already_resolved',
    );
  });

  it('marks the return a pending refund pays for refunded when the check completes it', async () => {
    const placed = await place([['FIG-90', 1]]);
    const line = placed.lines[0]!;
    await db()
      .updateTable('order_items')
      .set({ dispatched: 1 })
      .where('id', '=', line.id)
      .execute();
    const row = await db()
      .insertInto('returns')
      .values({
        order_id: placed.orderId,
        status: 'received',
        reason_code: 'changed_mind',
        reason_label: 'I changed my mind',
        received_at: new Date(),
      } as any)
      .returning(['id', 'return_number'])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('return_items')
      .values({ return_id: row.id, order_item_id: line.id, quantity: 1 } as any)
      .execute();
    gateway.faults.failNextRefunds({ kind: 'network_error', refunded: true });
    const reply = await owner.post<any>(`/api/v1/admin/returns/${row.return_number}/refund`, {
      to: 'payment',
      restock: false,
    });
    expect(reply.status).toBe(503);
    const pending = await db()
      .selectFrom('returns')
      .select(['status', 'refund_id'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('received');
    const checked = await check(owner, placed.orderNumber, pending.refund_id!);
    expect(checked.body.data.outcome).toBe('completed');
    const done = await db()
      .selectFrom('returns')
      .select('status')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('refunded');
    const returnAudit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', row.return_number)
      .execute();
    expect(returnAudit.map((a) => a.action)).toContain('return.refund');
  });

  describe('the pending-refunds job', () => {
    let queue: JobQueue;

    beforeAll(async () => {
      queue = pgBossQueue({
        connection: handle.url
          ? { kind: 'pool', connectionString: handle.url, max: 2 }
          : { kind: 'shared', executeSql: handle.sharedSql! },
        log: { error: () => undefined, warn: () => undefined },
        pollSeconds: 0.5,
      });
      definePeriodicJobs(queue, {
        db: handle.db,
        mediaDir: null,
        reconcilePendingOrders: () => app.reconcilePendingOrders(),
        finishStaleCancellations: () => app.finishStaleCancellations(),
        settlePendingOrders: () => app.settlePendingOrders(),
        dispatchStockAlerts: () => app.dispatchStockAlerts(),
        resolvePendingRefunds: () => app.resolvePendingRefunds(),
        log: { info: () => undefined },
      });
      await queue.start({ work: true });
    }, 120_000);
    afterAll(async () => {
      await queue?.stop();
    }, 60_000);

    it('completes or releases refunds pending over five minutes, leaves younger ones and an unanswered gateway’s', async () => {
      const refunded = await place([['FIG-90', 1]]);
      const never = await place([['FIG-90', 1]]);
      const young = await place([['FIG-90', 1]]);
      const a = await pendingRefund(refunded, { amount: 500, reason: 'Job A' }, true);
      const b = await pendingRefund(never, { amount: 600, reason: 'Job B' }, false);
      const c = await pendingRefund(young, { amount: 700, reason: 'Job C' }, false);
      await age(a);
      await age(b);

      // The gateway away: the job resolves nothing, and everything stays for later.
      gateway.faults.setUnreachable(true);
      try {
        expect(await app.resolvePendingRefunds()).toMatchObject({
          completed: 0,
          released: 0,
          unavailable: 1,
        });
      } finally {
        gateway.faults.setUnreachable(false);
      }
      expect((await refundRow(a))?.state).toBe('pending');

      await queue.enqueue(PENDING_REFUNDS_JOB, {});
      const end = Date.now() + 30_000;
      while ((await refundRow(a))?.state === 'pending' || (await refundRow(b)) !== undefined) {
        if (Date.now() > end) throw new Error('the job did not resolve the refunds');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await refundRow(a)).toMatchObject({
        state: 'completed',
        credit_note_number: expect.stringMatching(/^CN-/),
      });
      expect(await refundRow(b)).toBeUndefined();
      expect((await refundRow(c))?.state).toBe('pending');
      const byJob = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('entity_id', 'in', [refunded.orderNumber, never.orderNumber])
        .where('action', 'in', ['order.refund', 'order.refund_released'])
        .execute();
      expect(byJob).toHaveLength(2);
      expect(byJob.every((entry) => entry.actor === 'job:pending-refunds')).toBe(true);
    }, 60_000);
  });
});
