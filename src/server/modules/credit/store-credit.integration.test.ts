/**
 * Store credit end to end (ADR 052): the basket's offer (PUT /basket/credit), the order
 * spending it in its own statement, credit given back when the payment fails or a
 * pre-order is cancelled, two orders of one customer never spending the same credit,
 * the customer's GET /user/credit and staff's grants with their audit record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxReader } from '../../adapters/email/outbox.ts';
import {
  Browser,
  DEVICE_DATA,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';

const DECLINED = 'fake-processor-declined-visa-nonce';

describe.each(ENGINES)('store credit on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  /** A new signed-in customer holding `credit` pence (granted by the command line). */
  async function customerWith(credit: number, buds = 0) {
    counter += 1;
    const email = `credit-${engine}-${counter}-${Date.now()}@example.com`;
    const browser = new Browser(t.app);
    await browser.signUp(email);
    const { id: userId } = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', email)
      .executeTakeFirstOrThrow();
    if (credit > 0) {
      await t.handle.db
        .updateTable('users')
        .set({ credit_balance: credit })
        .where('id', '=', userId)
        .execute();
    }
    if (buds > 0) {
      await t.handle.db
        .insertInto('loyalty_ledger')
        .values({ user_id: userId, change: buds, reason: 'Welcome buds' })
        .execute();
    }
    return { browser, userId, email };
  }

  const balanceOf = async (userId: number) =>
    (
      await t.handle.db
        .selectFrom('users')
        .select('credit_balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).credit_balance;

  const ledgerOf = (userId: number) =>
    t.handle.db
      .selectFrom('credit_ledger')
      .select(['change', 'balance_after', 'kind', 'reason', 'staff_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  const orderRow = (publicId: string) =>
    t.handle.db
      .selectFrom('orders')
      .select(['status', 'amount', 'credit_used', 'order_number'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();

  /** What the payment takes for a basket: its total less the credit it spends. */
  const toPay = (basket: any): number =>
    (basket.discounted_prices?.total ?? basket.prices.total).amount - basket.credit.discount.amount;

  describe('the basket', () => {
    it('offers a guest no credit, and refuses a guest’s PUT /basket/credit', async () => {
      const guest = await fillBasket(new Browser(t.app), id, [['FERN-BOS', 1]]);
      const basket = (await guest.get('/api/v1/basket')).body.data;
      expect(basket.credit).toEqual({
        using: false,
        available: 0,
        discount: { amount: 0, label: '£0.00' },
      });
      const reply = await guest.put('/api/v1/basket/credit', { use_credit: true });
      expect(reply.status).toBe(401);
      expect(reply.body.error_type).toBe('unauthorized');
    });

    it('shows the balance, spends it on what is left after buds, and stops on request', async () => {
      const { browser } = await customerWith(1_000, 500);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { buds: true });
      const before = (await browser.get('/api/v1/basket')).body.data;
      expect(before.credit).toMatchObject({ using: false, available: 1_000 });
      const total = (before.discounted_prices ?? before.prices).total.amount;

      const using = await browser.put('/api/v1/basket/credit', { use_credit: true });
      expect(using.status).toBe(200);
      const basket = using.body.data;
      // Buds first (500p off the items), then credit on what is left.
      expect(basket.loyalty_points.discount.amount).toBe(500);
      expect(basket.credit).toEqual({
        using: true,
        available: 1_000,
        discount: { amount: 1_000, label: '£10.00' },
      });
      // Credit pays for the order: the total and its VAT stay the order's.
      expect(basket.discounted_prices.total.amount).toBe(total);
      expect(basket.discounted_prices.total.tax).toEqual(before.discounted_prices.total.tax);
      expect(basket.payment_required).toBe(true);

      const stopped = await browser.put('/api/v1/basket/credit', { use_credit: false });
      expect(stopped.body.data.credit).toMatchObject({ using: false, discount: { amount: 0 } });
    });

    it('pays a whole basket, delivery included, and needs no payment', async () => {
      const { browser } = await customerWith(50_000);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { option: 'uk-next-day', credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const total = (basket.discounted_prices ?? basket.prices).total.amount;
      expect(basket.prices.delivery.amount).toBeGreaterThan(0);
      expect(basket.credit.discount.amount).toBe(total);
      expect(basket.payment_required).toBe(false);
    });

    it('refuses a body that is not a choice (422) and changes nothing', async () => {
      const { browser } = await customerWith(1_000);
      await fillBasket(browser, id, [['FERN-BOS', 1]]);
      const reply = await browser.put('/api/v1/basket/credit', { use_credit: 'yes' });
      expect(reply.status).toBe(422);
      expect(reply.body.errors.use_credit).toEqual([
        'Please choose whether to use your store credit',
      ]);
      expect((await browser.get('/api/v1/basket')).body.data.credit.using).toBe(false);
    });
  });

  describe('ordering', () => {
    it('spends the credit with the order and charges the payment the rest', async () => {
      const { browser, userId } = await customerWith(1_500);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const reply = await browser.pay(FRICTIONLESS_3DS, { expected_total: toPay(basket) });
      expect(reply.status).toBe(201);
      const order = await orderRow(reply.body.data.public_id);
      expect(order).toMatchObject({ status: 'paid', credit_used: 1_500, amount: toPay(basket) });
      expect(await balanceOf(userId)).toBe(0);
      expect(await ledgerOf(userId)).toEqual([
        {
          change: -1_500,
          balance_after: 0,
          kind: 'spent',
          reason: `Spent on order ${order.order_number}`,
          staff_id: null,
        },
      ]);
      // The order shows the credit, and the confirmation email too.
      const view = (await browser.get(`/api/v1/orders/${reply.body.data.public_id}`)).body.data
        .order;
      expect(view.credit).toEqual({ used: 1_500, discount: { amount: 1_500, label: '£15.00' } });
      const emails = await outboxReader(t.handle.db).list({ to: view.email_address });
      const confirmation = emails.find((e) => e.subject.includes(order.order_number));
      expect(confirmation?.text_body).toContain('Store credit');
      expect(confirmation?.text_body).toContain('-£15.00');
    });

    it('places an order paid in full by credit without a payment', async () => {
      const { browser, userId } = await customerWith(90_000);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      expect(basket.payment_required).toBe(false);
      const total = (basket.discounted_prices ?? basket.prices).total.amount;
      const reply = await browser.order({ expected_total: 0 });
      expect(reply.status).toBe(201);
      const order = await orderRow(reply.body.data.public_id);
      expect(order).toMatchObject({ status: 'paid', amount: 0, credit_used: total });
      expect(await balanceOf(userId)).toBe(90_000 - total);
      const view = (await browser.get(`/api/v1/orders/${reply.body.data.public_id}`)).body.data
        .order;
      expect(view.payment_method).toMatchObject({ type: null, label: 'Paid with store credit' });
    });

    it('refuses the order (409 order_total_changed) when the balance dropped, charging nothing', async () => {
      const { browser, userId } = await customerWith(2_000);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { credit: true });
      const shown = (await browser.get('/api/v1/basket')).body.data;
      await t.handle.db
        .updateTable('users')
        .set({ credit_balance: 500 })
        .where('id', '=', userId)
        .execute();
      const reply = await browser.pay(FRICTIONLESS_3DS, { expected_total: toPay(shown) });
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('order_total_changed');
      expect(await balanceOf(userId)).toBe(500);
      expect(await ledgerOf(userId)).toEqual([]);
      const orders = await t.handle.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(orders).toEqual([]);
    });

    it('gives the credit back when the payment is declined', async () => {
      const { browser, userId } = await customerWith(1_000);
      await fillBasket(browser, id, [['FERN-BOS', 1]], { credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const reply = await browser.order({
        payment_method_nonce: DECLINED,
        device_data: DEVICE_DATA,
        expected_total: toPay(basket),
      });
      expect(reply.status).toBe(422);
      expect(reply.body.error_type).toBe('payment_method_error');
      const failed = await t.handle.db
        .selectFrom('orders')
        .select(['status', 'credit_used'])
        .where('user_id', '=', userId)
        .execute();
      expect(failed).toEqual([{ status: 'failed', credit_used: 1_000 }]);
      expect(await balanceOf(userId)).toBe(1_000);
      const ledger = await ledgerOf(userId);
      expect(ledger.map((e) => [e.kind, e.change, e.balance_after])).toEqual([
        ['spent', -1_000, 0],
        ['returned', 1_000, 1_000],
      ]);
      // The basket is open again with its credit, for another try.
      const again = (await browser.get('/api/v1/basket')).body.data;
      expect(again.credit).toMatchObject({ using: true, available: 1_000 });
    });

    it('gives the credit back when a pre-order is cancelled', async () => {
      const { browser, userId } = await customerWith(3_000);
      await fillBasket(browser, id, [['WIS-ARCH', 1]], { credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const placed = await browser.pay(FRICTIONLESS_3DS, { expected_total: toPay(basket) });
      expect(placed.status).toBe(201);
      expect(await balanceOf(userId)).toBe(0);
      const cancelled = await browser.post(
        `/api/v1/user/orders/${placed.body.data.public_id}/cancel`,
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.order.status).toBe('cancelled');
      expect(await balanceOf(userId)).toBe(3_000);
      const { order_number } = await orderRow(placed.body.data.public_id);
      expect((await ledgerOf(userId)).at(-1)).toMatchObject({
        kind: 'returned',
        change: 3_000,
        balance_after: 3_000,
        reason: `Returned from cancelled order ${order_number}`,
      });
      // Its credit note credits what the order took: the payment and the credit (ADR 078).
      const order = await t.handle.db
        .selectFrom('orders')
        .select(['id', 'amount', 'credit_used', 'refunded_amount'])
        .where('order_number', '=', order_number)
        .executeTakeFirstOrThrow();
      expect(order.credit_used).toBe(3_000);
      const notes = await t.handle.db
        .selectFrom('refunds')
        .select(['amount', 'destination', 'cancellation'])
        .where('order_id', '=', order.id)
        .execute();
      expect(notes).toEqual([
        { amount: order.amount + 3_000, destination: 'payment', cancellation: true },
      ]);
      expect(order.refunded_amount).toBe(order.amount + 3_000);
    });

    it('lets two simultaneous orders of one customer spend the credit only once', async () => {
      const { browser: first, userId } = await customerWith(2_000);
      await fillBasket(first, id, [['FERN-BOS', 1]], { credit: true });
      // A second browser with a basket of its own, not taken into the account.
      const second = await fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 1]]);
      second.token = first.token;
      expect((await second.put('/api/v1/basket/credit', { use_credit: true })).status).toBe(200);
      const shown = await Promise.all([first.get('/api/v1/basket'), second.get('/api/v1/basket')]);
      for (const reply of shown) expect(reply.body.data.credit.discount.amount).toBe(2_000);

      const replies = await Promise.all([
        first.pay(FRICTIONLESS_3DS, { expected_total: toPay(shown[0]!.body.data) }),
        second.pay(FRICTIONLESS_3DS, { expected_total: toPay(shown[1]!.body.data) }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(replies.find((r) => r.status === 409)?.body.error_type).toBe('order_total_changed');
      expect(await balanceOf(userId)).toBe(0);
      const ledger = await ledgerOf(userId);
      expect(ledger.map((e) => [e.kind, e.change, e.balance_after])).toEqual([
        ['spent', -2_000, 0],
      ]);
    });
  });

  describe('GET /api/v1/user/credit', () => {
    it('answers the customer’s balance and history, newest first', async () => {
      const { browser, userId } = await customerWith(0);
      const { browser: staff } = await signedInStaff(t.app, t.handle.db, 'manager');
      const grant = { amount: 1_250, reason: 'Late delivery (internal note)' };
      expect((await staff.post(`/api/v1/admin/customers/${userId}/credit`, grant)).status).toBe(
        201,
      );
      await fillBasket(browser, id, [['FERN-BOS', 1]], { credit: true });
      const basket = (await browser.get('/api/v1/basket')).body.data;
      const placed = await browser.pay(FRICTIONLESS_3DS, { expected_total: toPay(basket) });
      expect(placed.status).toBe(201);

      const reply = await browser.get('/api/v1/user/credit');
      expect(reply.status).toBe(200);
      expect(reply.body.data.balance).toBe(0);
      expect(reply.body.data.entries).toMatchObject([
        { change: -1_250, balance_after: 0, kind: 'spent' },
        // The staff member's note stays in the back office.
        { change: 1_250, balance_after: 1_250, kind: 'goodwill', reason: 'Goodwill credit' },
      ]);
      expect(Date.parse(reply.body.data.entries[0].date)).not.toBeNaN();
    });

    it('needs a signed-in customer (401)', async () => {
      const reply = await new Browser(t.app).get('/api/v1/user/credit');
      expect(reply.status).toBe(401);
    });
  });

  describe('staff goodwill grants', () => {
    it('adds credit with the staff member in the ledger and an audit record', async () => {
      const { userId } = await customerWith(300);
      const { browser: staff, member } = await signedInStaff(t.app, t.handle.db, 'manager');
      const reply = await staff.post(`/api/v1/admin/customers/${userId}/credit`, {
        amount: 700,
        reason: '  Parcel arrived damaged  ',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ data: { balance: 1_000 } });
      expect(await ledgerOf(userId)).toEqual([
        {
          change: 700,
          balance_after: 1_000,
          kind: 'goodwill',
          reason: 'Parcel arrived damaged',
          staff_id: member.id,
        },
      ]);
      const audit = await t.handle.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'customer')
        .where('entity_id', '=', String(userId))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        staff_id: member.id,
        actor: member.email,
        action: 'credit.grant',
        reason: 'Parcel arrived damaged',
      });
      const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
      expect(parse(audit[0]!.before)).toEqual({ credit_balance: 300 });
      expect(parse(audit[0]!.after)).toEqual({ credit_balance: 1_000, granted: 700 });

      const read = await staff.get(`/api/v1/admin/customers/${userId}/credit`);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        customer_id: userId,
        balance: 1_000,
        entries: [{ change: 700, kind: 'goodwill', reason: 'Parcel arrived damaged' }],
      });
    });

    it('refuses bad amounts and reasons (422), unknown customers (404), and changes nothing', async () => {
      const { userId } = await customerWith(0);
      const { browser: staff } = await signedInStaff(t.app, t.handle.db, 'owner');
      const url = `/api/v1/admin/customers/${userId}/credit`;
      for (const body of [
        { amount: 0, reason: 'x' },
        { amount: 100_001, reason: 'x' },
        { amount: 12.5, reason: 'x' },
        { amount: '500', reason: 'x' },
        { amount: 500, reason: '   ' },
        { amount: 500, reason: 'x'.repeat(501) },
        {},
      ]) {
        const reply = await staff.post(url, body);
        expect(reply.status, JSON.stringify(body)).toBe(422);
        expect(reply.body.error_type).toBe('validation');
      }
      for (const bad of ['999999999', 'test-id', '0', '-1']) {
        const reply = await staff.post(`/api/v1/admin/customers/${bad}/credit`, {
          amount: 100,
          reason: 'x',
        });
        expect(reply.status, bad).toBe(404);
        expect(reply.body.error_type).toBe('not_found');
        expect((await staff.get(`/api/v1/admin/customers/${bad}/credit`)).status).toBe(404);
      }
      expect(await balanceOf(userId)).toBe(0);
      expect(await ledgerOf(userId)).toEqual([]);
    });

    it('lets support read credit but not grant it (403)', async () => {
      const { userId } = await customerWith(0);
      const { browser: support } = await signedInStaff(t.app, t.handle.db, 'support');
      const url = `/api/v1/admin/customers/${userId}/credit`;
      expect((await support.get(url)).status).toBe(200);
      const reply = await support.post(url, { amount: 100, reason: 'x' });
      expect(reply.status).toBe(403);
      expect(await balanceOf(userId)).toBe(0);
    });
  });
});
