import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/api/order.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import {
  ENGINES,
  openTestDatabase,
  type TestDatabase,
  appOnDatabase,
} from '../../testing/test-app.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { TRACK_LIMITS } from './order-history.ts';

describe.each(ENGINES)('order history, tracking and cancellation on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let app: FastifyInstance;
  let id: (sku: string) => number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({ db: handle.db, secret: 'history-tests-gateway-secret' });
    app = await appOnDatabase(handle.db, { payments: gateway });
    id = await variationIds(app);
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  /** Places an order of `items` from `browser` (a new guest one by default). */
  async function place(
    items: [string, number][],
    options: { browser?: Browser; email?: string; buds?: boolean } = {},
  ): Promise<{ browser: Browser; order: OrderView }> {
    const browser = await fillBasket(options.browser ?? new Browser(app), id, items, {
      ...(options.email ? { email: options.email } : {}),
      ...(options.buds ? { buds: true } : {}),
    });
    const placed = await browser.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    const read = await browser.get(`/api/v1/orders/${placed.body.data.public_id}`);
    expect(read.status).toBe(200);
    return { browser, order: read.body.data.order };
  }

  const customer = async (email = 'demo@example.com', password = 'plants-demo') => {
    const browser = new Browser(app);
    await browser.logIn(email, password);
    return browser;
  };

  const stockOf = async (code: string) =>
    (
      await handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('id', '=', id(code))
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  const budsOf = async (email: string) =>
    Number(
      (
        await handle.db
          .selectFrom('loyalty_ledger')
          .innerJoin('users', 'users.id', 'loyalty_ledger.user_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('change'), sql<number>`0`).as('buds'))
          .where('users.email_address', '=', email)
          .executeTakeFirstOrThrow()
      ).buds,
    );

  const ledgerOf = async (publicId: string) =>
    handle.db
      .selectFrom('payment_ledger')
      .select(['kind', 'amount', 'status'])
      .where('order_id', '=', publicId)
      .where('kind', 'in', ['sale', 'void', 'refund'])
      .orderBy('id')
      .execute();

  const statusOf = async (publicId: string) =>
    (
      await handle.db
        .selectFrom('orders')
        .select('status')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow()
    ).status;

  describe('GET /api/v1/user/orders', () => {
    it('lists the customer’s own orders newest first in the Order shape; guests get 401', async () => {
      const demo = await customer();
      const first = await place([['OLV-90-GRY', 1]], { browser: demo });
      const second = await place([['FERN-BOS', 2]], { browser: demo });
      const trade = await customer('trade@example.com', 'plants-trade');
      const theirs = await place([['PEONY-PNK', 1]], { browser: trade });

      const reply = await demo.get<{ data: { orders: OrderView[] } }>('/api/v1/user/orders');
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const numbers = reply.body.data.orders.map((o) => o.order_number);
      expect(numbers.slice(0, 2)).toEqual([second.order.order_number, first.order.order_number]);
      expect(numbers).not.toContain(theirs.order.order_number);
      expect(reply.body.data.orders[0]).toMatchObject({
        public_id: second.order.public_id,
        status: 'paid',
        items: [{ quantity: 2, product: { sku: 'FERN-BOS' } }],
        delivery_address: { postcode: 'SW1A 2AA' },
        delivery_estimate: { label: expect.any(String) },
        payment_method: { label: 'Credit/Debit Card' },
        promotionItems: [],
        cancellation: null,
      });

      const guest = await new Browser(app).get('/api/v1/user/orders');
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual({
        error_type: 'unauthorized',
        message: 'You do not have permission to perform that action.',
      });
    });
  });

  describe('POST /api/v1/orders/track', () => {
    it('finds an order by number and email, and lets that browser read it afterwards', async () => {
      const { order } = await place([['OLV-90-GRY', 1]], { email: 'grace@example.com' });
      const other = new Browser(app);
      expect((await other.get(`/api/v1/orders/${order.public_id}`)).status).toBe(404);

      // Typed loosely: lower case, spaces, a capitalised email.
      const reply = await other.post('/api/v1/orders/track', {
        order_number: ` ${order.order_number.toLowerCase()} `,
        email_address: 'Grace@Example.com',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data.order).toMatchObject({
        public_id: order.public_id,
        order_number: order.order_number,
        status: 'paid',
      });
      expect((await other.get(`/api/v1/orders/${order.public_id}`)).status).toBe(200);
    });

    it('refuses a wrong email or an unknown number alike, naming both fields', async () => {
      const { order } = await place([['OLV-90-GRY', 1]], { email: 'grace@example.com' });
      const stranger = new Browser(app);
      const expected = {
        error_type: 'order_tracking_verification_failed',
        message: 'Order tracking verification failed, please check the information provided below.',
        errors: {
          order_number: ['Please check your order number'],
          email_address: ['Please check the email address you ordered with'],
        },
      };
      for (const attempt of [
        { order_number: order.order_number, email_address: 'ada@example.com' },
        { order_number: 'EB-ZZZZZZZZ', email_address: 'grace@example.com' },
      ]) {
        const reply = await stranger.post('/api/v1/orders/track', attempt);
        expect(reply.status).toBe(422);
        expect(reply.body).toEqual(expected);
      }
      expect((await stranger.get(`/api/v1/orders/${order.public_id}`)).status).toBe(404);
    });

    it('answers malformed input with validation errors on the fields', async () => {
      const reply = await new Browser(app).post('/api/v1/orders/track', {
        order_number: '12',
        email_address: 'not-an-email',
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        error_type: 'validation',
        errors: {
          order_number: [
            'Please enter the order number from your confirmation email, e.g. EB-7K3Q9M2X',
          ],
          email_address: ['This must be an email address'],
        },
      });
      const empty = await new Browser(app).post('/api/v1/orders/track', {});
      expect(empty.body.errors).toEqual({
        order_number: ['Required'],
        email_address: ['Required'],
      });
    });

    it('limits failed attempts per order number and per address, like logins', async () => {
      const { order } = await place([['OLV-90-GRY', 1]], { email: 'limit@example.com' });
      const guesser = new Browser(app);
      guesser.ip = '203.0.113.7';
      for (let i = 0; i < TRACK_LIMITS.perOrder; i++) {
        const reply = await guesser.post('/api/v1/orders/track', {
          order_number: order.order_number,
          email_address: `guess${i}@example.com`,
        });
        expect(reply.body.error_type).toBe('order_tracking_verification_failed');
      }
      // Past the limit even the right email is refused, from any address.
      const owner = new Browser(app);
      owner.ip = '198.51.100.1';
      const limited = await owner.post('/api/v1/orders/track', {
        order_number: order.order_number,
        email_address: 'limit@example.com',
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error_type: 'rate_limit',
        message: 'This action has been attempted too many times, please try again later.',
      });

      // Per address: many numbers guessed from one address.
      const scanner = new Browser(app);
      scanner.ip = '203.0.113.99';
      const statuses: number[] = [];
      for (let i = 0; i <= TRACK_LIMITS.perAddress; i++) {
        const reply = await scanner.post('/api/v1/orders/track', {
          order_number: `EB-${String(i).padStart(8, 'A').replace(/[01]/g, 'Z')}`,
          email_address: 'scan@example.com',
        });
        statuses.push(reply.status);
      }
      expect(statuses.slice(0, TRACK_LIMITS.perAddress).every((s) => s === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('cancelling a pre-order', () => {
    it('takes back earned buds only down to zero when the customer has spent them since', async () => {
      const email = `spends-what-they-earn-${Date.now()}@example.com`;
      const shopper = new Browser(app);
      await shopper.signUp(email);
      // A £149.99 pre-order earns 149 buds…
      const { order: preorder } = await place([['WIS-ARCH', 1]], { browser: shopper });
      const earned = preorder.loyalty_points.earned;
      expect(earned).toBe(149);
      // …spent at once on a £34.99 fern, which earns 33 of its own.
      const { order: fern } = await place([['FERN-BOS', 1]], { browser: shopper, buds: true });
      expect(fern.loyalty_points.used).toBe(earned);
      expect(await budsOf(email)).toBe(fern.loyalty_points.earned);

      const cancelled = await shopper.post(`/api/v1/user/orders/${preorder.public_id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.order.status).toBe('cancelled');
      // What is left is taken back, not the 149: the balance is 0, not -116.
      expect(await budsOf(email)).toBe(0);
      const ledger = await handle.db
        .selectFrom('loyalty_ledger')
        .innerJoin('users', 'users.id', 'loyalty_ledger.user_id')
        .select(['change', 'reason'])
        .where('users.email_address', '=', email)
        .orderBy('loyalty_ledger.id')
        .execute();
      expect(ledger.at(-1)).toEqual({
        change: -fern.loyalty_points.earned,
        reason: `Taken back with cancelled order ${preorder.order_number}`,
      });
    });

    it('cancels once: one void, the gift’s stock back, buds returned and taken back, one email', async () => {
      const demo = await customer();
      const budsBefore = await budsOf('demo@example.com');
      const giftStock = await stockOf('GIFT-SUCC');
      const archStock = await stockOf('WIS-ARCH');
      const { order } = await place([['WIS-ARCH', 1]], { browser: demo, buds: true });
      expect(order.items[0]).toMatchObject({ preorder: true, preorder_quantity: 1, quantity: 1 });
      expect(order.promotionItems).toHaveLength(1);
      expect(await stockOf('GIFT-SUCC')).toBe(giftStock - 1);
      expect(order.loyalty_points.used).toBeGreaterThan(0);
      expect(order.loyalty_points.earned).toBeGreaterThan(0);

      const url = `/api/v1/user/orders/${order.public_id}/cancel`;
      const replies = await Promise.all(Array.from({ length: 6 }, () => demo.post(url)));
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        expect(reply.body.data.order).toMatchObject({
          public_id: order.public_id,
          status: 'cancelled',
          cancellation: { payment: 'void' },
        });
      }
      // Asked again later: the same answer, nothing more done.
      expect((await demo.post(url)).body.data.order.status).toBe('cancelled');

      expect(await ledgerOf(order.public_id)).toEqual([
        { kind: 'sale', amount: order.discounted_prices!.total.amount, status: 'voided' },
        { kind: 'void', amount: order.discounted_prices!.total.amount, status: 'voided' },
      ]);
      expect(await stockOf('GIFT-SUCC')).toBe(giftStock);
      expect(await stockOf('WIS-ARCH')).toBe(archStock);
      expect(await budsOf('demo@example.com')).toBe(budsBefore);

      const emails = (await outboxReader(handle.db).list({ to: 'demo@example.com' })).filter((e) =>
        e.subject.includes('has been cancelled'),
      );
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe(
        `Your Everbloom order ${order.order_number} has been cancelled`,
      );
      expect(emails[0]!.text_body).toContain('1 × Artificial Wisteria Arch (pre-order: 1)');
      expect(emails[0]!.text_body).toContain('has been cancelled: it will not be taken');
      expect(emails[0]!.html_body).toMatch(
        new RegExp(`<h1[^>]*>Your order ${order.order_number} has been cancelled</h1>`),
      );

      const listed = await demo.get('/api/v1/user/orders');
      expect(listed.body.data.orders[0]).toMatchObject({ status: 'cancelled' });
    });

    it('refunds a sale that has settled, once', async () => {
      const { browser, order } = await place([['WIS-ARCH', 1]], { email: 'settled@example.com' });
      const sale = await handle.db
        .selectFrom('payment_ledger')
        .select('transaction_id')
        .where('order_id', '=', order.public_id)
        .where('kind', '=', 'sale')
        .executeTakeFirstOrThrow();
      expect(await gateway.settle(sale.transaction_id)).toBe(true);
      const url = `/api/v1/orders/${order.public_id}/cancel`;
      const [a, b] = await Promise.all([browser.post(url), browser.post(url)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.order.cancellation).toMatchObject({ payment: 'refund' });
      expect((await ledgerOf(order.public_id)).map((row) => row.kind)).toEqual(['sale', 'refund']);
    });

    it('finishes a cancellation a stopped process claimed (after voiding the sale), and leaves a live claim alone', async () => {
      const stock = await stockOf('GIFT-SUCC');
      const left = await place([['WIS-ARCH', 1]], { email: 'left-claim@example.com' });
      const live = await place([['WIS-ARCH', 1]], { email: 'live-claim@example.com' });
      expect(await stockOf('GIFT-SUCC')).toBe(stock - 2);
      // One process claimed `left`, voided its sale and stopped before marking it
      // cancelled, 10 minutes ago; another is cancelling `live` right now.
      const sale = await handle.db
        .selectFrom('payment_ledger')
        .select('transaction_id')
        .where('order_id', '=', left.order.public_id)
        .where('kind', '=', 'sale')
        .executeTakeFirstOrThrow();
      expect(await gateway.reverse(sale.transaction_id)).toEqual({ ok: true, kind: 'void' });
      await handle.db
        .updateTable('orders')
        .set({ cancel_claimed_at: sql<Date>`now() - interval '10 minutes'` } as never)
        .where('public_id', '=', left.order.public_id)
        .execute();
      await handle.db
        .updateTable('orders')
        .set({ cancel_claimed_at: sql<Date>`now()` } as never)
        .where('public_id', '=', live.order.public_id)
        .execute();

      expect(await app.finishStaleCancellations()).toEqual({ finished: 1, failed: 0 });
      expect(await statusOf(left.order.public_id)).toBe('cancelled');
      expect(await statusOf(live.order.public_id)).toBe('paid');
      // The sale was voided once, by the stopped process; the gift's stock is back.
      expect((await ledgerOf(left.order.public_id)).map((row) => row.kind)).toEqual([
        'sale',
        'void',
      ]);
      expect(await stockOf('GIFT-SUCC')).toBe(stock - 1);
      const emails = await outboxReader(handle.db).list({ to: 'left-claim@example.com' });
      expect(emails.filter((e) => e.subject.includes('has been cancelled'))).toHaveLength(1);
      // Nothing more to finish on the next run.
      expect(await app.finishStaleCancellations()).toEqual({ finished: 0, failed: 0 });
    });

    it('lets a guest cancel through tracking in another browser', async () => {
      const { order } = await place([['WIS-ARCH', 1]], { email: 'guest-pre@example.com' });
      const elsewhere = new Browser(app);
      const url = `/api/v1/orders/${order.public_id}/cancel`;
      expect((await elsewhere.post(url)).status).toBe(404);
      const tracked = await elsewhere.post('/api/v1/orders/track', {
        order_number: order.order_number,
        email_address: 'guest-pre@example.com',
      });
      expect(tracked.status).toBe(200);
      const reply = await elsewhere.post(url);
      expect(reply.status).toBe(200);
      expect(reply.body.data.order.status).toBe('cancelled');
      expect(await statusOf(order.public_id)).toBe('cancelled');
    });

    it('leaves the order paid when the payment cannot be reversed, and lets the shopper try again', async () => {
      const refusing = await appOnDatabase(handle.db, {
        payments: { ...gateway, reverse: async () => ({ ok: false, kind: null }) },
      });
      try {
        const { order } = await place([['WIS-ARCH', 1]], { email: 'retry@example.com' });
        const tracker = new Browser(refusing);
        const tracked = await tracker.post('/api/v1/orders/track', {
          order_number: order.order_number,
          email_address: 'retry@example.com',
        });
        expect(tracked.status).toBe(200);
        const url = `/api/v1/orders/${order.public_id}/cancel`;
        const refused = await tracker.post(url);
        expect(refused.status).toBe(502);
        expect(refused.body.message).toBe(
          'We could not cancel your order just now and it has not been changed. Please try again in a few minutes.',
        );
        expect(await statusOf(order.public_id)).toBe('paid');
        expect((await ledgerOf(order.public_id)).map((row) => row.kind)).toEqual(['sale']);

        // The claim was given back: the same browser's cookie works on the shop's usual app.
        const again = new Browser(app);
        for (const [name, value] of tracker.cookies) again.cookies.set(name, value);
        expect((await again.post(url)).body.data.order.status).toBe('cancelled');
        expect((await ledgerOf(order.public_id)).map((row) => row.kind)).toEqual(['sale', 'void']);
      } finally {
        await refusing.close();
      }
    });

    it('refuses an order with items from stock (order_not_preorder) and changes nothing', async () => {
      const demo = await customer();
      const budsBefore = await budsOf('demo@example.com');
      const { order } = await place([['OLV-90-GRY', 1]], { browser: demo });
      const budsAfterOrder = await budsOf('demo@example.com');
      expect(budsAfterOrder).toBeGreaterThan(budsBefore);
      const stock = await stockOf('OLV-90-GRY');

      for (const url of [
        `/api/v1/user/orders/${order.public_id}/cancel`,
        `/api/v1/orders/${order.public_id}/cancel`,
      ]) {
        const reply = await demo.post(url);
        expect(reply.status).toBe(409);
        expect(reply.body).toEqual({
          error_type: 'order_not_preorder',
          message: 'Non pre-orders cannot currently be cancelled.',
        });
      }
      expect(await statusOf(order.public_id)).toBe('paid');
      expect((await ledgerOf(order.public_id)).map((row) => row.kind)).toEqual(['sale']);
      expect(await stockOf('OLV-90-GRY')).toBe(stock);
      expect(await budsOf('demo@example.com')).toBe(budsAfterOrder);
    });

    it('refuses a pre-order partly served from stock', async () => {
      const { browser, order } = await place([['MAPLE-150', 3]], { email: 'maple@example.com' });
      expect(order.items[0]).toMatchObject({ preorder: true, preorder_quantity: 1, quantity: 3 });
      const reply = await browser.post(`/api/v1/orders/${order.public_id}/cancel`);
      expect(reply.body.error_type).toBe('order_not_preorder');
      expect(await statusOf(order.public_id)).toBe('paid');
    });

    it('hides another customer’s order: not found, not cancellable', async () => {
      const demo = await customer();
      const { order } = await place([['WIS-ARCH', 1]], { browser: demo });
      const trade = await customer('trade@example.com', 'plants-trade');
      const stranger = new Browser(app);
      for (const [browser, url] of [
        [trade, `/api/v1/user/orders/${order.public_id}/cancel`],
        [trade, `/api/v1/orders/${order.public_id}/cancel`],
        [stranger, `/api/v1/orders/${order.public_id}/cancel`],
        [trade, `/api/v1/orders/not-an-id/cancel`],
      ] as const) {
        const reply = await browser.post(url);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ error_type: 'order_not_found', message: 'Order not found.' });
      }
      expect((await stranger.post(`/api/v1/user/orders/${order.public_id}/cancel`)).status).toBe(
        401,
      );
      const listed = await trade.get<{ data: { orders: OrderView[] } }>('/api/v1/user/orders');
      expect(listed.body.data.orders.map((o) => o.public_id)).not.toContain(order.public_id);
      expect(await statusOf(order.public_id)).toBe('paid');
      expect((await ledgerOf(order.public_id)).map((row) => row.kind)).toEqual(['sale']);
    });
  });
});
