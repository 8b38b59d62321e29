/**
 * A cancelled paid order's credit note (ADR 078) through the API: a shopper's and a staff
 * member's cancellation each issue one, crediting every line, the delivery charge and
 * everything the order took, on the day it was cancelled, however many requests cancel
 * at once; it is reachable where credit notes are and attached to the cancellation
 * email; credit note numbers stay gap-free with refunds (and a refused refund) between;
 * and migration 045's backfill credits orders cancelled before it, in cancellation order.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

const SELLER = {
  name: 'Everbloom Gardens Ltd',
  address: ['1 High Street', 'London', 'EC1A 1AA'],
  vat_number: 'GB123456789',
};

describe.each(ENGINES)('credit notes of cancelled orders on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let owner: Shopper;
  let ownerId: number;
  let ownerEmail: string;
  let gateway: TestModeGateway;
  let shoppers = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { seller: SELLER });
    gateway = testModeGateway({ db: t.handle.db, secret: 'cancel-credit-tests-secret-32-chars' });
    await t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 100_000 })
      .where('sku', '=', 'ZZ-60')
      .execute();
    id = await variationIds(t.app);
    const staff = await signedInStaff(t.app, t.handle.db, 'owner');
    owner = staff.browser;
    ownerId = staff.member.id;
    ownerEmail = staff.member.email;
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;

  /** A guest's order of `items` by next-day delivery (never free: a delivery to credit). */
  async function place(items: [string, number][], options: { voucher?: string } = {}) {
    const browser = new Browser(t.app);
    const email = `cancel-credit-${engine}-${++shoppers}@example.com`;
    await fillBasket(browser, id, items, { email, option: 'uk-next-day', ...options });
    const paid = await browser.pay(FRICTIONLESS_3DS);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', paid.body.data.public_id)
      .executeTakeFirstOrThrow();
    return { browser, email, order };
  }

  const notesOf = (orderId: number) =>
    db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  const itemsOf = (refundId: number) =>
    db()
      .selectFrom('refund_items')
      .select(['order_item_id', 'quantity', 'amount', 'tax_amount'])
      .where('refund_id', '=', refundId)
      .orderBy('order_item_id')
      .execute();

  const linesOf = (orderId: number) =>
    db()
      .selectFrom('order_items')
      .select(['id', 'quantity', 'refunded', 'total_price', 'tax_amount'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  const lastNumber = async () =>
    Number(
      (
        await db()
          .selectFrom('document_sequences')
          .select('last_used')
          .where('kind', '=', 'credit_note')
          .executeTakeFirstOrThrow()
      ).last_used,
    );

  /** GET with the browser's cookies, keeping the reply's bytes. */
  async function download(browser: Shopper, url: string) {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: cookie ? { cookie } : {},
    });
    return { status: response.statusCode, bytes: response.rawPayload };
  }

  it('credits everything a shopper’s cancelled order took, once, however many cancel at once', async () => {
    const { browser, email, order } = await place([['WIS-ARCH', 1]], { voucher: 'WELCOME10' });
    const invoice = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const before = await lastNumber();

    const url = `/api/v1/orders/${order.public_id}/cancel`;
    const replies = await Promise.all(Array.from({ length: 5 }, () => browser.post(url)));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.order.status).toBe('cancelled');
    }
    expect((await browser.post(url)).status).toBe(200);

    // One credit note, the next number, for the whole of what the order took.
    const notes = await notesOf(order.id);
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(await lastNumber()).toBe(before + 1);
    const cancelled = await db()
      .selectFrom('orders')
      .select(['status', 'cancelled_at', 'refunded_amount'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      credit_note_number: `CN-${String(before + 1).padStart(6, '0')}`,
      state: 'completed',
      cancellation: true,
      amount: order.amount + order.credit_used,
      items_amount: invoice.gross - invoice.delivery_gross,
      delivery_amount: invoice.delivery_gross,
      goodwill_amount: 0,
      tax_amount: invoice.tax,
      destination: 'payment',
      gateway_kind: 'void',
      reason: 'Order cancelled',
      staff_id: null,
      seller: SELLER,
    });
    expect(invoice.delivery_gross).toBeGreaterThan(0);
    expect(new Date(note.created_at).getTime()).toBe(new Date(cancelled.cancelled_at!).getTime());
    // Every line (the free gift too), whole, at its stored VAT.
    const lines = await linesOf(order.id);
    expect(lines.length).toBeGreaterThan(1);
    expect(await itemsOf(note.id)).toEqual(
      lines.map((line) => ({
        order_item_id: line.id,
        quantity: line.quantity,
        amount: line.total_price,
        tax_amount: line.tax_amount,
      })),
    );
    // The order says so too: everything refunded, still cancelled.
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      refunded_amount: order.amount + order.credit_used,
    });
    expect(lines.every((line) => line.refunded === line.quantity)).toBe(true);

    // The order's replies name it: the cancellation's, reading it, tracking it elsewhere.
    for (const reply of replies) {
      expect(reply.body.data.order.credit_notes).toEqual([note.credit_note_number]);
    }
    const read = await browser.get<any>(`/api/v1/orders/${order.public_id}`);
    expect(read.body.data.order.credit_notes).toEqual([note.credit_note_number]);
    const tracked = await new Browser(t.app).post<any>('/api/v1/orders/track', {
      order_number: order.order_number,
      email_address: email,
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body.data.order.credit_notes).toEqual([note.credit_note_number]);

    // The shopper reads it, and the invoice it credits, where they read the order's.
    const pdf = await download(
      browser,
      `/api/v1/orders/${order.public_id}/credit-notes/${note.credit_note_number}`,
    );
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toEqual(
      expect.arrayContaining([
        'VAT credit note',
        `Credit note number: ${note.credit_note_number}`,
        `Credits invoice: ${invoice.invoice_number}`,
        'Reason: Order cancelled',
        'Delivery',
      ]),
    );
    expect((await download(browser, `/api/v1/orders/${order.public_id}/invoice`)).status).toBe(200);
    // Staff see it on the order's page, with their copy of the PDF.
    const page = await owner.get<any>(`/api/v1/admin/orders/${order.order_number}`);
    expect(page.body.data.order.refunds).toEqual([
      expect.objectContaining({
        credit_note_number: note.credit_note_number,
        reason: 'Order cancelled',
        staff: null,
      }),
    ]);
    expect(
      (
        await download(
          owner,
          `/api/v1/admin/orders/${order.order_number}/credit-notes/${note.credit_note_number}`,
        )
      ).status,
    ).toBe(200);

    // One cancellation email, with the credit note attached.
    const mails = (
      await db()
        .selectFrom('outbox_emails')
        .selectAll()
        .where('to_address', '=', email)
        .orderBy('id')
        .execute()
    ).filter((mail) => mail.subject.includes('has been cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`Credit note ${note.credit_note_number}`);
    expect(mails[0]!.attachments?.map((file) => file.filename)).toEqual([
      `${note.credit_note_number}.pdf`,
    ]);
    expect(pdfText(Buffer.from(mails[0]!.attachments![0]!.content, 'base64'))).toContain(
      `Credit note number: ${note.credit_note_number}`,
    );
  });

  it('names the staff member who cancelled and their reason, in the audit trail too', async () => {
    const { order } = await place([['WIS-ARCH', 1]]);
    const reply = await owner.post<any>(`/api/v1/admin/orders/${order.order_number}/cancel`, {
      reason: 'Customer rang to cancel',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [note, ...more] = await notesOf(order.id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      amount: order.amount + order.credit_used,
      tax_amount: order.sales_tax,
      reason: 'Customer rang to cancel',
      staff_id: ownerId,
      cancellation: true,
      gateway_kind: 'void',
    });
    expect(reply.body.data.order.refunds).toEqual([
      expect.objectContaining({
        credit_note_number: note!.credit_note_number,
        staff: expect.objectContaining({ email: ownerEmail }),
      }),
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', order.order_number)
      .where('action', '=', 'order.cancel_preorder')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ credit_note_number: note!.credit_note_number });
  });

  it('keeps credit note numbers gap-free with refunds, a refused one and cancellations between', async () => {
    const start = await lastNumber();
    const sold = await place([['ZZ-60', 3]]);
    const refundLine = async () => {
      const [line] = await linesOf(sold.order.id);
      return owner.post<any>(`/api/v1/admin/orders/${sold.order.order_number}/refunds`, {
        items: [{ order_item_id: line!.id, quantity: 1 }],
        delivery: false,
        amount: 0,
        reason: 'Damaged',
        to: 'payment',
      });
    };
    // A part of an unsettled sale is refused: it takes no number.
    const refused = await refundLine();
    expect(refused.status).toBe(409);
    expect(refused.body.error_type).toBe('refund_not_settled');
    expect(await gateway.settle(sold.order.transaction_id!)).toBe(true);
    expect((await refundLine()).status).toBe(201);
    const first = await place([['WIS-ARCH', 1]]);
    const second = await place([['WIS-ARCH', 1]]);
    // Two different orders cancelled at once, a refund before and after.
    const cancels = await Promise.all([
      first.browser.post(`/api/v1/orders/${first.order.public_id}/cancel`),
      second.browser.post(`/api/v1/orders/${second.order.public_id}/cancel`),
    ]);
    expect(cancels.map((reply) => reply.status)).toEqual([200, 200]);
    expect((await refundLine()).status).toBe(201);

    const numbers = (
      await db()
        .selectFrom('refunds')
        .select('credit_note_number')
        .where('order_id', 'in', [sold.order.id, first.order.id, second.order.id])
        .execute()
    )
      .map((row) => Number(row.credit_note_number!.slice(3)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([start + 1, start + 2, start + 3, start + 4]);
    expect(await lastNumber()).toBe(start + 4);
    // Every number ever taken belongs to a credit note.
    const all = await db()
      .selectFrom('refunds')
      .select('id')
      .where('state', '=', 'completed')
      .execute();
    expect(all).toHaveLength(start + 4);
  });

  it('credits orders cancelled before migration 045, dated and numbered in cancellation order', async () => {
    const first = await place([['WIS-ARCH', 1]]);
    const second = await place([['WIS-ARCH', 1]]);
    // Cancelled the old way (no credit note), the later-placed order first, a week apart.
    const old = (placed: typeof first, daysAgo: number) =>
      sql`UPDATE orders SET status = 'cancelled', reversal_kind = 'void',
                 cancelled_at = now() - make_interval(days => ${daysAgo})
          WHERE id = ${placed.order.id}`.execute(db());
    await old(second, 14);
    await old(first, 7);
    const start = await lastNumber();

    const { rows } = await sql<{ issued: number }>`
      SELECT credit_cancelled_orders() AS issued`.execute(db());
    expect(rows[0]!.issued).toBe(2);
    // Again: nothing more.
    expect(
      (await sql<{ issued: number }>`SELECT credit_cancelled_orders() AS issued`.execute(db()))
        .rows[0]!.issued,
    ).toBe(0);

    for (const [placed, n] of [
      [second, start + 1],
      [first, start + 2],
    ] as const) {
      const notes = await notesOf(placed.order.id);
      expect(notes).toHaveLength(1);
      const { cancelled_at } = await db()
        .selectFrom('orders')
        .select('cancelled_at')
        .where('id', '=', placed.order.id)
        .executeTakeFirstOrThrow();
      expect(notes[0]).toMatchObject({
        credit_note_number: `CN-${String(n).padStart(6, '0')}`,
        amount: placed.order.amount + placed.order.credit_used,
        tax_amount: placed.order.sales_tax,
        reason: 'Order cancelled',
        gateway_kind: 'void',
        cancellation: true,
      });
      expect(new Date(notes[0]!.created_at).getTime()).toBe(new Date(cancelled_at!).getTime());
    }
    // The summary the triggers kept is what the orders and credit notes add up to.
    const rowsOf = (from: string) =>
      sql
        .raw<Record<string, unknown>>(
          `SELECT day::text, delivery_option, rate, slot, orders::text, takings::text,
                  discounts::text, delivery::text, tax::text, items::text, refunds::text,
                  refund_tax::text
           FROM ${from}
           WHERE (orders, takings, discounts, delivery, tax, items, refunds, refund_tax)
                 IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0)
           ORDER BY 1, 2, 3, 4`,
        )
        .execute(db());
    expect((await rowsOf('sales_days')).rows).toEqual(
      (await rowsOf('sales_days_recomputed()')).rows,
    );
  });
});
