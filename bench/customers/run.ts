/**
 * Finding customers on a large shop (issue 22, ADR 066), on the embedded engine (PGlite,
 * in memory) and on PostgreSQL (a throw-away database at BENCH_PG_URL / TEST_DATABASE_URL,
 * else the local server; BENCH_CUSTOMER_ENGINES=pglite or =postgres runs one): migrated
 * and seeded, then filled with
 * BENCH_CUSTOMERS accounts (50,000) with a saved address each and BENCH_CUSTOMER_ORDERS
 * orders (200,000; half on accounts, half guests) with delivery names and postcodes,
 * generated in INSERT … SELECT generate_series and ANALYZEd. Each search is timed
 * BENCH_CUSTOMER_RUNS times through the service the route calls and printed as median
 * and p95, and as a ratio to a primary-key lookup of the same run (target p95 ≤ 50 ms,
 * the back office's other searches' target). Figures only: `node --import tsx bench/customers/run.ts`.
 */
import { sql } from 'kysely';
import { salesTriggers } from '../admin/reports.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { customersRepository } from '../../src/server/modules/customers/customers.repository.ts';
import { customersService } from '../../src/server/modules/customers/customers.service.ts';
import {
  formatNumber,
  numberSetting,
  printColumns,
  quantile,
  runBenchmark,
  throwAwayDatabase,
  timed,
} from '../lib/harness.ts';

const CUSTOMERS = numberSetting('BENCH_CUSTOMERS', 50_000, 1_000, 2_000_000);
const ORDERS = numberSetting('BENCH_CUSTOMER_ORDERS', 200_000, 1_000, 5_000_000);
const RUNS = numberSetting('BENCH_CUSTOMER_RUNS', 50, 5, 10_000);
/** `pglite`, `postgres` or both (the default), comma-separated. */
const ENGINES = (process.env.BENCH_CUSTOMER_ENGINES ?? 'pglite,postgres').split(',');
const TARGET_P95_MS = 50;
const KEPT_DB = process.env.BENCH_CUSTOMER_DB ?? '';

const FIRST = ['Ada', 'Grace', 'Alan', 'Mary', 'Tom', 'Priya', 'Chen', 'Fatima', 'Owen', 'Isla'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Smith', 'Jones', 'Patel', 'Wong', 'Khan', 'Evans'];
const AREAS = ['SW1A', 'EH1', 'M1', 'B3', 'LS2', 'CF10', 'BS1', 'G2', 'NE1', 'OX1'];

const pick = (values: string[], stride: number) =>
  sql.raw(
    `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])[1 + (g * ${stride}) % ${values.length}]`,
  );

async function main() {
  for (const engine of ENGINES) {
    if (engine === 'pglite') {
      await benchOn('PGlite (in memory)', await openDatabase({ kind: 'pglite' }));
      continue;
    }
    // BENCH_CUSTOMER_DB: an empty database of your own, filled and kept (for EXPLAIN).
    const database = KEPT_DB ? { url: KEPT_DB, drop: async () => {} } : await throwAwayDatabase();
    if (typeof database === 'string') {
      console.log(`PostgreSQL skipped: ${database}`);
      continue;
    }
    await benchOn(
      'PostgreSQL',
      await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }),
    );
    await database.drop();
  }
}

/** The customers, their addresses and the orders (one statement each), ANALYZEd. */
async function fill(db: DatabaseHandle['db']) {
  const started = Date.now();
  await sql`
    INSERT INTO users (email_address, password_hash, first_name, last_name)
    SELECT 'customer' || g || '@example.com', 'x', ${pick(FIRST, 7)}, ${pick(LAST, 3)} || g
    FROM generate_series(1, ${CUSTOMERS}) AS g`.execute(db);
  await sql`
    INSERT INTO user_addresses (user_id, address)
    SELECT u.id, jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name,
      'postcode', ${pick(AREAS, 1)} || ' ' || (g % 10) || 'A' || chr(65 + g % 26))
    FROM (SELECT id, first_name, last_name, (row_number() OVER (ORDER BY id))::int AS g FROM users) u`.execute(
    db,
  );
  // The sales summary's triggers (migration 037) are off for the one-statement fill (all
  // of it on one day: the same rows updated 200,000 times in one statement) and it is
  // rebuilt once after.
  await salesTriggers(db, 'DISABLE');
  await sql`
    INSERT INTO orders (public_id, order_number, user_id, email_address, status, amount, snapshot)
    SELECT gen_random_uuid(), 'EB-B' || lpad(g::text, 8, '0'),
      CASE WHEN g % 2 = 0 THEN (SELECT min(id) FROM users) + (g % ${CUSTOMERS}) END,
      CASE WHEN g % 2 = 0 THEN 'customer' || (g % ${CUSTOMERS} + 1) || '@example.com'
           ELSE 'guest' || g || '@example.com' END,
      'dispatched', 2599,
      jsonb_build_object('items', '[]'::jsonb, 'delivery_address', jsonb_build_object(
        'full_name', ${pick(FIRST, 5)} || ' ' || ${pick(LAST, 11)},
        'postcode', ${pick(AREAS, 13)} || ' ' || (g % 10) || 'B' || chr(65 + g % 26),
        'country_code', 'GBR'))
    FROM generate_series(1, ${ORDERS}) AS g`.execute(db);
  await salesTriggers(db, 'ENABLE');
  await sql`SELECT sales_days_rebuild()`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(
    `${formatNumber(CUSTOMERS)} customers, ${formatNumber(ORDERS)} orders in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

async function benchOn(engine: string, handle: DatabaseHandle) {
  console.log(`\n${engine}:`);
  const { db } = handle;
  await migrate(handle);
  await seedDemoData(db);
  const { present } = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('present'))
    .executeTakeFirstOrThrow();
  if (Number(present) >= CUSTOMERS) console.log(`Reusing the ${present} customers there`);
  else await fill(db);
  const service = customersService({ db, customers: customersRepository(db) });
  const measure = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const [, ms] = await timed(work);
      if (run >= 3) times.push(ms);
    }
    return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
  };
  // The machine's own speed in the same run: a primary-key lookup.
  const someone = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const pk = await measure(() =>
    db.selectFrom('users').select(['id', 'email_address']).where('id', '=', someone.id).execute(),
  );
  const queries: [string, string | undefined][] = [
    ['newest first (no search)', undefined],
    ['a whole email', 'customer31337@example.com'],
    ['part of an email', 'customer3133'],
    ['a name', 'wong31337'],
    ['a saved postcode', 'G2 7AH'],
    ['an order’s postcode, no space', 'M14BE'],
    ['nothing matches', 'Turing31337'],
    ['a common fragment', 'lovelace'],
  ];
  const rows: string[][] = [
    ['primary-key lookup', '1', pk.median.toFixed(2), pk.p95.toFixed(2), '1.0', ''],
  ];
  for (const [label, q] of queries) {
    const found = (await service.list(q ? { q } : {})).customers.length;
    const figure = await measure(() => service.list(q ? { q } : {}));
    rows.push([
      label,
      String(found),
      figure.median.toFixed(2),
      figure.p95.toFixed(2),
      (figure.median / Math.max(pk.median, 0.01)).toFixed(1),
      figure.p95 <= TARGET_P95_MS ? 'ok' : 'MISSED',
    ]);
  }
  printColumns(
    ['search', 'rows', 'median ms', 'p95 ms', '× pk', `p95 ≤ ${TARGET_P95_MS}`],
    rows,
    [0, 5],
  );
  await handle.close();
}

await runBenchmark(main);
