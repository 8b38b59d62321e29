/**
 * The back office's orders over HTTP (ADR 054): finding them (newest first, keyset
 * pages, by status, the dashboard's lists, searching by number, email, name and
 * postcode), reading one, staff notes, resending the confirmation and cancelling a
 * pre-order — each write with its audit record and timeline entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxReader } from '../../adapters/email/outbox.ts';
import {
  Browser,
  deliveryAddress,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

let counter = 0;

describe.each(ENGINES)('the back office’s orders on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let managerEmail: string;
  let dispatcher: Shopper;
  const tag = `${engine}${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    const signedIn = await signedInStaff(t.app, t.handle.db, 'manager');
    manager = signedIn.browser;
    managerEmail = signedIn.member.email;
    dispatcher = (await signedInStaff(t.app, t.handle.db, 'dispatcher')).browser;
  });
  afterAll(() => t.close());

  /** A guest's paid order of `items` with this email and delivery address. */
  async function place(
    items: [string, number][],
    options: { email?: string; address?: Record<string, string | null> } = {},
  ): Promise<{ order_number: string; public_id: string; email: string }> {
    counter += 1;
    const email = options.email ?? `shopper${counter}-${tag}@example.com`;
    const browser = new Browser(t.app);
    for (const [sku, quantity] of items) {
      expect((await browser.post('/api/v1/basket', { product_id: id(sku), quantity })).status).toBe(
        200,
      );
    }
    const details = await browser.put('/api/v1/basket/details', {
      email_address: email,
      ...deliveryAddress(options.address ?? {}),
    });
    expect(details.status).toBe(200);
    expect(
      (await browser.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status,
    ).toBe(200);
    const paid = await browser.pay(FRICTIONLESS_3DS);
    expect(paid.status).toBe(201);
    const order = (await browser.get(`/api/v1/orders/${paid.body.data.public_id}`)).body.data.order;
    return { order_number: order.order_number, public_id: order.public_id, email };
  }

  const auditOf = (orderNumber: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'order')
      .where('entity_id', '=', orderNumber)
      .orderBy('id')
      .execute();

  describe('the list', () => {
    it('shows orders newest first in stable keyset pages', async () => {
      const placed = [];
      for (let i = 0; i < 3; i++) placed.push(await place([['OLV-90-GRY', 1]]));
      const numbers: string[] = [];
      let cursor: string | null = null;
      do {
        const reply: any = await manager.get(
          `/api/v1/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(reply.status).toBe(200);
        expect(reply.body.data.orders.length).toBeLessThanOrEqual(2);
        numbers.push(...reply.body.data.orders.map((o: any) => o.order_number));
        cursor = reply.body.data.next_cursor;
        // An order placed while paging does not shift the pages behind it.
        if (numbers.length === 2) await place([['OLV-90-GRY', 1]]);
      } while (cursor);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.slice(0, 3)).toEqual(placed.map((o) => o.order_number).reverse());

      const first = (await manager.get('/api/v1/admin/orders?limit=1')).body.data.orders[0];
      expect(first).toMatchObject({
        status: 'paid',
        name: 'Mrs Ada Lovelace',
        postcode: 'SW1A 2AA',
        item_count: 1,
        total: { amount: expect.any(Number), label: expect.stringMatching(/^£/) },
      });
    });

    it('filters by status', async () => {
      const reply = await manager.get('/api/v1/admin/orders?status=paid&limit=100');
      expect(reply.status).toBe(200);
      expect(reply.body.data.orders.length).toBeGreaterThan(0);
      expect(reply.body.data.orders.every((o: any) => o.status === 'paid')).toBe(true);
      const none = await manager.get('/api/v1/admin/orders?status=refunded');
      expect(none.body.data).toEqual({ orders: [], next_cursor: null });
    });

    it('searches by order number, email fragment, name and postcode with or without its space', async () => {
      const email = `needle-${tag}@findme.example`;
      const target = await place([['OLV-90-GRY', 1]], {
        email,
        address: { first_name: 'Grace', last_name: `Hopper${tag}`, postcode: 'EH1 1YZ' },
      });
      await place([['OLV-90-GRY', 1]]);
      const found = async (q: string) =>
        (await manager.get(`/api/v1/admin/orders?q=${encodeURIComponent(q)}`)).body.data.orders.map(
          (o: any) => o.order_number,
        );
      expect(await found(target.order_number)).toEqual([target.order_number]);
      expect(await found(target.order_number.toLowerCase().slice(3))).toEqual([
        target.order_number,
      ]);
      expect(await found(`needle-${tag}`)).toEqual([target.order_number]);
      expect(await found(email.toUpperCase())).toEqual([target.order_number]);
      expect(await found(`grace hopper${tag}`)).toEqual([target.order_number]);
      expect(await found(`Hopper${tag}`)).toEqual([target.order_number]);
      expect(await found('EH1 1YZ')).toEqual([target.order_number]);
      expect(await found('eh11yz')).toEqual([target.order_number]);
      // LIKE's wildcards are text like any other.
      expect(await found('%%%')).toEqual([]);
      expect(await found('___')).toEqual([]);
    });

    it('lists orders awaiting dispatch and pre-orders now in stock', async () => {
      const fromStock = await place([['OLV-90-GRY', 1]]);
      const preorder = await place([['WIS-ARCH', 1]]);
      const numbers = async (filter: string) =>
        (await manager.get(`/api/v1/admin/orders?filter=${filter}&limit=100`)).body.data.orders.map(
          (o: any) => o.order_number,
        );
      expect(await numbers('awaiting_dispatch')).toEqual(
        expect.arrayContaining([fromStock.order_number, preorder.order_number]),
      );
      expect(await numbers('preorders_in_stock')).not.toContain(preorder.order_number);

      await t.handle.db
        .updateTable('products')
        .set({ quantity_on_hand: 5 })
        .where('sku', '=', 'WIS-ARCH')
        .execute();
      const inStock = await numbers('preorders_in_stock');
      expect(inStock).toContain(preorder.order_number);
      expect(inStock).not.toContain(fromStock.order_number);

      // Once sent, an order waits no more.
      await t.handle.db
        .updateTable('order_items')
        .set((eb) => ({ dispatched: eb.ref('quantity') }))
        .where(
          'order_id',
          '=',
          t.handle.db
            .selectFrom('orders')
            .select('id')
            .where('order_number', '=', fromStock.order_number),
        )
        .execute();
      expect(await numbers('awaiting_dispatch')).not.toContain(fromStock.order_number);
      await t.handle.db
        .updateTable('products')
        .set({ quantity_on_hand: 0 })
        .where('sku', '=', 'WIS-ARCH')
        .execute();
    });

    it('refuses bad values with a message per field', async () => {
      const reply = await manager.get(
        '/api/v1/admin/orders?q=ab&status=lost&filter=everything&limit=0',
      );
      expect(reply.status).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(Object.keys(reply.body.errors).sort()).toEqual(['filter', 'limit', 'q', 'status']);
      for (const query of ['limit=101', 'limit=1.5', 'cursor=%24%24', 'cursor=bm9wZQ']) {
        const bad = await manager.get(`/api/v1/admin/orders?${query}`);
        expect(bad.status, query).toBe(422);
        expect(Object.keys(bad.body.errors), query).toEqual([query.split('=')[0]]);
      }
      // A blank search box is no search.
      expect((await manager.get('/api/v1/admin/orders?q=&status=')).status).toBe(200);
    });
  });

  describe('one order', () => {
    it('answers the order with its lines, payment (3-D Secure included) and timeline', async () => {
      const placed = await place([['OLV-90-GRY', 2]]);
      const reply = await dispatcher.get(`/api/v1/admin/orders/${placed.order_number}`);
      expect(reply.status).toBe(200);
      const { order } = reply.body.data;
      expect(order.order_number).toBe(placed.order_number);
      expect(order.lines.find((l: any) => l.sku === 'OLV-90-GRY')).toMatchObject({
        quantity: 2,
        dispatched: 0,
        refunded: 0,
      });
      expect(order.payment).toMatchObject({
        type: 'credit_card',
        three_d_secure: { status: 'authenticate_successful', liability_shifted: true },
      });
      expect(order.timeline.map((e: any) => [e.kind, e.summary])).toEqual([
        ['placed', 'Order placed'],
        ['paid', expect.stringMatching(/^Paid £/)],
        ['email_sent', `Order confirmation sent to ${placed.email}`],
      ]);
    });

    it('knows no unknown or malformed order number (404)', async () => {
      for (const number of ['EB-ZZZZZZZZ', 'nonsense', 'EB-%3Cb%3E']) {
        const reply = await manager.get(`/api/v1/admin/orders/${number}`);
        expect(reply.status, number).toBe(404);
        expect(reply.body.error_type).toBe('not_found');
      }
    });
  });

  describe('notes', () => {
    it('keeps a note as typed, with who wrote it, and audits it', async () => {
      const placed = await place([['OLV-90-GRY', 1]]);
      const note = '  <script>alert("x")</script> Rang: leave with <b>neighbour</b>  ';
      const reply = await dispatcher.post(`/api/v1/admin/orders/${placed.order_number}/notes`, {
        note,
      });
      expect(reply.status).toBe(201);
      const entry = reply.body.data.order.timeline.at(-1);
      expect(entry).toMatchObject({
        kind: 'note',
        summary: note.trim(),
        staff: { role: 'dispatcher' },
      });
      const audit = await auditOf(placed.order_number);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'order.note', after: { note: note.trim() } });
    });

    it('refuses an empty or huge note, or one for no order, and records nothing', async () => {
      const placed = await place([['OLV-90-GRY', 1]]);
      const url = `/api/v1/admin/orders/${placed.order_number}/notes`;
      for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(2001) }, { note: 42 }]) {
        const reply = await manager.post(url, body);
        expect(reply.status).toBe(422);
        expect(Object.keys(reply.body.errors)).toEqual(['note']);
      }
      expect(
        (await manager.post('/api/v1/admin/orders/EB-ZZZZZZZZ/notes', { note: 'hi' })).status,
      ).toBe(404);
      expect(await auditOf(placed.order_number)).toEqual([]);
      // A dispatcher may note, not resend or cancel.
      expect(
        (await dispatcher.post(`/api/v1/admin/orders/${placed.order_number}/emails`, {})).status,
      ).toBe(403);
    });
  });

  describe('resending the confirmation', () => {
    it('sends it again, and records it on the timeline and in the audit trail', async () => {
      const placed = await place([['OLV-90-GRY', 1]]);
      const outbox = outboxReader(t.handle.db);
      const before = (await outbox.list({ to: placed.email })).length;
      const reply = await manager.post(`/api/v1/admin/orders/${placed.order_number}/emails`, {
        kind: 'confirmation',
      });
      expect(reply.status).toBe(201);
      const emails = await outbox.list({ to: placed.email });
      expect(emails.length).toBe(before + 1);
      expect(emails.every((e) => e.subject === `Your Everbloom order ${placed.order_number}`)).toBe(
        true,
      );
      expect(reply.body.data.order.timeline.at(-1)).toMatchObject({
        kind: 'email_resent',
        summary: `Order confirmation sent again to ${placed.email}`,
        staff: { email: managerEmail },
      });
      expect(await auditOf(placed.order_number)).toEqual([
        expect.objectContaining({ action: 'order.email_resend', actor: managerEmail }),
      ]);
    });

    it('refuses an unknown kind, and an order that was never paid', async () => {
      const placed = await place([['OLV-90-GRY', 1]]);
      const url = `/api/v1/admin/orders/${placed.order_number}/emails`;
      expect((await manager.post(url, { kind: 'dispatch' })).status).toBe(422);
      await t.handle.db
        .updateTable('orders')
        .set({ status: 'failed' })
        .where('order_number', '=', placed.order_number)
        .execute();
      const reply = await manager.post(url, { kind: 'confirmation' });
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('order_not_paid');
      expect(await auditOf(placed.order_number)).toEqual([]);
    });
  });

  describe('cancelling a pre-order', () => {
    it('cancels it as its customer could, with the staff member and reason recorded', async () => {
      const placed = await place([['WIS-ARCH', 1]]);
      const reply = await manager.post(`/api/v1/admin/orders/${placed.order_number}/cancel`, {
        reason: 'Customer rang to cancel',
      });
      expect(reply.status).toBe(200);
      const { order } = reply.body.data;
      expect(order.status).toBe('cancelled');
      const kinds = order.timeline.map((e: any) => e.kind);
      expect(kinds.filter((k: string) => k === 'cancelled')).toHaveLength(1);
      expect(order.timeline.find((e: any) => e.kind === 'cancelled')).toMatchObject({
        summary: expect.stringContaining('Customer rang to cancel'),
        staff: { email: managerEmail },
      });
      expect(order.timeline.at(-1)).toMatchObject({
        kind: 'email_sent',
        summary: `Cancellation confirmation sent to ${placed.email}`,
      });
      expect(await auditOf(placed.order_number)).toEqual([
        expect.objectContaining({
          action: 'order.cancel_preorder',
          reason: 'Customer rang to cancel',
          after: {
            status: 'cancelled',
            payment: 'void',
            credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
          },
        }),
      ]);
    });

    it('refuses an order with items from stock, or without a reason, changing nothing', async () => {
      const placed = await place([['OLV-90-GRY', 1]]);
      const url = `/api/v1/admin/orders/${placed.order_number}/cancel`;
      expect((await manager.post(url, {})).status).toBe(422);
      const reply = await manager.post(url, { reason: 'Asked to' });
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('order_not_preorder');
      expect(
        (await manager.get(`/api/v1/admin/orders/${placed.order_number}`)).body.data.order.status,
      ).toBe('paid');
      expect(await auditOf(placed.order_number)).toEqual([]);
    });
  });
});
