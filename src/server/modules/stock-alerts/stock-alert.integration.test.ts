import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../domain/errors.ts';
import { outboxMailer, outboxReader } from '../../adapters/email/outbox.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import {
  createTestApp,
  ENGINES,
  Shopper,
  type TestApp,
  appOnDatabase,
} from '../../testing/test-app.ts';
import { orderRepository } from '../order/order.repository.ts';
import {
  CHOOSE_OPTION_MESSAGE,
  IN_STOCK_MESSAGE,
  PREORDER_MESSAGE,
  STOCK_ALERT_LIMITS,
} from './stock-alert.service.ts';

const PUBLIC_URL = 'https://shop.example';

async function productBySku(db: Db, sku: string) {
  return db
    .selectFrom('products')
    .select(['id', 'parent_id', 'quantity_on_hand'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

async function signUps(db: Db, productId: number) {
  return db
    .selectFrom('stock_notifications')
    .select(['email_address', 'sent_at', 'claimed_at'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

/** Every product's stock on hand, by id. */
async function stockById(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('products').select(['id', 'quantity_on_hand']).execute();
  return new Map(rows.map((row) => [row.id, row.quantity_on_hand]));
}

const signUpPath = (id: number | string) => `/api/v1/products/${id}/stock_notifications`;

describe.each(ENGINES)('back-in-stock sign-up on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  let calathea: { id: number; parent_id: number | null };
  // One app per engine: these tests write only sign-ups and their rate-limit counters,
  // emptied before each test (a database each cost more than the tests themselves).
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: PUBLIC_URL });
    calathea = await productBySku(t.handle.db, 'CALATHEA-60');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('stock_notifications').execute();
    await t.handle.db.deleteFrom('rate_limits').execute();
    shopper = new Shopper(t.app);
  });

  it('signs an address up for an out-of-stock variation, lower-cased', async () => {
    const reply = await shopper.post(signUpPath(calathea.id), {
      email_address: ' Ada@Example.com ',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      data: { stock_notification: { product_id: calathea.id, email_address: 'ada@example.com' } },
    });
    expect(await signUps(t.handle.db, calathea.id)).toMatchObject([
      { email_address: 'ada@example.com', sent_at: null },
    ]);
  });

  it('takes a one-variation family for its variation', async () => {
    const reply = await shopper.post(signUpPath(calathea.parent_id!), {
      email_address: 'ada@example.com',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.stock_notification.product_id).toBe(calathea.id);
  });

  it('refuses a second sign-up for the same product and address, whatever its capitals', async () => {
    await shopper.post(signUpPath(calathea.id), { email_address: 'ada@example.com' });
    const again = await shopper.post(signUpPath(calathea.parent_id!), {
      email_address: 'ADA@example.com',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error_type: 'product_stock_notification_exists',
      message: errorCatalogue.product_stock_notification_exists.message,
    });
    expect(again.body.message).toBe(
      "It looks like you've already signed up for updates on this product, you will be notified when it is back in stock.",
    );
    // Another address is its own sign-up.
    const other = await shopper.post(signUpPath(calathea.id), { email_address: 'bo@example.com' });
    expect(other.status).toBe(201);
    expect(await signUps(t.handle.db, calathea.id)).toHaveLength(2);
  });

  it('names the field for a missing or malformed address', async () => {
    const missing = await shopper.post(signUpPath(calathea.id), {});
    expect(missing.status).toBe(422);
    expect(missing.body.error_type).toBe('validation');
    expect(missing.body.errors).toEqual({ email_address: ['Required'] });
    const bad = await shopper.post(signUpPath(calathea.id), { email_address: 'not-an-email' });
    expect(bad.body.errors).toEqual({ email_address: ['This must be an email address'] });
    expect(await signUps(t.handle.db, calathea.id)).toHaveLength(0);
  });

  it('refuses what can be bought now: in stock, pre-order; and a discontinued variation', async () => {
    const fern = await productBySku(t.handle.db, 'FERN-BOS');
    const inStock = await shopper.post(signUpPath(fern.id), { email_address: 'ada@example.com' });
    expect(inStock.status).toBe(422);
    expect(inStock.body.errors).toEqual({ product_id: [IN_STOCK_MESSAGE] });

    const wisteria = await productBySku(t.handle.db, 'WIS-ARCH');
    const preorder = await shopper.post(signUpPath(wisteria.id), {
      email_address: 'ada@example.com',
    });
    expect(preorder.status).toBe(422);
    expect(preorder.body.errors).toEqual({ product_id: [PREORDER_MESSAGE] });

    const fig = await productBySku(t.handle.db, 'FIG-150');
    const gone = await shopper.post(signUpPath(fig.id), { email_address: 'ada@example.com' });
    expect(gone.status).toBe(409);
    expect(gone.body.error_type).toBe('product_unavailable');
  });

  it('asks for an option on a family of several, and 404s an unknown product', async () => {
    const olive = await productBySku(t.handle.db, 'OLV-90-BLK');
    const family = await shopper.post(signUpPath(olive.parent_id!), {
      email_address: 'ada@example.com',
    });
    expect(family.status).toBe(422);
    expect(family.body.errors).toEqual({ product_id: [CHOOSE_OPTION_MESSAGE] });
    for (const id of ['999999', 'calathea', '1e3']) {
      const unknown = await shopper.post(signUpPath(id), { email_address: 'ada@example.com' });
      expect(unknown.status, id).toBe(404);
      expect(unknown.body.error_type).toBe('not_found');
    }
  });

  it('limits sign-ups from one address', async () => {
    for (let i = 0; i < STOCK_ALERT_LIMITS.perAddress; i++) {
      const ok = await shopper.post(signUpPath(calathea.id), {
        email_address: `shopper${i}@example.com`,
      });
      expect(ok.status).toBe(201);
    }
    const limited = await shopper.post(signUpPath(calathea.id), {
      email_address: 'one-more@example.com',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('rate_limit');
  });
});

describe.each(ENGINES)('back-in-stock emails on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  let calathea: { id: number; parent_id: number | null };
  let seededStock: Map<number, number>;
  // One app per engine; before each test the sign-ups, emails and rate-limit counters
  // are emptied and every product's stock is put back as seeded.
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: PUBLIC_URL, devOutbox: true });
    calathea = await productBySku(t.handle.db, 'CALATHEA-60');
    seededStock = await stockById(t.handle.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const db = t.handle.db;
    await db.deleteFrom('stock_notifications').execute();
    await db.deleteFrom('outbox_emails').execute();
    await db.deleteFrom('rate_limits').execute();
    for (const [id, quantity] of await stockById(db)) {
      const seeded = seededStock.get(id)!;
      if (quantity !== seeded)
        await db
          .updateTable('products')
          .set({ quantity_on_hand: seeded })
          .where('id', '=', id)
          .execute();
    }
    shopper = new Shopper(t.app);
  });

  const signUp = async (email: string, id = calathea.id) =>
    expect((await shopper.post(signUpPath(id), { email_address: email })).status).toBe(201);
  const restock = (sku: string, quantity: number) =>
    shopper.post('/api/v1/dev/restock', { sku, quantity });
  const outbox = (to?: string) => outboxReader(t.handle.db).list(to ? { to } : {});

  it('emails each waiting sign-up once when stock comes back, and marks it sent', async () => {
    await signUp('ada@example.com');
    await signUp('bo@example.com');
    const reply = await restock('CALATHEA-60', 5);
    expect(reply.status).toBe(200);
    expect(reply.body.data.restock).toEqual({
      sku: 'CALATHEA-60',
      name: 'Artificial Calathea',
      before: 0,
      after: 5,
      alerts: { sent: 2, failed: 0 },
    });
    for (const to of ['ada@example.com', 'bo@example.com']) {
      const emails = await outbox(to);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.subject).toBe('Back in stock: Artificial Calathea');
      expect(emails[0]?.text_body).toContain('Artificial Calathea is back in stock');
      expect(emails[0]?.text_body).toContain(
        `${PUBLIC_URL}/products/artificial-calathea?variation=${calathea.id}`,
      );
    }
    const rows = await signUps(t.handle.db, calathea.id);
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);

    // More stock, and another sweep: nobody is emailed again.
    const again = await restock('CALATHEA-60', 3);
    expect(again.body.data.restock).toMatchObject({ before: 5, after: 8, alerts: { sent: 0 } });
    expect(await t.app.dispatchStockAlerts()).toEqual({ sent: 0, failed: 0 });
    expect(await outbox('ada@example.com')).toHaveLength(1);
    // The product can be bought now, so a new sign-up is refused.
    const late = await shopper.post(signUpPath(calathea.id), { email_address: 'cy@example.com' });
    expect(late.body.errors).toEqual({ product_id: [IN_STOCK_MESSAGE] });
  });

  it('lets an address sign up again once its email has gone', async () => {
    await signUp('ada@example.com');
    await restock('CALATHEA-60', 1);
    await t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 0 })
      .where('id', '=', calathea.id)
      .execute();
    await signUp('ada@example.com');
    await restock('CALATHEA-60', 2);
    expect(await outbox('ada@example.com')).toHaveLength(2);
  });

  it('leaves sign-ups for products still out of stock waiting', async () => {
    await signUp('ada@example.com');
    // Restocking another product sends nothing for the calathea.
    const reply = await restock('FERN-BOS', 4);
    expect(reply.body.data.restock.alerts).toEqual({ sent: 0, failed: 0 });
    expect(await outbox('ada@example.com')).toHaveLength(0);
    expect(await signUps(t.handle.db, calathea.id)).toMatchObject([{ sent_at: null }]);
  });

  it('sends when a failed order puts stock back (the sweep, whatever path the stock took)', async () => {
    await signUp('ada@example.com');
    // An order that took the last two, then failed: its stock goes back from zero to two.
    const { rows } = await sql<{ id: number }>`
      INSERT INTO orders (public_id, order_number, email_address, amount, snapshot, reservations)
      VALUES ('00000000-0000-4000-8000-000000000025', 'EB-ALERTS25', 'x@example.com', 4499, '{}',
              ${JSON.stringify([{ product_id: calathea.id, quantity: 2, preorder: 0 }])})
      RETURNING id`.execute(t.handle.db);
    const failed = await orderRepository(t.handle.db).fail(rows[0]!.id, {
      type: 'payment_failed',
      message: 'declined',
      transactionId: null,
    });
    expect(failed).toBe(true);
    expect(await t.app.dispatchStockAlerts()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox('ada@example.com')).toHaveLength(1);
  });

  it('sends once when two processes sweep at the same time', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `shopper${i}@example.com`);
    for (const address of addresses) await signUp(address);
    await t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 3 })
      .where('id', '=', calathea.id)
      .execute();
    // A second server on the same database: its own connections on PostgreSQL.
    const second = t.handle.url
      ? await openDatabase({ kind: 'postgres', url: t.handle.url, poolSize: 4 })
      : null;
    const other = await appOnDatabase(second?.db ?? t.handle.db, { publicUrl: PUBLIC_URL });
    try {
      const results = await Promise.all([
        t.app.dispatchStockAlerts(),
        other.dispatchStockAlerts(),
        t.app.dispatchStockAlerts(),
        other.dispatchStockAlerts(),
      ]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(addresses.length);
      const emails = await outbox();
      expect(emails).toHaveLength(addresses.length);
      expect(new Set(emails.map((e) => e.to_address))).toEqual(new Set(addresses));
    } finally {
      await other.close();
      await second?.close();
    }
  });

  it('keeps a sign-up whose email failed for the next sweep', async () => {
    let failNext = true;
    const delivered: { to?: Mailer } = {};
    const flaky: Mailer = {
      mode: 'outbox',
      async send(message) {
        if (failNext) {
          failNext = false;
          throw new Error('SMTP server unavailable');
        }
        await delivered.to!.send(message);
      },
    };
    // The shop again, its emails sent through the flaky mailer.
    const flakyShop = await appOnDatabase(t.handle.db, {
      publicUrl: PUBLIC_URL,
      devOutbox: true,
      mailer: flaky,
    });
    try {
      delivered.to = outboxMailer(t.handle.db);
      shopper = new Shopper(flakyShop);
      await signUp('ada@example.com');
      const reply = await restock('CALATHEA-60', 2);
      expect(reply.body.data.restock.alerts).toEqual({ sent: 0, failed: 1 });
      expect(await signUps(t.handle.db, calathea.id)).toMatchObject([
        { sent_at: null, claimed_at: null },
      ]);
      expect(await flakyShop.dispatchStockAlerts()).toEqual({ sent: 1, failed: 0 });
      expect(await outbox('ada@example.com')).toHaveLength(1);
    } finally {
      await flakyShop.close();
    }
  });
});
