/**
 * Customers over HTTP (ADR 066): finding them by email, name or postcode, a customer's
 * page, buds granted with their ledger row and audit record, disabling an account (its
 * sessions end at once, it cannot sign in), and UK GDPR — the export, erasure refused
 * while an order or a return is open, erasure by staff and by the customer themself, and
 * the export afterwards holding nothing personal (returns kept, as orders are: ADR 070).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  CAPTCHA_FIELD,
  deliveryAddress,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'a-long-enough-password';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
let counter = 0;

describe.each(ENGINES)('the back office’s customers on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let support: Shopper;
  let dispatcher: Shopper;
  const tag = `${engine}${process.pid}`.replace(/[^a-z0-9]/gi, '');

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    dispatcher = (await signedInStaff(t.app, t.handle.db, 'dispatcher')).browser;
  });
  afterAll(() => t.close());

  /** A signed-in customer with a distinctive name, a saved address and a paid order. */
  async function customer(options: { order?: boolean } = {}) {
    counter += 1;
    const last = `Quillfeather${tag}x${counter}`;
    const email = `zenobia.${last.toLowerCase()}@example.com`;
    // A valid postcode of the test-mode lookup's form, distinct per customer.
    const postcode = `LS${(counter % 9) + 1} ${counter % 10}QX`;
    const telephone = `0790${String(1000000 + counter).slice(-7)}`;
    const browser = new Browser(t.app);
    const registered = await browser.post('/api/v1/auth/register', {
      first_name: 'Zenobia',
      last_name: last,
      email,
      password: PASSWORD,
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    expect(registered.status).toBeLessThan(300);
    await browser.logIn(email, PASSWORD);
    const address = {
      first_name: 'Zenobia',
      last_name: last,
      line_1: `${counter} Larkspur Lane`,
      postcode,
      telephone,
    };
    const saved = await browser.post('/api/v1/user/addresses', deliveryAddress(address, ''));
    expect(saved.status).toBe(200);
    const { id: userId } = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', email)
      .executeTakeFirstOrThrow();
    let orderNumber: string | null = null;
    if (options.order !== false) {
      expect(
        (await browser.post('/api/v1/basket', { product_id: id('FERN-BOS'), quantity: 1 })).status,
      ).toBe(200);
      expect((await browser.put('/api/v1/basket/details', deliveryAddress(address))).status).toBe(
        200,
      );
      expect(
        (await browser.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status,
      ).toBe(200);
      const paid = await browser.pay(FRICTIONLESS_3DS);
      expect(paid.status).toBe(201);
      const order = await t.handle.db
        .selectFrom('orders')
        .select('order_number')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      orderNumber = order.order_number;
    }
    return { browser, email, last, postcode, telephone, userId, orderNumber };
  }

  /** Sends every line of the order, so it is no longer open. */
  async function dispatchAll(orderNumber: string) {
    const order = await t.handle.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    const lines = await t.handle.db
      .selectFrom('order_items')
      .select(['id', 'quantity'])
      .where('order_id', '=', order.id)
      .execute();
    const shipped = await manager.post(`/api/v1/admin/orders/${orderNumber}/shipments`, {
      items: lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })),
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(shipped.status).toBe(201);
  }

  const auditOf = (userId: number, action: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'customer')
      .where('entity_id', '=', String(userId))
      .where('action', '=', action)
      .execute();

  describe('finding customers', () => {
    it('finds one by email, by name, by saved postcode with or without its space', async () => {
      const c = await customer({ order: false });
      for (const q of [c.email, c.last, c.postcode, c.postcode.replace(' ', '')]) {
        const reply = await support.get(`/api/v1/admin/customers?q=${encodeURIComponent(q)}`);
        expect(reply.status, q).toBe(200);
        expect(
          reply.body.data.customers.map((row: { id: number }) => row.id),
          q,
        ).toEqual([c.userId]);
        expect(reply.body.data.customers[0]).toMatchObject({
          email_address: c.email,
          name: `Zenobia ${c.last}`,
          disabled: false,
          erased: false,
        });
      }
    });

    it('finds one by an order’s delivery postcode alone', async () => {
      const c = await customer();
      await t.handle.db.deleteFrom('user_addresses').where('user_id', '=', c.userId).execute();
      const reply = await manager.get(
        `/api/v1/admin/customers?q=${encodeURIComponent(c.postcode)}`,
      );
      expect(reply.body.data.customers.map((row: { id: number }) => row.id)).toEqual([c.userId]);
    });

    it('pages newest first with a cursor, and refuses a short search', async () => {
      const a = await customer({ order: false });
      const b = await customer({ order: false });
      const first = await manager.get('/api/v1/admin/customers?q=zenobia&limit=1');
      expect(first.body.data.customers[0].id).toBe(b.userId);
      const next = await manager.get(
        `/api/v1/admin/customers?q=zenobia&limit=1&cursor=${first.body.data.next_cursor}`,
      );
      expect(next.body.data.customers[0].id).toBe(a.userId);
      const short = await manager.get('/api/v1/admin/customers?q=ab');
      expect(short.status).toBe(422);
      expect(short.body.errors.q).toBeDefined();
    });

    it('answers 401 without a session and 403 without customers.read', async () => {
      expect((await new Browser(t.app).get('/api/v1/admin/customers')).status).toBe(401);
      expect((await dispatcher.get('/api/v1/admin/customers')).status).toBe(403);
    });
  });

  describe('a customer’s page', () => {
    it('shows details, addresses, orders, buds and stock alerts', async () => {
      const c = await customer();
      await t.handle.db
        .insertInto('stock_notifications')
        .values({ product_id: id('FERN-BOS'), email_address: c.email })
        .execute();
      const reply = await support.get(`/api/v1/admin/customers/${c.userId}`);
      expect(reply.status).toBe(200);
      const page = reply.body.data;
      expect(page.customer).toMatchObject({ id: c.userId, email_address: c.email });
      expect(page.addresses[0].address.postcode).toBe(c.postcode);
      expect(page.orders).toEqual([expect.objectContaining({ order_number: c.orderNumber })]);
      expect(page.stock_alerts).toEqual([expect.objectContaining({ sku: 'FERN-BOS' })]);
      expect((await support.get('/api/v1/admin/customers/999999999')).status).toBe(404);
      expect((await support.get('/api/v1/admin/customers/abc')).status).toBe(404);
    });
  });

  describe('buds', () => {
    it('grants buds with a reason: the ledger, the audit record, the customer’s wording', async () => {
      const c = await customer({ order: false });
      const reply = await manager.post(`/api/v1/admin/customers/${c.userId}/buds`, {
        buds: 250,
        reason: '<b>Late delivery</b>',
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data).toEqual({ balance: 250 });
      const page = (await manager.get(`/api/v1/admin/customers/${c.userId}`)).body.data;
      expect(page.buds.balance).toBe(250);
      expect(page.buds.entries[0]).toMatchObject({
        change: 250,
        reason: '<b>Late delivery</b>',
        staff_name: 'Test manager',
      });
      const [audit] = await auditOf(c.userId, 'customer.buds');
      expect(audit).toMatchObject({
        reason: '<b>Late delivery</b>',
        before: { buds_balance: 0 },
        after: { buds_balance: 250, change: 250 },
      });
      const own = (await c.browser.get('/api/v1/user/loyalty')).body.data;
      expect(JSON.stringify(own)).not.toContain('Late delivery');

      const tooMany = await manager.post(`/api/v1/admin/customers/${c.userId}/buds`, {
        buds: -251,
        reason: 'Mistake',
      });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.errors.buds).toBeDefined();
      const putRight = await manager.post(`/api/v1/admin/customers/${c.userId}/buds`, {
        buds: -250,
        reason: 'Granted by mistake',
      });
      expect(putRight.body.data).toEqual({ balance: 0 });
    });

    it('refuses bad input and a role without customers.manage', async () => {
      const c = await customer({ order: false });
      for (const body of [{ buds: 0, reason: 'x' }, { buds: 1.5, reason: 'x' }, { buds: 5 }]) {
        const reply = await manager.post(`/api/v1/admin/customers/${c.userId}/buds`, body);
        expect(reply.status).toBe(422);
      }
      const refused = await support.post(`/api/v1/admin/customers/${c.userId}/buds`, {
        buds: 5,
        reason: 'x',
      });
      expect(refused.status).toBe(403);
      expect(await auditOf(c.userId, 'customer.buds')).toEqual([]);
    });
  });

  describe('disabling an account', () => {
    it('ends its sessions at once, refuses its sign-in, and can be undone', async () => {
      const c = await customer({ order: false });
      expect((await c.browser.get('/api/v1/user')).status).toBe(200);
      const disabled = await manager.post(`/api/v1/admin/customers/${c.userId}/disable`, {
        reason: 'Fraud check',
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body.data.disabled_at).not.toBeNull();
      expect((await c.browser.get('/api/v1/user')).status).toBe(401);
      const login = await new Browser(t.app).post('/api/v1/auth/login', {
        email: c.email,
        password: PASSWORD,
        [CAPTCHA_FIELD]: DUMMY_TOKEN,
      });
      expect(login.status).toBe(401);
      expect(login.body.error_type).toBe('invalid_login');
      const [audit] = await auditOf(c.userId, 'customer.disable');
      expect(audit).toMatchObject({ reason: 'Fraud check', after: { disabled: true } });
      expect((audit!.after as { sessions_ended: number }).sessions_ended).toBeGreaterThan(0);

      const enabled = await manager.post(`/api/v1/admin/customers/${c.userId}/enable`, {
        reason: 'Cleared',
      });
      expect(enabled.body.data.disabled_at).toBeNull();
      await new Browser(t.app).logIn(c.email, PASSWORD);
      expect(
        (await support.post(`/api/v1/admin/customers/${c.userId}/disable`, { reason: 'x' })).status,
      ).toBe(403);
    });
  });

  describe('UK GDPR', () => {
    it('exports everything held about the customer, as a download, recorded', async () => {
      const c = await customer();
      await c.browser.post('/api/v1/user/wishlist/items', { product_id: id('FERN-BOS') });
      const reply = await manager.get(`/api/v1/admin/customers/${c.userId}/export`);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-disposition']).toContain('attachment');
      const data = reply.body.data;
      expect(data.account).toMatchObject({ email_address: c.email, last_name: c.last });
      expect(data.account.password_hash).toBeUndefined();
      expect(data.orders[0]).toMatchObject({ order_number: c.orderNumber });
      expect(data.orders[0].lines[0]).toMatchObject({ sku: 'FERN-BOS' });
      expect(data.orders[0].payments).toContainEqual(
        expect.objectContaining({ kind: 'sale', last_four: expect.any(String) }),
      );
      expect(data.addresses[0].address.postcode).toBe(c.postcode);
      expect(data.wishlists[0].items[0]).toMatchObject({ sku: 'FERN-BOS' });
      expect(await auditOf(c.userId, 'customer.export')).toHaveLength(1);
      expect((await support.get(`/api/v1/admin/customers/${c.userId}/export`)).status).toBe(403);
    });

    it('refuses to erase while an order is still to be sent', async () => {
      const c = await customer();
      const reply = await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, {
        reason: 'Asked by email',
      });
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('customer_has_open_orders');
      expect(reply.body.errors.orders[0]).toContain(c.orderNumber);
      expect(await auditOf(c.userId, 'customer.erase')).toEqual([]);
    });

    it('erases: nothing personal left in the export, orders kept, sessions ended', async () => {
      const c = await customer();
      await dispatchAll(c.orderNumber!);
      await c.browser.post('/api/v1/user/wishlist/items', { product_id: id('FERN-BOS') });
      await t.handle.db
        .insertInto('stock_notifications')
        .values({ product_id: id('FERN-BOS'), email_address: c.email })
        .execute();
      // A guest order with the same email address, already sent.
      const guest = new Browser(t.app);
      await guest.post('/api/v1/basket', { product_id: id('FERN-BOS'), quantity: 1 });
      await guest.put('/api/v1/basket/details', {
        email_address: c.email.toUpperCase(),
        ...deliveryAddress({ last_name: c.last, postcode: c.postcode, telephone: c.telephone }),
      });
      await guest.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
      expect((await guest.pay(FRICTIONLESS_3DS)).status).toBe(201);
      const guestOrder = await t.handle.db
        .selectFrom('orders')
        .select('order_number')
        .where('user_id', 'is', null)
        .where(sql<string>`lower(email_address)`, '=', c.email)
        .executeTakeFirstOrThrow();
      await dispatchAll(guestOrder.order_number);

      const erased = await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, {
        reason: 'Subject access request #42',
      });
      expect(erased.status).toBe(200);
      expect(erased.body.data.erased_at).not.toBeNull();
      expect((await c.browser.get('/api/v1/user')).status).toBe(401);

      const exported = await manager.get(`/api/v1/admin/customers/${c.userId}/export`);
      const text = JSON.stringify(exported.body).toLowerCase();
      for (const personal of [
        c.email,
        c.last,
        'zenobia',
        c.postcode,
        c.postcode.replace(' ', ''),
        c.telephone,
        'larkspur',
      ]) {
        expect(text, personal).not.toContain(personal.toLowerCase());
      }
      const data = exported.body.data;
      expect(data.orders.map((o: { order_number: string }) => o.order_number).sort()).toEqual(
        [c.orderNumber, guestOrder.order_number].sort(),
      );
      expect(data.orders[0].lines.length).toBeGreaterThan(0);
      expect(data.orders[0].snapshot.delivery_address).toEqual({ country_code: 'GBR' });
      expect(data.wishlists).toEqual([]);
      expect(data.stock_alerts).toEqual([]);
      expect(data.addresses).toEqual([]);

      // The order still reads for staff; the search no longer finds the customer.
      expect((await manager.get(`/api/v1/admin/orders/${c.orderNumber}`)).status).toBe(200);
      const search = await manager.get(`/api/v1/admin/customers?q=${encodeURIComponent(c.last)}`);
      expect(search.body.data.customers).toEqual([]);

      const [audit] = await auditOf(c.userId, 'customer.erase');
      expect(audit!.reason).toBe('Subject access request #42');
      const record = JSON.stringify(audit).toLowerCase();
      expect(record).not.toContain(c.email);
      expect(record).not.toContain(c.last.toLowerCase());
      expect(audit!.after).toMatchObject({
        orders_kept: 2,
        wishlists_deleted: 1,
        stock_alerts_deleted: 1,
      });

      // A second erasure changes nothing and records nothing.
      expect(
        (await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, { reason: 'again' }))
          .status,
      ).toBe(200);
      expect(await auditOf(c.userId, 'customer.erase')).toHaveLength(1);
      // And the email address may register again as a new customer.
      const again = await new Browser(t.app).post('/api/v1/auth/register', {
        first_name: 'New',
        last_name: 'Person',
        email: c.email,
        password: PASSWORD,
        [CAPTCHA_FIELD]: DUMMY_TOKEN,
      });
      expect(again.status).toBeLessThan(300);
    });

    it('exports their returns; refuses erasure while one is open; keeps them, redacted, after', async () => {
      const c = await customer();
      await dispatchAll(c.orderNumber!);
      const order = await t.handle.db
        .selectFrom('orders')
        .select(['public_id'])
        .where('order_number', '=', c.orderNumber!)
        .executeTakeFirstOrThrow();
      const line = await t.handle.db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select('i.id')
        .where('o.order_number', '=', c.orderNumber!)
        .executeTakeFirstOrThrow();
      const started = await c.browser.post(`/api/v1/orders/${order.public_id}/returns`, {
        items: [{ order_item_id: line.id, quantity: 1 }],
        reason: 'damaged',
      });
      expect(started.status).toBe(201);
      const number: string = started.body.data.return.return_number;

      const exported = await c.browser.get('/api/v1/user/export');
      expect(exported.body.data.returns).toEqual([
        expect.objectContaining({
          return_number: number,
          order_number: c.orderNumber,
          status: 'requested',
          reason: 'It arrived damaged',
          refusal_reason: null,
          received_at: null,
          items: [expect.objectContaining({ sku: 'FERN-BOS', quantity: 1 })],
        }),
      ]);
      expect(exported.body.data.returns[0].created_at).toEqual(expect.any(String));

      // Open: a refund or a refusal is still owed them.
      const refused = await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, {
        reason: 'Request 7',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error_type).toBe('customer_has_open_orders');
      expect(refused.body.errors.returns).toEqual([
        `Return ${number} (order ${c.orderNumber}) is still open: refund or refuse it first`,
      ]);
      expect(refused.body.errors.orders).toBeUndefined();
      expect(await auditOf(c.userId, 'customer.erase')).toEqual([]);

      // Staff refuse it, naming the customer's address in the reason (as people do).
      const closed = await manager.post(`/api/v1/admin/returns/${number}/refuse`, {
        reason: `Not received; emailed ${c.email.toUpperCase()} twice`,
      });
      expect(closed.status).toBe(200);
      const erased = await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, {
        reason: 'Request 7',
      });
      expect(erased.status).toBe(200);

      const after = (await manager.get(`/api/v1/admin/customers/${c.userId}/export`)).body.data;
      expect(JSON.stringify(after).toLowerCase()).not.toContain(c.email);
      expect(after.returns).toEqual([
        expect.objectContaining({
          return_number: number,
          status: 'refused',
          reason: 'It arrived damaged',
          refusal_reason: 'Not received; emailed [erased] twice',
          items: [expect.objectContaining({ sku: 'FERN-BOS', quantity: 1 })],
        }),
      ]);
      // Staff still find the return, with the order's erased address.
      const kept = await manager.get(`/api/v1/admin/returns/${number}`);
      expect(kept.status).toBe(200);
      expect(kept.body.data.return.email_address).toBe(`erased-${c.userId}@erased.invalid`);
      const [audit] = await auditOf(c.userId, 'customer.erase');
      expect(audit!.after).toMatchObject({ orders_kept: 1, returns_kept: 1 });
    });

    it('refuses erasure without customers.erase, and bad input', async () => {
      const c = await customer({ order: false });
      expect(
        (await support.post(`/api/v1/admin/customers/${c.userId}/erase`, { reason: 'x' })).status,
      ).toBe(403);
      expect((await manager.post(`/api/v1/admin/customers/${c.userId}/erase`, {})).status).toBe(
        422,
      );
      expect(await auditOf(c.userId, 'customer.erase')).toEqual([]);
    });
  });

  describe('the customer’s own export and erasure', () => {
    it('exports their own data, and needs a sign-in', async () => {
      const c = await customer();
      const reply = await c.browser.get('/api/v1/user/export');
      expect(reply.status).toBe(200);
      expect(reply.body.data.account.email_address).toBe(c.email);
      expect((await new Browser(t.app).get('/api/v1/user/export')).status).toBe(401);
    });

    it('erases with their password; a wrong one is a field message', async () => {
      const c = await customer({ order: false });
      const wrong = await c.browser.post('/api/v1/user/erase', { password: 'not-my-password' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error_type).toBe('validation');
      expect(wrong.body.errors.password).toEqual(['Your password is not correct']);
      const done = await c.browser.post('/api/v1/user/erase', { password: PASSWORD });
      expect(done.status).toBe(200);
      expect((await c.browser.get('/api/v1/user')).status).toBe(401);
      const [audit] = await auditOf(c.userId, 'customer.erase');
      expect(audit).toMatchObject({ actor: `customer:${c.userId}`, staff_id: null });
    });
  });
});
