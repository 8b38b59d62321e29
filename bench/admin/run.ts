/**
 * The back office's order search on a large shop (issue #20, ADR 054): a throw-away
 * PostgreSQL database (at BENCH_PG_URL / TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), migrated and seeded, then filled with
 * BENCH_ADMIN_ORDERS generated orders (200,000) in one INSERT … SELECT generate_series —
 * realistic emails, names, postcodes, statuses and a snapshot with a delivery address
 * and lines, so the lines trigger writes order_items as a real order does — and
 * ANALYZEd. Each query is then timed BENCH_ADMIN_RUNS times (after warm-up) through
 * the same service the route calls, and printed as median and p95, and as a ratio to a
 * primary-key lookup timed in the same run. Target: p95 ≤ 50 ms for every query.
 * Then the products (bench/admin/products.ts): BENCH_ADMIN_FAMILIES generated families
 * (20,000), the list and the edit page and edits, p95 ≤ 50 ms. BENCH_ADMIN_ONLY=orders or
 * =products runs one of the two; =csv only the products' CSV import (the families filled
 * or reused, then the dry run, the import and the same file again). Figures only, no assertions: `npm run bench:admin`.
 */
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { benchProducts } from './products.ts';
import { adminOrdersService } from '../../src/server/modules/admin-orders/admin-orders.service.ts';
import { benchReports, salesTriggers } from './reports.ts';
import type { OrderListQuery } from '../../src/domain/schemas/admin-orders.ts';
import {
  formatNumber,
  numberSetting,
  printColumns,
  quantile,
  runBenchmark,
  throwAwayDatabase,
  timed,
} from '../lib/harness.ts';

const ORDERS = numberSetting('BENCH_ADMIN_ORDERS', 200_000, 1_000, 5_000_000);
const RUNS = numberSetting('BENCH_ADMIN_RUNS', 200, 10, 10_000);
const FAMILIES = numberSetting('BENCH_ADMIN_FAMILIES', 20_000, 100, 200_000);
const ONLY = process.env.BENCH_ADMIN_ONLY ?? '';
/** A database of your own to fill and keep (for EXPLAIN afterwards); a second run reuses its fill. */
const KEPT_DB = process.env.BENCH_ADMIN_DB ?? '';
const WARMUP = 20;
const TARGET_P95_MS = 50;

const FIRST = ['Ada', 'Grace', 'Alan', 'Mary', 'Tom', 'Priya', 'Chen', 'Fatima', 'Owen', 'Isla'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Smith', 'Jones', 'Patel', 'Wong', 'Khan', 'Evans'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.co.uk', 'btinternet.com', 'icloud.com'];
const AREAS = ['SW1A', 'EH1', 'M1', 'B3', 'LS2', 'CF10', 'BS1', 'G2', 'NE1', 'OX1'];

/** SQL picking from a list by `g` (the generated row's number) and a stride. */
const pick = (values: string[], stride: number) =>
  sql.raw(
    `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])[1 + (g * ${stride}) % ${values.length}]`,
  );

/** The generated orders (one statement) and their lines' dispatches, ANALYZEd. */
async function fillOrders(db: Db, products: { id: number }[]) {
  console.log(`Generating ${formatNumber(ORDERS)} orders…`);
  // Each order's lines are one INSERT, and each INSERT's search trigger adds to the same
  // few families' units sold: in one statement's transaction those rows' dead versions
  // pile up, and the fill slows to ~100 orders a second. The trigger is off for the
  // fill and the figure is set once after it (a shop's orders each commit on their own).
  await sql`ALTER TABLE order_items DISABLE TRIGGER search_order_items_insert`.execute(db);
  // The same for the sales summary's triggers (migration 037): the reports' fill rebuilds
  // it once, after the refunds (bench/admin/reports.ts).
  await salesTriggers(db, 'DISABLE');
  const [, fillMs] = await timed(() =>
    sql`
      INSERT INTO orders (public_id, order_number, email_address, status, amount, snapshot,
                          created_at, updated_at, paid_at)
      SELECT gen_random_uuid(),
             -- A multiplicative hash mod 2^32 is one-to-one: unique, random-looking numbers.
             'EB-' || lpad(upper(to_hex((g::bigint * 2654435761) % 4294967296)), 8, '0'),
             lower(${pick(FIRST, 7)} || '.' || ${pick(LAST, 11)} || g || '@' || ${pick(DOMAINS, 13)}),
             status, 1000 + (g * 37) % 20000, snapshot,
             at, at, CASE WHEN status IN ('pending', 'failed') THEN NULL ELSE at END
      FROM generate_series(1, ${ORDERS}::int) AS g
      CROSS JOIN LATERAL (SELECT
        now() - make_interval(mins => ${ORDERS}::int - g) AS at,
        CASE WHEN g % 100 < 70 THEN 'dispatched' WHEN g % 100 < 80 THEN 'paid'
             WHEN g % 100 < 84 THEN 'partially_dispatched' WHEN g % 100 < 88 THEN 'cancelled'
             WHEN g % 100 < 92 THEN 'refunded' WHEN g % 100 < 95 THEN 'partially_refunded'
             WHEN g % 100 < 98 THEN 'failed' ELSE 'pending' END AS status,
        jsonb_build_object(
          'delivery_address', jsonb_build_object(
            'full_name', ${pick(['Mr', 'Mrs', 'Ms', 'Dr'], 3)} || ' ' || ${pick(FIRST, 7)} || ' ' || ${pick(LAST, 11)},
            'postcode', ${pick(AREAS, 17)} || ' ' || (g % 10) || chr(65 + g % 26) || chr(65 + (g / 26) % 26)),
          'items', jsonb_build_array(jsonb_build_object(
            'id', g, 'name', 'Item', 'quantity', 1 + g % 3,
            -- 1 in 200 orders waits for a pre-ordered unit (paid, not yet sent).
            'preorder_quantity', CASE WHEN g % 200 = 75 THEN 1 ELSE 0 END,
            'product', jsonb_build_object('id', ${products[0]!.id}::int + g % ${products.length}::int,
                                          'sku', 'SKU-' || g % ${products.length}::int),
            'price', jsonb_build_object('amount', 1000),
            'total_price', jsonb_build_object('amount', 1000 * (1 + g % 3))))
        ) AS snapshot) AS o
    `.execute(db),
  );
  // What was sent: dispatched orders' lines, and half of partially dispatched ones'.
  await sql`
    UPDATE order_items i SET dispatched = i.quantity
    FROM orders o WHERE o.id = i.order_id AND o.status = 'dispatched'
  `.execute(db);
  await sql`
    UPDATE order_items i SET dispatched = 1
    FROM orders o WHERE o.id = i.order_id AND o.status = 'partially_dispatched'
  `.execute(db);
  await sql`
    UPDATE order_items i SET refunded = i.quantity
    FROM orders o WHERE o.id = i.order_id AND o.status = 'refunded'
  `.execute(db);
  await sql`ALTER TABLE order_items ENABLE TRIGGER search_order_items_insert`.execute(db);
  await sql`
    UPDATE search_documents d SET units_sold = s.units
    FROM (
      SELECT coalesce(p.parent_id, p.id) AS family_id, sum(i.quantity)::int AS units
      FROM order_items i
      JOIN orders o ON o.id = i.order_id
      JOIN products p ON p.id = i.product_id
      WHERE search_order_sold(o.status) AND NOT i.is_promotion_item
      GROUP BY 1
    ) s
    WHERE d.family_id = s.family_id
  `.execute(db);
  await sql`VACUUM ANALYZE orders`.execute(db);
  await sql`VACUUM ANALYZE order_items`.execute(db);
  console.log(`  filled in ${(fillMs / 1000).toFixed(1)} s`);
}

async function main() {
  const database = KEPT_DB ? { url: KEPT_DB } : await throwAwayDatabase();
  if (typeof database === 'string') {
    console.log(`bench:admin needs PostgreSQL: ${database}`);
    process.exitCode = 1;
    return;
  }
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  try {
    const { db } = handle;
    await migrate(handle);
    const seeded = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (!seeded) await seedDemoData(db);
    if (ONLY === 'products' || ONLY === 'csv') {
      await benchProducts(db, FAMILIES, RUNS, WARMUP, ONLY === 'csv');
      return;
    }
    const products = await db
      .selectFrom('products')
      .select(['id', 'sku', 'name'])
      .orderBy('id')
      .limit(10)
      .execute();

    const { filled } = await db
      .selectFrom('orders')
      .select(sql<string>`count(*)`.as('filled'))
      .executeTakeFirstOrThrow();
    if (Number(filled) >= ORDERS)
      console.log(`Reusing the ${formatNumber(Number(filled))} orders of BENCH_ADMIN_DB`);
    else await fillOrders(db, products);

    const service = adminOrdersService({
      db,
      // Reads only: the writes' collaborators are not called.
      orders: undefined as never,
      history: undefined as never,
      mailer: undefined as never,
      orderLinks: undefined as never,
      publicUrl: 'http://localhost',
    });
    const middle = await db
      .selectFrom('orders')
      .select([
        'id',
        'order_number',
        'email_address',
        sql<string>`snapshot #>> '{delivery_address,postcode}'`.as('postcode'),
      ])
      .orderBy('id', 'desc')
      .offset(Math.floor(ORDERS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = Buffer.from(`o${middle.id}`).toString('base64url');
    const emailFragment = middle.email_address.split('@')[0]!.slice(-9);

    const queries: [string, OrderListQuery][] = [
      ['first page', {}],
      [`deep page (after ~${formatNumber(ORDERS / 2)})`, { cursor: deepCursor }],
      ['status = paid', { status: 'paid' }],
      ['status = pending (rare)', { status: 'pending' }],
      ['order number', { q: middle.order_number }],
      [`email fragment "${emailFragment}"`, { q: emailFragment }],
      ['common fragment "gmail"', { q: 'gmail' }],
      ['name "grace hopper"', { q: 'grace hopper' }],
      [`postcode with space "${middle.postcode}"`, { q: middle.postcode }],
      ['awaiting dispatch', { filter: 'awaiting_dispatch' }],
      ['pre-orders now in stock', { filter: 'preorders_in_stock' }],
    ];

    const measure = async (work: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + WARMUP; i++) {
        const [, ms] = await timed(work);
        if (i >= WARMUP) times.push(ms);
      }
      return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
    };
    const pk = await measure(() =>
      db.selectFrom('orders').select(['id', 'status']).where('id', '=', middle.id).execute(),
    );

    const rows: string[][] = [['primary-key lookup', '1', ms(pk.median), ms(pk.p95), '1.0', '']];
    const misses: string[] = [];
    for (const [label, query] of queries) {
      const found = (await service.list(query)).orders.length;
      const figure = await measure(() => service.list(query));
      const ok = figure.p95 <= TARGET_P95_MS;
      if (!ok) misses.push(label);
      rows.push([
        label,
        String(found),
        ms(figure.median),
        ms(figure.p95),
        (figure.median / Math.max(pk.median, 0.01)).toFixed(1),
        ok ? 'ok' : 'MISSED',
      ]);
    }
    console.log(
      `\n${formatNumber(ORDERS)} orders on PostgreSQL, ${RUNS} runs each (page of 25), ms:\n`,
    );
    printColumns(
      ['query', 'rows', 'median', 'p95', '× pk', `p95 ≤ ${TARGET_P95_MS}`],
      rows,
      [0, 5],
    );
    console.log(
      misses.length
        ? `\n${misses.length} queries missed the target: ${misses.join(', ')}`
        : '\nEvery query met the target.',
    );
    if (ONLY !== 'orders') await benchProducts(db, FAMILIES, RUNS, WARMUP);
    await benchReports(db, ORDERS);
  } finally {
    await handle.close();
  }
}

const ms = (value: number) => value.toFixed(2);

await runBenchmark(main);
