/**
 * The reports (ADR 067) against orders placed and refunded through the API: the sales
 * report reconciles to the orders and refunds to the penny (a property over generated
 * orders, refunds, cancellations and the instants they happened), a cancelled order's
 * sale left on its paid day with its credit note on the day it was cancelled (ADR 078),
 * best sellers and stock value; and who may read them, and bad ranges.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testModeGateway, type TestModeGateway } from '../../adapters/payments/test-mode.ts';
import {
  bestSellersSchema,
  salesReportSchema,
  stockValueSchema,
  type SalesFigures,
} from '../../../domain/api/admin-reports.ts';
import { data } from '../../../domain/api/replies.ts';
import { vatIncluded, type Pence } from '../../../domain/money.ts';
import { periodOf } from '../../../domain/reports.ts';
import { daysBetween, ukDayOf, ukDayStart } from '../../../domain/uk-days.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { MIXED_RATES, stockAtRates } from '../../testing/paid-orders.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

const salesReply = data(salesReportSchema);

/** Variations the orders are made of, and the VAT rate each is given here. */
const RATES = MIXED_RATES;
const SKUS = Object.keys(RATES);

describe.each(ENGINES)('reports on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let owner: Shopper;
  let year = 2030;

  let gateway: TestModeGateway;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // The test gateway of the app's database: a sale settles as Braintree's daily batch
    // would, so a part of it can be refunded.
    gateway = testModeGateway({
      db: t.handle.db,
      secret: 'reports-tests-secret-of-32-chars-or-more',
    });
    await stockAtRates(t.handle.db, RATES);
    id = await variationIds(t.app);
    owner = (await signedInStaff(t.app, t.handle.db, 'owner')).browser;
  });
  afterAll(() => t.close());

  const sales = async (from: string, to: string, group = 'day') => {
    const reply = await owner.get(
      `/api/v1/admin/reports/sales?from=${from}&to=${to}&group=${group}`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return salesReply.parse(reply.body).data;
  };

  /** The summary by UK day (migration 037) as kept, and as recomputed from the orders. */
  const summaries = async () => {
    const rows = async (from: string) =>
      (
        await sql
          .raw<Record<string, unknown>>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day, delivery_option, rate, slot,
                    orders::text, takings::text, discounts::text, delivery::text, tax::text,
                    items::text, refunds::text, refund_tax::text
             FROM ${from} s
             WHERE (orders, takings, discounts, delivery, tax, items, refunds, refund_tax)
                   IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0)
             ORDER BY day, delivery_option, rate, slot`,
          )
          .execute(t.handle.db)
      ).rows;
    return { kept: await rows('sales_days'), recomputed: await rows('sales_days_recomputed()') };
  };

  /** Places an order paid by card; answers its reply and row. */
  const place = async (items: [string, number][], voucher?: string) => {
    const shopper = await fillBasket(new Browser(t.app), id, items, voucher ? { voucher } : {});
    const paid = await shopper.pay(FRICTIONLESS_3DS);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const row = await t.handle.db
      .selectFrom('orders')
      .select([
        'id',
        'public_id',
        'order_number',
        'amount',
        'credit_used',
        'snapshot',
        'transaction_id',
      ])
      .where('public_id', '=', paid.body.data.public_id)
      .executeTakeFirstOrThrow();
    const lines = await t.handle.db
      .selectFrom('order_items')
      .select(['id', 'sku', 'quantity', 'total_price', 'tax_rate_bp'])
      .where('order_id', '=', row.id)
      .orderBy('position')
      .execute();
    // The order as placed: its priced basket (prices, lines before discounts).
    return { view: row.snapshot as any, row, lines, shopper };
  };

  /**
   * Cancels a placed pre-order as its shopper does, then moves the cancellation and its
   * credit note to `at`; answers the credit note.
   */
  const cancel = async (placed: Awaited<ReturnType<typeof place>>, at: Date) => {
    const reply = await placed.shopper.post(`/api/v1/orders/${placed.row.public_id}/cancel`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.order.status).toBe('cancelled');
    await sql`UPDATE orders SET cancelled_at = ${at.toISOString()}
              WHERE id = ${placed.row.id}`.execute(t.handle.db);
    const { rows } = await sql<{ amount: number; tax_amount: number; delivery_amount: number }>`
      UPDATE refunds SET created_at = ${at.toISOString()}
      WHERE order_id = ${placed.row.id} AND cancellation
      RETURNING amount, tax_amount, delivery_amount`.execute(t.handle.db);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  const blank = (): SalesFigures => ({
    orders: 0,
    items: 0,
    takings: 0,
    discounts: 0,
    delivery: 0,
    refunds: 0,
    vat: { '20': 0, '5': 0, '0': 0 },
  });

  it('shows a shopper’s order in today’s row, and in the CSV', async () => {
    const today = ukDayOf(new Date());
    const before = await sales(today, today);
    const { row, view } = await place([
      ['FERN-BOS', 2],
      ['EUC-SPRAY', 1],
    ]);
    const after = await sales(today, today);
    expect(after.rows).toHaveLength(1);
    const [was, now] = [before.rows[0]!, after.rows[0]!];
    expect(now.period).toBe(today);
    expect(now.orders).toBe(was.orders + 1);
    expect(now.items).toBe(was.items + 3);
    expect(now.takings).toBe(was.takings + row.amount + row.credit_used);
    expect(now.delivery).toBe(was.delivery + view.prices.delivery.amount);
    expect({ ...after.totals, period: now.period }).toEqual(now);

    const csv = await owner.get(`/api/v1/admin/reports/sales.csv?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="sales-day-${today}-to-${today}.csv"`,
    );
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('day,orders,items,takings,discounts,delivery,refunds,vat_20,vat_5,vat_0');
    expect(lines[1]!.split(',').slice(0, 4)).toEqual([
      today,
      String(now.orders),
      String(now.items),
      String(now.takings / 100),
    ]);
    expect(lines[2]!.startsWith('total,')).toBe(true);
  });

  it('reconciles every figure to the orders, refunds and cancellations, to the penny', async () => {
    let refundsMade = 0;
    let cancellations = 0;
    const orderArb = fc.record({
      lines: fc.uniqueArray(
        fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 2 }) }),
        { minLength: 1, maxLength: 3, selector: (line) => line.sku },
      ),
      voucher: fc.constantFrom(undefined, 'WELCOME10'),
      // Minutes into the eight days of the window (which holds the clocks going back).
      paidAt: fc.integer({ min: 0, max: 8 * 1440 - 1 }),
      // A pre-order (the lines drawn give way to one), cancelled this many minutes after
      // it was paid, perhaps past the window's end.
      cancelledAfter: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 * 1440 })),
      refund: fc.option(
        fc.record({
          line: fc.boolean(),
          delivery: fc.boolean(),
          goodwill: fc.constantFrom(0, 1, 99),
          after: fc.integer({ min: 0, max: 3 * 1440 }),
        }),
      ),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 3 }), async (orders) => {
        // Each run has a window of its own: 24–31 October of a year no other run uses.
        year += 1;
        const from = `${year}-10-24`;
        const to = `${year}-10-31`;
        const windowStart = ukDayStart(from).getTime();
        const expected = new Map<string, SalesFigures>();
        const on = (instant: Date) => {
          const day = ukDayOf(instant);
          if (daysBetween(from, day) < 0 || daysBetween(day, to) < 0) return null;
          if (!expected.has(day)) expected.set(day, blank());
          return expected.get(day)!;
        };
        const addVat = (f: SalesFigures, rate: number, amount: number) => {
          f.vat[String(rate / 100)] = (f.vat[String(rate / 100)] ?? 0) + amount;
        };

        for (const order of orders) {
          const preorder = order.cancelledAfter !== null;
          const placed = await place(
            preorder ? [['WIS-ARCH', 1]] : order.lines.map((l) => [l.sku, l.quantity]),
            order.voucher,
          );
          const paidAt = new Date(windowStart + order.paidAt * 60_000);
          await sql`UPDATE orders SET paid_at = ${paidAt.toISOString()},
                    created_at = ${paidAt.toISOString()} WHERE id = ${placed.row.id}`.execute(
            t.handle.db,
          );

          // What the order sold, from its lines and its charge, VAT by the pricing rule.
          const taken = placed.row.amount + placed.row.credit_used;
          const itemsNet = placed.lines.reduce((sum, l) => sum + l.total_price, 0);
          const itemsGross = placed.view.items.reduce(
            (sum: number, item: { total_price: { amount: number } }) =>
              sum + item.total_price.amount,
            0,
          );
          const deliveryCharge = placed.view.prices.delivery.amount;
          const day = on(paidAt)!;
          day.orders += 1;
          // Units sold, free gifts not.
          day.items += preorder ? 1 : order.lines.reduce((sum, l) => sum + l.quantity, 0);
          day.takings += taken;
          day.delivery += deliveryCharge;
          day.discounts += itemsGross + deliveryCharge - taken;
          for (const line of placed.lines) {
            // A free gift (a promotion's line) is at its own variation's rate.
            const rate = RATES[line.sku] ?? line.tax_rate_bp;
            addVat(day, rate, vatIncluded(line.total_price as Pence, rate));
          }
          addVat(day, 2000, vatIncluded((taken - itemsNet) as Pence, 2000));

          if (order.cancelledAfter !== null) {
            // The sale stays on its paid day; its credit note, for all of it, counts on
            // the day it was cancelled (ADR 078).
            const cancelledAt = new Date(paidAt.getTime() + order.cancelledAfter * 60_000);
            const note = await cancel(placed, cancelledAt);
            cancellations += 1;
            expect(note.amount).toBe(taken);
            const when = on(cancelledAt);
            if (!when) continue;
            when.refunds += taken;
            for (const line of placed.lines) {
              const rate = RATES[line.sku] ?? line.tax_rate_bp;
              addVat(when, rate, -vatIncluded(line.total_price as Pence, rate));
            }
            addVat(when, 2000, -vatIncluded((taken - itemsNet) as Pence, 2000));
            continue;
          }

          if (
            order.refund &&
            (order.refund.line || order.refund.delivery || order.refund.goodwill)
          ) {
            // Settled first, as a day's batch would: a part of an unsettled sale is
            // refused (refund_not_settled), and this test is about the figures.
            if (placed.row.transaction_id) await gateway.settle(placed.row.transaction_id);
            const line = placed.lines[0]!;
            const reply = await owner.post<any>(
              `/api/v1/admin/orders/${placed.row.order_number}/refunds`,
              {
                items: order.refund.line ? [{ order_item_id: line.id, quantity: 1 }] : [],
                delivery: order.refund.delivery && deliveryCharge > 0,
                amount: order.refund.goodwill,
                reason: 'Property test',
                to: 'payment',
              },
            );
            if (reply.status !== 201) {
              // Nothing to give back (free delivery alone) or beyond the payment: no refund.
              expect([409, 422], JSON.stringify(reply.body)).toContain(reply.status);
              continue;
            }
            const made = reply.body.data.order.refunds.at(-1);
            refundsMade += 1;
            const refundedAt = new Date(paidAt.getTime() + order.refund.after * 60_000);
            await sql`UPDATE refunds SET created_at = ${refundedAt.toISOString()}
                      WHERE credit_note_number = ${made.credit_note_number}`.execute(t.handle.db);
            const when = on(refundedAt);
            if (!when) continue;
            when.refunds += made.amount.amount;
            let linesTax = 0;
            for (const item of made.items as { order_item_id: number; amount: number }[]) {
              const refunded = placed.lines.find((l) => l.id === item.order_item_id)!;
              const rate = RATES[refunded.sku] ?? refunded.tax_rate_bp;
              const tax = vatIncluded(item.amount as Pence, rate);
              linesTax += tax;
              addVat(when, rate, -tax);
            }
            // The delivery's VAT as the order priced it; goodwill carries none.
            expect(made.tax_amount - linesTax).toBe(
              made.delivery_amount > 0 ? placed.view.prices.delivery.tax.amount : 0,
            );
            addVat(when, 2000, -(made.tax_amount - linesTax));
          }
        }

        const report = await sales(from, to);
        expect(report.rows.map((r) => r.period)).toEqual(
          Array.from({ length: 8 }, (_, i) => `${year}-10-${24 + i}`),
        );
        const total = blank();
        for (const row of report.rows) {
          const want = expected.get(row.period) ?? blank();
          expect({ ...row, period: undefined }, row.period).toEqual({ ...want, period: undefined });
          for (const key of [
            'orders',
            'items',
            'takings',
            'discounts',
            'delivery',
            'refunds',
          ] as const)
            total[key] += want[key];
          for (const [key, value] of Object.entries(want.vat))
            addVat(total, Number(key) * 100, value);
        }
        expect(report.totals).toEqual(total);
        // Weeks and months add up to the same totals, each day in the period it belongs to.
        for (const group of ['week', 'month'] as const) {
          const grouped = await sales(from, to, group);
          expect(grouped.totals).toEqual(total);
          expect(grouped.rows.map((r) => r.period)).toEqual([
            ...new Set(report.rows.map((r) => periodOf(r.period, group))),
          ]);
        }
        // The summary the report read is what the orders and refunds add up to.
        const { kept, recomputed } = await summaries();
        expect(kept).toEqual(recomputed);
      }),
      { numRuns: 8 },
    );
    // The runs refunded and cancelled something (a run may have drawn none).
    expect(refundsMade).toBeGreaterThan(0);
    expect(cancellations).toBeGreaterThan(0);
  }, 240_000);

  it('keeps the summary by day through every kind of change to orders and refunds', async () => {
    const { db } = t.handle;
    const placed = await place([
      ['FERN-BOS', 2],
      ['EUC-SPRAY', 1],
    ]);
    const other = await place([['PEONY-PNK', 1]]);
    if (placed.row.transaction_id) await gateway.settle(placed.row.transaction_id);
    const line = placed.lines[0]!;
    const refund = await owner.post<any>(
      `/api/v1/admin/orders/${placed.row.order_number}/refunds`,
      {
        items: [{ order_item_id: line.id, quantity: 1 }],
        delivery: false,
        amount: 0,
        reason: 'Summary test',
        to: 'payment',
      },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const check = async (step: string) => {
      const { kept, recomputed } = await summaries();
      expect(kept, step).toEqual(recomputed);
    };
    await check('placed and refunded');
    // A line's rate and VAT change (its refunded VAT moves with it), then its quantity.
    await sql`UPDATE order_items SET tax_rate_bp = 500, tax_amount = tax_amount + 1
              WHERE id = ${line.id}`.execute(db);
    await check('line rate changed');
    // The refund back to pending, to another day, and completed again.
    await sql`UPDATE refunds SET state = 'pending', credit_note_number = NULL
              WHERE order_id = ${placed.row.id}`.execute(db);
    await check('refund pending');
    await sql`UPDATE refunds SET state = 'completed', credit_note_number = 'CN-SUMMARY-1',
              created_at = created_at - interval '3 days'
              WHERE order_id = ${placed.row.id}`.execute(db);
    await check('refund completed on another day');
    // The order to another day, off sale (failed) and back, cancelled (still a sale, ADR
    // 078) and back, to another delivery option.
    await sql`UPDATE orders SET paid_at = paid_at - interval '2 days'
              WHERE id = ${placed.row.id}`.execute(db);
    await check('order moved');
    await sql`UPDATE orders SET status = 'failed' WHERE id = ${other.row.id}`.execute(db);
    await check('order off sale');
    await sql`UPDATE orders SET status = 'paid' WHERE id = ${other.row.id}`.execute(db);
    await check('order paid again');
    await sql`UPDATE orders SET status = 'cancelled' WHERE id = ${other.row.id}`.execute(db);
    await check('order cancelled');
    await sql`UPDATE orders SET status = 'paid' WHERE id = ${other.row.id}`.execute(db);
    await check('order uncancelled');
    await sql`UPDATE orders
              SET snapshot = jsonb_set(snapshot, '{delivery_option,id}', '"summary-test"')
              WHERE id = ${placed.row.id}`.execute(db);
    await check('delivery option changed');
    // A refunded line, a refund and whole orders deleted (cascades included).
    await sql`DELETE FROM refund_items WHERE order_item_id = ${line.id}`.execute(db);
    await check('refund line deleted');
    await sql`DELETE FROM refunds WHERE order_id = ${placed.row.id}`.execute(db);
    await check('refund deleted');
    await sql`DELETE FROM order_items WHERE id = ${placed.lines[1]!.id}`.execute(db);
    await check('line deleted');
    await sql`DELETE FROM orders WHERE id IN (${placed.row.id}, ${other.row.id})`.execute(db);
    await check('orders deleted');
  });

  it('leaves a paid day’s report as it was when the order is cancelled later', async () => {
    // Paid on a November day of a VAT period already reported, cancelled today.
    const paidDay = '2029-11-20';
    const today = ukDayOf(new Date());
    const placed = await place([['WIS-ARCH', 1]]);
    await sql`UPDATE orders SET paid_at = ${ukDayStart(paidDay).toISOString()}
              WHERE id = ${placed.row.id}`.execute(t.handle.db);
    const reported = await sales(paidDay, paidDay);
    expect(reported.totals.orders).toBe(1);
    const todayBefore = await sales(today, today);

    const reply = await placed.shopper.post(`/api/v1/orders/${placed.row.public_id}/cancel`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    expect(await sales(paidDay, paidDay)).toEqual(reported);
    const todayAfter = await sales(today, today);
    const taken = placed.row.amount + placed.row.credit_used;
    expect(todayAfter.totals.refunds).toBe(todayBefore.totals.refunds + taken);
    expect(todayAfter.totals.orders).toBe(todayBefore.totals.orders);
    // Today's VAT less exactly what the paid day's carries: the credit note mirrors the sale.
    for (const [key, vat] of Object.entries(reported.totals.vat)) {
      expect(todayAfter.totals.vat[key], `VAT at ${key}%`).toBe(
        (todayBefore.totals.vat[key] ?? 0) - vat,
      );
    }
    const { kept, recomputed } = await summaries();
    expect(kept).toEqual(recomputed);
  });

  it('lists best sellers and stock value, and their CSVs', async () => {
    const day = '2029-06-15';
    const { row } = await place([
      ['ZZ-60', 2],
      ['EUC-SPRAY', 1],
    ]);
    await t.handle.db
      .updateTable('orders')
      .set({ paid_at: ukDayStart(day).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const reply = await owner.get(`/api/v1/admin/reports/best-sellers?from=${day}&to=${day}`);
    expect(reply.status).toBe(200);
    const best = data(bestSellersSchema).parse(reply.body).data;
    expect(best.rows.map((r) => [r.sku, r.units])).toEqual([
      ['ZZ-60', 2],
      ['EUC-SPRAY', 1],
    ]);
    const lines = await t.handle.db
      .selectFrom('order_items')
      .select(['sku', 'total_price'])
      .where('order_id', '=', row.id)
      .execute();
    expect(best.rows[0]!.takings).toBe(lines.find((l) => l.sku === 'ZZ-60')!.total_price);

    const stock = await owner.get('/api/v1/admin/reports/stock-value');
    expect(stock.status).toBe(200);
    const value = data(stockValueSchema).parse(stock.body).data;
    const all = await t.handle.db
      .selectFrom('products')
      .select(['quantity_on_hand', 'price', 'tax_rate_bp'])
      .where('parent_id', 'is not', null)
      .where('is_bundle', '=', false)
      .where('quantity_on_hand', '>', 0)
      .execute();
    expect(value.totals.variations).toBe(all.length);
    expect(value.totals.value).toBe(all.reduce((s, p) => s + p.quantity_on_hand * p.price, 0));
    expect(value.totals.value_ex_vat).toBe(
      all.reduce(
        (s, p) => s + p.quantity_on_hand * (p.price - vatIncluded(p.price as Pence, p.tax_rate_bp)),
        0,
      ),
    );
    const fern = value.rows.find((r) => r.sku === 'PEONY-PNK')!;
    expect(fern.value_ex_vat).toBe(fern.value); // 0% VAT

    const csv = await owner.get('/api/v1/admin/reports/stock-value.csv');
    expect(csv.status).toBe(200);
    expect((csv.body as string).split('\r\n')[0]).toBe('sku,name,on_hand,price,value,value_ex_vat');
    const bestCsv = await owner.get(`/api/v1/admin/reports/best-sellers.csv?from=${day}&to=${day}`);
    expect((bestCsv.body as string).split('\r\n')[1]).toMatch(/^ZZ-60,/);
  });

  it('defuses a name a spreadsheet would run as a formula', async () => {
    await t.handle.db
      .updateTable('order_items')
      .set({ name: '=HYPERLINK("http://evil.test")' })
      .where('sku', '=', 'ZZ-60')
      .execute();
    const csv = await owner.get(
      '/api/v1/admin/reports/best-sellers.csv?from=2029-06-15&to=2029-06-15',
    );
    expect(csv.body as string).toContain(`ZZ-60,"'=HYPERLINK(""http://evil.test"")",2,`);
  });

  it('is for staff holding reports.read, and refuses bad ranges', async () => {
    const path = '/api/v1/admin/reports/sales?from=2026-01-01&to=2026-01-31';
    expect((await new Shopper(t.app).get(path)).status).toBe(401);
    const support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    expect((await support.get(path)).status).toBe(403);
    expect((await support.get('/api/v1/admin/reports/stock-value.csv')).status).toBe(403);
    const manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    expect((await manager.get(path)).status).toBe(200);

    const bad = async (query: string) => {
      const reply = await owner.get(`/api/v1/admin/reports/sales?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      return reply.body.errors;
    };
    expect(await bad('from=2026-02-01&to=2026-01-01')).toHaveProperty('to');
    expect(await bad('from=2026-02-31&to=2026-03-01')).toHaveProperty('from');
    expect(await bad('to=2026-03-01')).toHaveProperty('from');
    expect(await bad('from=2026-01-01&to=2026-01-02&group=year')).toHaveProperty('group');
    expect(await bad('from=2020-01-01&to=2026-01-01&group=day')).toHaveProperty('group');
    expect(await bad('from=<b>&to=2026-01-01')).toHaveProperty('from');
    expect(
      (await owner.get('/api/v1/admin/reports/sales?from=2020-01-01&to=2026-01-01&group=month'))
        .status,
    ).toBe(200);
  });
});
