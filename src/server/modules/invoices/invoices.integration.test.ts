/**
 * VAT invoices and credit notes (ADR 071) through the API on real orders: an invoice
 * issued with each payment, numbered without gaps even when orders are paid at once,
 * its PDF for whoever may read the order and for staff, attached to the confirmation;
 * a credit note per refund, attached to the refund email; another customer's order and
 * an unpaid one refused as the catalogue says; issued documents unchanged by later
 * changes; and the invoices' VAT at each rate, less the credit notes' (a cancelled
 * order's among them, ADR 078), equal to the sales report's to the penny.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../domain/errors.ts';
import { ukDayOf } from '../../../domain/uk-days.ts';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { MIXED_RATES, stockAtRates } from '../../testing/paid-orders.ts';
import { signedInStaff } from '../../testing/staff.ts';
import {
  appOnDatabase,
  createTestApp,
  ENGINES,
  type Shopper,
  type TestApp,
} from '../../testing/test-app.ts';

const SELLER = {
  name: 'Everbloom Gardens Ltd',
  address: ['1 High Street', 'London', 'EC1A 1AA'],
  vat_number: 'GB123456789',
};
const RATES = MIXED_RATES;

describe.each(ENGINES)('VAT invoices and credit notes on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let owner: Shopper;
  let gateway: TestModeGateway;
  let customers = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { seller: SELLER });
    gateway = testModeGateway({
      db: t.handle.db,
      secret: 'invoice-tests-secret-of-32-chars-or-more',
    });
    await stockAtRates(t.handle.db, RATES);
    id = await variationIds(t.app);
    owner = (await signedInStaff(t.app, t.handle.db, 'owner')).browser;
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;

  async function place(
    items: [string, number][],
    options: { account?: boolean; voucher?: string; nonce?: string; option?: string } = {},
  ) {
    const browser = new Browser(t.app);
    const email = `invoice-${engine}-${++customers}@example.com`;
    if (options.account) await browser.signUp(email);
    await fillBasket(browser, id, items, {
      email,
      ...(options.voucher ? { voucher: options.voucher } : {}),
      ...(options.option ? { option: options.option } : {}),
    });
    const reply = await browser.pay(options.nonce ?? FRICTIONLESS_3DS);
    const publicId = reply.body.data?.public_id as string | undefined;
    const order = publicId
      ? await db()
          .selectFrom('orders')
          .selectAll()
          .where('public_id', '=', publicId)
          .executeTakeFirstOrThrow()
      : undefined;
    return { browser, email, reply, order };
  }

  /** GET with the browser's cookies and token, keeping the reply's bytes. */
  async function download(browser: Shopper, url: string) {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = (browser as Browser).token;
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return {
      status: response.statusCode,
      type: String(response.headers['content-type'] ?? ''),
      bytes: response.rawPayload,
      json: () => JSON.parse(response.body),
    };
  }

  const invoiceOf = (orderId: number) =>
    db().selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();

  it('issues each paid order its invoice, downloadable as a PDF and attached to the confirmation', async () => {
    const { browser, email, order } = await place(
      [
        ['FERN-BOS', 2],
        ['EUC-SPRAY', 1],
      ],
      { voucher: 'WELCOME10' },
    );
    const invoice = (await invoiceOf(order!.id))!;
    expect(invoice.invoice_number).toMatch(/^INV-\d{6}$/);
    // The figures are the order's: what it took, and its VAT.
    expect(invoice.gross).toBe(order!.amount + order!.credit_used);
    expect(invoice.tax).toBe(order!.sales_tax);
    const lines = invoice.lines;
    expect(lines.map((l) => l.sku)).toEqual(expect.arrayContaining(['EUC-SPRAY', 'FERN-BOS']));
    expect(lines.reduce((s, l) => s + l.gross, 0) + invoice.delivery_gross).toBe(invoice.gross);
    expect(invoice.seller).toEqual(SELLER);

    const file = await download(browser, `/api/v1/orders/${order!.public_id}/invoice`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.bytes);
    expect(text).toEqual(
      expect.arrayContaining([
        'VAT invoice',
        SELLER.name,
        'VAT number: GB123456789',
        `Invoice number: ${invoice.invoice_number}`,
        `Order: ${order!.order_number}`,
        'VAT at 20%',
        'VAT at 5%',
        'Total',
      ]),
    );
    const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;
    expect(text).toContain(pounds(invoice.gross));
    expect(text).toContain(pounds(invoice.tax));
    expect(text).toContain(pounds(invoice.gross - invoice.tax));

    const mail = await db()
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(mail.attachments).toHaveLength(1);
    const attached = mail.attachments![0]!;
    expect(attached).toMatchObject({
      filename: `${invoice.invoice_number}.pdf`,
      content_type: 'application/pdf',
    });
    expect(pdfText(Buffer.from(attached.content, 'base64'))).toContain(
      `Invoice number: ${invoice.invoice_number}`,
    );

    // Staff resending the confirmation send the same invoice with it.
    const resent = await owner.post(`/api/v1/admin/orders/${order!.order_number}/emails`, {
      kind: 'confirmation',
    });
    expect(resent.status).toBe(201);
    const again = await db()
      .selectFrom('outbox_emails')
      .select('attachments')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(again.attachments?.map((file) => file.filename)).toEqual([
      `${invoice.invoice_number}.pdf`,
    ]);
  });

  it('answers another customer’s invoice as a missing order, and an unpaid one as not available', async () => {
    const { order } = await place([['ZZ-60', 1]], { account: true });
    const stranger = new Browser(t.app);
    await stranger.signUp(`stranger-${engine}@example.com`);
    for (const who of [stranger, new Browser(t.app)]) {
      const reply = await download(who, `/api/v1/orders/${order!.public_id}/invoice`);
      expect(reply.status).toBe(404);
      expect(reply.json()).toMatchObject({
        error_type: 'order_not_found',
        message: errorCatalogue.order_not_found.message,
      });
    }
    const malformed = await download(stranger, '/api/v1/orders/not-a-uuid/invoice');
    expect(malformed.json().error_type).toBe('order_not_found');

    const declined = await place([['ZZ-60', 1]], { nonce: 'fake-processor-declined-visa-nonce' });
    const failed = await db()
      .selectFrom('orders')
      .select(['id', 'public_id', 'status'])
      .where('email_address', '=', declined.email)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(await invoiceOf(failed.id)).toBeUndefined();
    // The browser that placed it may read it, but it has no invoice.
    const unpaid = await download(declined.browser, `/api/v1/orders/${failed.public_id}/invoice`);
    expect(unpaid.status).toBe(409);
    expect(unpaid.json()).toMatchObject({
      error_type: 'invoice_not_available',
      message: errorCatalogue.invoice_not_available.message,
    });
  });

  it('numbers invoices without a gap when orders are paid at once, declined ones taking none', async () => {
    const before = await db()
      .selectFrom('document_sequences')
      .select('last_used')
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        place([['ZZ-60', 1]], i % 4 === 3 ? { nonce: 'fake-processor-declined-visa-nonce' } : {}),
      ),
    );
    const paid = results.filter((r) => r.order?.status === 'paid');
    expect(paid).toHaveLength(6);
    const numbers = (
      await db()
        .selectFrom('invoices')
        .select('invoice_number')
        .where(
          'order_id',
          'in',
          paid.map((r) => r.order!.id),
        )
        .execute()
    )
      .map((row) => Number(row.invoice_number.slice(4)))
      .sort((a, b) => a - b);
    const first = Number(before.last_used) + 1;
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => first + i));
    // Every number ever taken belongs to an invoice.
    const all = await db().selectFrom('invoices').select('invoice_number').execute();
    const after = await db()
      .selectFrom('document_sequences')
      .select('last_used')
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(after.last_used));
  });

  it('issues a credit note per refund, attached to the refund email, for the customer and for staff', async () => {
    // Next day: never free, so its charge can be given back.
    const { browser, email, order } = await place(
      [
        ['FERN-BOS', 2],
        ['PEONY-PNK', 1],
      ],
      { option: 'uk-next-day' },
    );
    expect(await gateway.settle(order!.transaction_id!)).toBe(true);
    const fern = await db()
      .selectFrom('order_items')
      .select(['id', 'total_price', 'tax_amount'])
      .where('order_id', '=', order!.id)
      .where('sku', '=', 'FERN-BOS')
      .executeTakeFirstOrThrow();
    const refunded = await owner.post<any>(`/api/v1/admin/orders/${order!.order_number}/refunds`, {
      items: [{ order_item_id: fern.id, quantity: 1 }],
      delivery: true,
      amount: 150,
      reason: 'Pot broke in transit & “café” crème 🌱',
      to: 'payment',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const refund = await db()
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', order!.id)
      .executeTakeFirstOrThrow();
    const number = refund.credit_note_number!;
    expect(refund.seller).toEqual(SELLER);

    const file = await download(
      browser,
      `/api/v1/orders/${order!.public_id}/credit-notes/${number}`,
    );
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = pdfText(file.bytes);
    const invoice = (await invoiceOf(order!.id))!;
    expect(text).toEqual(
      expect.arrayContaining([
        'VAT credit note',
        `Credit note number: ${number}`,
        `Credits invoice: ${invoice.invoice_number}`,
        'Reason: Pot broke in transit & “café” crème ?',
        'Goodwill payment',
        'Delivery',
        'Total credited',
      ]),
    );
    expect(text).toContain(`£${(refund.amount / 100).toFixed(2)}`);

    const staff = await download(
      owner,
      `/api/v1/admin/orders/${order!.order_number}/credit-notes/${number.toLowerCase()}`,
    );
    expect(staff.status).toBe(200);
    const staffInvoice = await download(
      owner,
      `/api/v1/admin/orders/${order!.order_number}/invoice`,
    );
    expect(staffInvoice.status).toBe(200);
    expect(pdfText(staffInvoice.bytes)).toContain(`Invoice number: ${invoice.invoice_number}`);
    // Without a staff session the back office's copy is refused; unknown numbers are missing.
    expect(
      (await download(browser, `/api/v1/admin/orders/${order!.order_number}/invoice`)).status,
    ).toBe(401);
    const unknown = await download(
      browser,
      `/api/v1/orders/${order!.public_id}/credit-notes/CN-999999`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json().error_type).toBe('not_found');
    const junk = await download(
      owner,
      `/api/v1/admin/orders/${order!.order_number}/credit-notes/x'`,
    );
    expect(junk.json().error_type).toBe('not_found');

    const mails = await db()
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();
    const refundMail = mails.find((m) => m.attachments?.[0]?.filename === `${number}.pdf`);
    expect(refundMail, mails.map((m) => m.subject).join(', ')).toBeDefined();
  });

  it('keeps issued documents as issued, and issues one on first request for an order paid without', async () => {
    const { browser, order } = await place([['ZZ-60', 2]]);
    const before = (await invoiceOf(order!.id))!;
    await db()
      .updateTable('products')
      .set({ name: 'Renamed plant', price: 1 })
      .where('sku', '=', 'ZZ-60')
      .execute();
    // Another app on the same data, the shop having moved.
    const moved = await appOnDatabase(db(), {
      seller: { ...SELLER, address: ['2 New Road', 'Leeds', 'LS1 1AA'] },
    });
    try {
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const again = await moved.inject({
        method: 'GET',
        url: `/api/v1/orders/${order!.public_id}/invoice`,
        headers: { cookie },
      });
      const text = pdfText(again.rawPayload);
      expect(text).toContain('1 High Street');
      expect(text).not.toContain('2 New Road');
      expect(text.join('\n')).not.toContain('Renamed plant');
      expect(await invoiceOf(order!.id)).toEqual(before);

      // An order paid before invoices were kept: issued when first asked for, once.
      await db().deleteFrom('invoices').where('order_id', '=', order!.id).execute();
      const [first, second] = await Promise.all(
        [0, 1].map(() =>
          moved.inject({
            method: 'GET',
            url: `/api/v1/orders/${order!.public_id}/invoice`,
            headers: { cookie },
          }),
        ),
      );
      expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
      const late = (await invoiceOf(order!.id))!;
      expect(late.invoice_number).not.toBe(before.invoice_number);
      expect(late.seller.address).toEqual(['2 New Road', 'Leeds', 'LS1 1AA']);
      expect(late.gross).toBe(before.gross);
    } finally {
      await moved.close();
    }
  });

  it('adds up, over invoices less credit notes, to the sales report’s VAT at each rate', async () => {
    // A cancelled pre-order in the mix: its invoice stands, its credit note credits it.
    const preorder = await place([['WIS-ARCH', 1]], { option: 'uk-next-day' });
    const cancelled = await preorder.browser.post(
      `/api/v1/orders/${preorder.order!.public_id}/cancel`,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const today = ukDayOf(new Date());
    const reply = await owner.get<any>(
      `/api/v1/admin/reports/sales?from=${today}&to=${today}&group=day`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const reported: Record<string, number> = reply.body.data.totals.vat;

    const fromDocuments: Record<string, number> = {};
    const add = (rateBp: number, amount: number) => {
      const key = String(rateBp / 100);
      fromDocuments[key] = (fromDocuments[key] ?? 0) + amount;
    };
    const invoices = await db()
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select(['invoices.lines', 'invoices.delivery_tax', 'invoices.delivery_rate_bp'])
      .execute();
    for (const invoice of invoices) {
      for (const line of invoice.lines) add(line.rate_bp, line.tax);
      add(invoice.delivery_rate_bp, invoice.delivery_tax);
    }
    const orders = await db()
      .selectFrom('refunds')
      .select(['order_id', 'credit_note_number'])
      .where('state', '=', 'completed')
      .execute();
    for (const refund of orders) {
      const { rows } = await sql<{ rate: number; tax: number }>`
        SELECT i.tax_rate_bp AS rate, ri.tax_amount AS tax
        FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id
        JOIN order_items i ON i.id = ri.order_item_id
        WHERE r.credit_note_number = ${refund.credit_note_number}`.execute(db());
      for (const row of rows) add(row.rate, -row.tax);
    }
    const deliveryBack = await sql<{ rate: number; tax: number }>`
      SELECT inv.delivery_rate_bp AS rate,
             r.tax_amount - coalesce((SELECT sum(tax_amount) FROM refund_items
                                      WHERE refund_id = r.id), 0)::int AS tax
      FROM refunds r JOIN invoices inv ON inv.order_id = r.order_id
      WHERE r.state = 'completed'`.execute(db());
    for (const row of deliveryBack.rows) add(row.rate, -row.tax);

    for (const key of new Set([...Object.keys(reported), ...Object.keys(fromDocuments)])) {
      expect(fromDocuments[key] ?? 0, `VAT at ${key}%`).toBe(reported[key] ?? 0);
    }
    expect(Object.values(fromDocuments).some((v) => v > 0)).toBe(true);
    const credited = await db()
      .selectFrom('refunds')
      .select(['amount', 'tax_amount'])
      .where('order_id', '=', preorder.order!.id)
      .where('cancellation', '=', true)
      .executeTakeFirstOrThrow();
    const invoice = (await invoiceOf(preorder.order!.id))!;
    expect(credited).toEqual({ amount: invoice.gross, tax_amount: invoice.tax });
  });
});
