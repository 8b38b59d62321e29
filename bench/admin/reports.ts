/**
 * The reports (ADR 067) over bench:admin's generated orders (200,000 over ~139 days):
 * their lines are given VAT (one in ten at 5%, the rest at 20%), the refunded orders
 * refund rows and the cancelled ones their credit notes (ADR 078), then each report is timed BENCH_REPORTS_RUNS times through the service the routes
 * call, printed as median and p95. Target: p95 ≤ 500 ms for every report.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/client.ts';
import { reportsRepository } from '../../src/server/modules/reports/reports.repository.ts';
import { reportsService } from '../../src/server/modules/reports/reports.service.ts';
import { ukDayOf } from '../../src/domain/uk-days.ts';
import { numberSetting, printColumns, quantile, timed } from '../lib/harness.ts';

const RUNS = numberSetting('BENCH_REPORTS_RUNS', 30, 5, 1_000);
const WARMUP = 3;
const TARGET_P95_MS = 500;

const daysBefore = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Turns the sales summary's triggers (migration 037) off or on. */
export async function salesTriggers(db: Db, change: 'DISABLE' | 'ENABLE') {
  const triggers: [string, string[]][] = [
    ['orders', ['order_insert', 'order_update', 'order_delete']],
    ['order_items', ['line_insert', 'line_update', 'line_delete']],
    ['refunds', ['refund_insert', 'refund_update', 'refund_delete']],
    ['refund_items', ['refund_line_insert', 'refund_line_update', 'refund_line_delete']],
  ];
  for (const [table, names] of triggers)
    for (const name of names)
      await sql.raw(`ALTER TABLE ${table} ${change} TRIGGER sales_days_${name}`).execute(db);
}

/**
 * The lines' VAT rates and amounts, refunds for the refunded orders and credit notes for
 * the cancelled ones.
 */
async function fillRefunds(db: Db) {
  console.log('\nReports: pricing the generated orders and writing their refunds…');
  const [, fillMs] = await timed(async () => {
    await salesTriggers(db, 'DISABLE');
    // The orders' sales columns (migration 035) come from their snapshots as generated:
    // the same columns are summed whatever they hold, so the work timed is a real
    // report's. (Rewriting 200,000 snapshots with fuller prices took longer than the rest
    // of the bench on a busy machine, for no difference in what is read.)
    // One line in ten at 5%, the rest at 20%; each line's VAT within its total.
    await sql`
      UPDATE order_items SET
        tax_rate_bp = CASE WHEN id % 10 = 0 THEN 500 ELSE 2000 END,
        tax_amount = CASE WHEN id % 10 = 0 THEN round(total_price * 500 / 10500.0)
                          ELSE round(total_price * 2000 / 12000.0) END
    `.execute(db);
    // Refunds for the refunded orders (their lines, a day later), completed.
    await sql`
      WITH made AS (
        INSERT INTO refunds (order_id, credit_note_number, amount, items_amount, tax_amount,
                             destination, reason, created_at)
        SELECT o.id, 'CN-B' || o.id, i.total_price, i.total_price, i.tax_amount, 'payment',
               'Bench', o.paid_at + interval '1 day'
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.status = 'refunded' AND i.total_price > 0
        RETURNING id, order_id
      )
      INSERT INTO refund_items (refund_id, order_item_id, quantity, amount, tax_amount)
      SELECT made.id, i.id, i.quantity, i.total_price, i.tax_amount
      FROM made JOIN order_items i ON i.order_id = made.order_id
    `.execute(db);
    // Every cancelled paid order has its credit note (ADR 078), as the shop writes it: the
    // cancellation's own SQL function (credit_cancelled_order, migration 045), through the
    // backfill that calls it for each cancelled order without one, oldest first. Each was
    // cancelled two hours after it was paid, so its credit note falls on a real day too.
    await sql`
      UPDATE orders SET cancelled_at = paid_at + interval '2 hours', reversal_kind = 'refund'
      WHERE status = 'cancelled' AND cancelled_at IS NULL
    `.execute(db);
    const { rows: credited } = await sql<{ issued: number }>`
      SELECT credit_cancelled_orders() AS issued
    `.execute(db);
    console.log(`  ${credited[0]!.issued} credit notes for the cancelled orders`);
    await sql`VACUUM ANALYZE orders`.execute(db);
    await sql`VACUUM ANALYZE order_items`.execute(db);
    await sql`VACUUM ANALYZE refunds`.execute(db);
    await sql`VACUUM ANALYZE refund_items`.execute(db);
  });
  console.log(`  done in ${(fillMs / 1000).toFixed(1)} s`);
  // The summary by day (migration 037) from scratch, as its migration's backfill does.
  await salesTriggers(db, 'ENABLE');
  const [, rebuildMs] = await timed(() => sql`SELECT sales_days_rebuild()`.execute(db));
  await sql`VACUUM ANALYZE sales_days`.execute(db);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM sales_days`.execute(db);
  console.log(
    `  summary by day rebuilt in ${(rebuildMs / 1000).toFixed(1)} s (${rows[0]!.n} rows)`,
  );
}

export async function benchReports(db: Db, orders: number): Promise<string[]> {
  const made = await db
    .selectFrom('refunds')
    .select('id')
    .where('reason', '=', 'Bench')
    .limit(1)
    .executeTakeFirst();
  if (!made) await fillRefunds(db);

  const service = reportsService({ repository: reportsRepository(db) });
  const today = ukDayOf(new Date());
  const all = daysBefore(today, Math.ceil(orders / 1440) + 1);
  const year = daysBefore(today, 364);
  const queries: [string, () => Promise<unknown>][] = [
    [
      'sales by day, 30 days',
      () => service.sales({ from: daysBefore(today, 29), to: today, group: 'day' }),
    ],
    [
      `sales by day, every order (${all} on)`,
      () => service.sales({ from: all, to: today, group: 'day' }),
    ],
    ['sales by week, a year', () => service.sales({ from: year, to: today, group: 'week' })],
    ['sales by month, a year', () => service.sales({ from: year, to: today, group: 'month' })],
    [
      'best sellers, 30 days',
      () => service.bestSellers({ from: daysBefore(today, 29), to: today }),
    ],
    ['best sellers, a year', () => service.bestSellers({ from: year, to: today })],
    ['stock value', () => service.stockValue()],
    ['sales CSV by day, a year', () => service.salesCsv({ from: year, to: today, group: 'day' })],
  ];

  const rows: string[][] = [];
  const misses: string[] = [];
  for (const [label, work] of queries) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const [, ms] = await timed(work);
      if (i >= WARMUP) times.push(ms);
    }
    const p95 = quantile(times, 0.95);
    const ok = p95 <= TARGET_P95_MS;
    if (!ok) misses.push(label);
    rows.push([label, quantile(times, 0.5).toFixed(1), p95.toFixed(1), ok ? 'ok' : 'MISSED']);
  }
  console.log(`\nReports over ${orders} orders on PostgreSQL, ${RUNS} runs each, ms:\n`);
  printColumns(['report', 'median', 'p95', `p95 ≤ ${TARGET_P95_MS}`], rows, [0, 3]);
  console.log(
    misses.length
      ? `\n${misses.length} reports missed the target: ${misses.join(', ')}`
      : '\nEvery report met the target.',
  );
  return misses;
}
