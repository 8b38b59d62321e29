/**
 * `npm run bench:orders`: one shopper's complete checkout over HTTP, then many at once.
 *
 * Targets, each a child process on its own free port of 127.0.0.1, measured one at a time:
 *   pglite    the shop (src/server/main.ts, as in production) on PGlite in a fresh DATA_DIR;
 *   postgres  the shop on a throw-away PostgreSQL database (created here, dropped at the
 *             end; skipped with a note when PostgreSQL cannot be reached);
 *   bare      bench/orders/bare-server.ts, a bare node:http server answering each step with
 *             the JSON the shop answered, as the baseline the ratios are taken against.
 * Each shop database is migrated and seeded with the demo data here first, and the two
 * products the shoppers buy get a million in stock, so no checkout can run out.
 *
 * A checkout, with the basket cookie the shop sets, as a browser would:
 *   create basket  POST /api/v1/basket (first product; no cookie yet: the shop makes one)
 *   add item       POST /api/v1/basket (second product)
 *   details        PUT  /api/v1/basket/details (email, delivery and billing address)
 *   GET basket     GET  /api/v1/basket (the delivery options offered)
 *   delivery       PUT  /api/v1/basket/delivery (the first option)
 *   order          POST /api/v1/basket/order, paid with Braintree's fake 3-D Secure nonce
 *                  (the shop's gateway in test mode accepts it as the sandbox does)
 * The shop runs with SQL_STATEMENTS_HEADER=true, so each reply says how many SQL
 * statements its request sent (ADR 022); the median per step is printed.
 *
 * Phases: BENCH_CHECKOUTS checkouts one at a time (median and p99 of each step and of the
 * whole checkout); then BENCH_ORDER_SECONDS of 1, 8 and 32 shoppers at once, each going
 * through checkouts back to back, each in its own basket (orders per second, p99 of the
 * whole checkout, errors). Settings (environment): BENCH_CHECKOUTS (default 100),
 * BENCH_ORDER_SECONDS (default 5), BENCH_SHOPPERS (comma-separated, default 1,8,32),
 * BENCH_PG_URL (administrative PostgreSQL URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SHOP_NODE_ARGS (extra node arguments for the shop, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile it), BENCH_COUNT_STATEMENTS=false (the shop
 * without SQL_STATEMENTS_HEADER, to check counting costs nothing measurable).
 *
 * Also printed: the CPU time per checkout of the server process and (PostgreSQL) of the
 * database's backends, read from /proc: a busy machine inflates wall-clock latency with
 * waiting for a core, CPU time much less.
 *
 * The machine's cores are shared by this client, the shop and PostgreSQL, so absolute
 * numbers say little; the ratio to the bare server on the same run is what to compare.
 * Results are also written to bench/orders/last-run.json.out.
 *
 * Each shop's run ends with a check (bench/orders/invoices.ts, ADR 071): every paid order
 * has its VAT invoice, each invoice's totals equal its order's and its lines', and the
 * invoice numbers run from 1 without a gap; a miss fails the run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import {
  describeInvoiceCheck,
  invoicesReconcile,
  reconcileInvoices,
  type InvoiceCheck,
} from './invoices.ts';
import { CHECKOUT_STATEMENT_BUDGET } from '../../src/server/db/statement-budget.ts';
import {
  checkout,
  prepareDatabase,
  STEPS,
  StepError,
  total,
  type Checkout,
  type Step,
} from '../lib/checkout.ts';
import {
  cpuTimes,
  errorMessage,
  freePort,
  HOST,
  numberSetting,
  onCleanUp,
  oneRowUpdate,
  PG_ADMIN_URL,
  printColumns,
  quantile,
  runBenchmark,
  type RunningServer,
  startServer,
  startShop,
  throwAwayDatabase,
  timed,
  watchdog,
  writeResults,
} from '../lib/harness.ts';

const RESULTS_FILE = join(import.meta.dirname, 'last-run.json.out');

const CHECKOUTS = Math.round(numberSetting('BENCH_CHECKOUTS', 100, 5, 10_000));
const CHECKOUT_WARMUP = Math.min(20, Math.ceil(CHECKOUTS / 5));
const ORDER_SECONDS = numberSetting('BENCH_ORDER_SECONDS', 5, 1, 300);
const SHOPPER_COUNTS = (process.env.BENCH_SHOPPERS || '1,8,32').split(',').map((part) => {
  const count = Number(part.trim());
  if (!Number.isInteger(count) || count < 1 || count > 500) {
    throw new Error(`BENCH_SHOPPERS must be whole numbers from 1 to 500 (got ${part})`);
  }
  return count;
});

/** Whether the shop says each request's statement count (it costs the shop a little CPU). */
const COUNT_STATEMENTS = process.env.BENCH_COUNT_STATEMENTS !== 'false';
const SHOP_NODE_ARGS = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Targets printed beside the figures (issue #10). */
const TARGET_CHECKOUT_MEDIAN_MS = 20;
const TARGET_ORDER_STATEMENTS = CHECKOUT_STATEMENT_BUDGET.order;

type TargetName = 'pglite' | 'postgres' | 'bare';

interface StepFigures {
  p50Ms: number;
  p99Ms: number;
  /** Median statements the step's request sent (null: the server does not say). */
  statements: number | null;
}

interface OneShopper {
  target: TargetName;
  /** Checkouts measured (those that completed). */
  checkouts: number;
  errors: number;
  failures: string[];
  /** PostgreSQL only: one autocommitted one-row UPDATE on the same database (median ms). */
  oneRowUpdateP50Ms?: number;
  /** CPU time per checkout (ms) of the server, and of PostgreSQL's backends; null: unknown. */
  cpuPerCheckoutMs: { server: number; database: number | null } | null;
  steps: Partial<Record<Step | 'checkout', StepFigures>>;
}

interface Crowd {
  target: TargetName;
  shoppers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  checkoutP50Ms: number;
  checkoutP99Ms: number;
  errors: number;
  /** A few failures, for diagnosis. */
  failures: string[];
  ratioToBare: number | null;
}

// ---------------------------------------------------------------------------
// Phases.

interface Fixture {
  productIds: [number, number];
  /** Whether the shop has the order endpoint (it answered something but 404 route-not-found). */
  withOrder: boolean;
  /** One checkout's answers, for the bare server. */
  bodies: Checkout['bodies'];
}

/** The one-at-a-time phase. */
async function oneShopper(
  target: TargetName,
  origin: string,
  fixture: Fixture,
  cpu: CpuMeter,
): Promise<OneShopper> {
  process.stdout.write(`  one shopper   ${CHECKOUTS} checkouts one at a time… `);
  const runs: Checkout[] = [];
  const failures: string[] = [];
  let errors = 0;
  let cpuBefore: CpuSample | null = null;
  for (let i = 0; i < CHECKOUTS + CHECKOUT_WARMUP; i++) {
    if (i === CHECKOUT_WARMUP) cpuBefore = await cpu();
    try {
      const run = await checkout(origin, fixture.productIds, i, { withOrder: fixture.withOrder });
      if (i >= CHECKOUT_WARMUP) runs.push(run);
    } catch (error) {
      errors += 1;
      if (failures.length < 5) failures.push(errorMessage(error));
    }
  }
  const cpuAfter = await cpu();
  if (runs.length === 0) throw new Error(`Every checkout failed: ${failures.join('; ')}`);
  const cpuPerCheckoutMs = cpuBefore ? cpuUsed(cpuBefore, cpuAfter, CHECKOUTS) : null;
  const steps: OneShopper['steps'] = {};
  for (const step of STEPS) {
    const times = runs.flatMap((run) => (run.ms[step] === undefined ? [] : [run.ms[step]]));
    if (times.length === 0) continue;
    const counts = runs.flatMap((run) => {
      const count = run.statements[step];
      return typeof count === 'number' ? [count] : [];
    });
    steps[step] = {
      p50Ms: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      statements: counts.length ? quantile(counts, 0.5) : null,
    };
  }
  const totals = runs.map(total);
  const statementTotals = runs.map((run) =>
    Object.values(run.statements).reduce<number | null>(
      (sum, count) => (sum === null || count === null || count === undefined ? null : sum + count),
      0,
    ),
  );
  const counted = statementTotals.filter((count): count is number => count !== null);
  steps.checkout = {
    p50Ms: quantile(totals, 0.5),
    p99Ms: quantile(totals, 0.99),
    statements: counted.length === runs.length ? quantile(counted, 0.5) : null,
  };
  console.log(`checkout median ${steps.checkout.p50Ms} ms` + (errors ? `, ${errors} errors` : ''));
  for (const failure of failures) console.log(`    failed: ${failure}`);
  return { target, checkouts: runs.length, errors, failures, cpuPerCheckoutMs, steps };
}

/** `shoppers` at once for ORDER_SECONDS, each doing checkouts back to back. */
async function crowd(
  target: TargetName,
  origin: string,
  fixture: Fixture,
  shoppers: number,
  offset: number,
): Promise<Crowd> {
  process.stdout.write(`  ${String(shoppers).padStart(2)} shopper(s) ${ORDER_SECONDS} s… `);
  const times: number[] = [];
  const failures: string[] = [];
  let errors = 0;
  let next = offset;
  const started = performance.now();
  const deadline = started + ORDER_SECONDS * 1000;
  const shopper = async () => {
    while (performance.now() < deadline) {
      const index = next++;
      const [outcome, ms] = await timed(() =>
        checkout(origin, fixture.productIds, index, { withOrder: fixture.withOrder }).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      if (outcome === null) {
        times.push(ms);
      } else {
        errors += 1;
        if (failures.length < 5) failures.push(errorMessage(outcome));
      }
    }
  };
  await Promise.all(Array.from({ length: shoppers }, shopper));
  const seconds = (performance.now() - started) / 1000;
  const measured: Crowd = {
    target,
    shoppers,
    seconds: Math.round(seconds * 100) / 100,
    orders: times.length,
    ordersPerSecond: times.length / seconds,
    checkoutP50Ms: quantile(times, 0.5),
    checkoutP99Ms: quantile(times, 0.99),
    errors,
    failures,
    ratioToBare: null,
  };
  console.log(
    `${measured.ordersPerSecond.toFixed(1)} checkouts/s, p99 ${measured.checkoutP99Ms} ms` +
      (errors ? `, ${errors} errors` : ''),
  );
  for (const failure of failures) console.log(`    failed: ${failure}`);
  return measured;
}

type CpuSample = { server: number | null; database: Map<number, number> | null };
type CpuMeter = () => Promise<CpuSample>;

/** Samples the CPU time the server and (PostgreSQL) the database's backends have used. */
function cpuMeter(serverPid: number, databaseBackends?: () => Promise<number[]>): CpuMeter {
  return async () => ({
    server: (await cpuTimes([serverPid])).get(serverPid) ?? null,
    database: databaseBackends ? await cpuTimes(await databaseBackends()) : null,
  });
}

/** CPU ms per checkout between two samples; backends born between count from zero. */
function cpuUsed(
  before: CpuSample,
  after: CpuSample,
  checkouts: number,
): OneShopper['cpuPerCheckoutMs'] {
  if (before.server === null || after.server === null) return null;
  let database: number | null = null;
  if (before.database && after.database) {
    database = 0;
    for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
  }
  const per = (ms: number) => Math.round((ms / checkouts) * 100) / 100;
  return {
    server: per(after.server - before.server),
    database: database === null ? null : per(database),
  };
}

async function measure(
  target: TargetName,
  server: RunningServer,
  fixture: Fixture,
  results: { one: OneShopper[]; crowds: Crowd[] },
  postgres?: { url: string; backends: () => Promise<number[]> },
): Promise<void> {
  const cpu = cpuMeter(server.pid, postgres?.backends);
  const one = await oneShopper(target, server.origin, fixture, cpu);
  // Right after the checkouts it is compared with, so both see the same load.
  if (postgres)
    one.oneRowUpdateP50Ms = await oneRowUpdate(postgres.url, CHECKOUTS, CHECKOUT_WARMUP);
  results.one.push(one);
  let offset = 1_000_000;
  for (const shoppers of SHOPPER_COUNTS) {
    results.crowds.push(await crowd(target, server.origin, fixture, shoppers, offset));
    offset += 1_000_000;
  }
  const lines = server.lineCount();
  if (lines > 0) {
    console.log(`  The ${server.name} server wrote ${lines} log line(s); the last ones:`);
    for (const line of server.output.slice(-5)) console.log(`    ${line}`);
  }
}

// ---------------------------------------------------------------------------
// Databases and targets.

/**
 * One checkout with its order; when the shop has no order endpoint yet (404 not_found,
 * the answer for an unknown route), one without, and the other steps are measured.
 */
async function prepareFixture(origin: string, productIds: [number, number]): Promise<Fixture> {
  try {
    const run = await checkout(origin, productIds, 0, { withOrder: true });
    return { productIds, withOrder: true, bodies: run.bodies };
  } catch (error) {
    const missing =
      error instanceof StepError &&
      error.step === 'order' &&
      error.status === 404 &&
      error.text.includes('"not_found"');
    if (!missing) throw error;
    console.log('  (this shop has no POST /api/v1/basket/order: measuring the other steps)');
  }
  const run = await checkout(origin, productIds, 1, { withOrder: false });
  return { productIds, withOrder: false, bodies: run.bodies };
}

async function benchShop(
  target: 'pglite' | 'postgres',
  database: { DATA_DIR: string } | { DATABASE_URL: string },
  productIds: [number, number],
  results: { one: OneShopper[]; crowds: Crowd[] },
  databaseBackends?: () => Promise<number[]>,
): Promise<Fixture> {
  const postgres =
    'DATABASE_URL' in database && databaseBackends
      ? { url: database.DATABASE_URL, backends: databaseBackends }
      : undefined;
  const server = await startShop(target, database, {
    env: { SQL_STATEMENTS_HEADER: String(COUNT_STATEMENTS) },
    nodeArgs: SHOP_NODE_ARGS,
  });
  try {
    const fixture = await prepareFixture(server.origin, productIds);
    await measure(target, server, fixture, results, postgres);
    return fixture;
  } finally {
    await server.stop();
  }
}

/** The results of every target; `invoices`: each shop's reconciliation (ADR 071). */
interface Results {
  one: OneShopper[];
  crowds: Crowd[];
  invoices: InvoiceCheck[];
}

async function benchPglite(results: Results): Promise<Fixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'everbloom-bench-orders-'));
  onCleanUp(() => rm(dataDir, { recursive: true, force: true }));
  console.log(`pglite: preparing the database in ${dataDir} and starting the shop`);
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  let productIds: [number, number];
  try {
    productIds = await prepareDatabase(handle);
  } finally {
    await handle.close();
  }
  const fixture = await benchShop('pglite', { DATA_DIR: dataDir }, productIds, results);
  // The shop has stopped: its data folder is free to open.
  const after = await openDatabase({ kind: 'pglite', dataDir });
  try {
    results.invoices.push(await reconcileInvoices('pglite', after));
  } finally {
    await after.close();
  }
  return fixture;
}

async function benchPostgres(results: Results): Promise<string | null> {
  const database = await throwAwayDatabase();
  if (typeof database === 'string') return database;
  try {
    console.log(`postgres: preparing database ${database.name} and starting the shop`);
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    let productIds: [number, number];
    try {
      productIds = await prepareDatabase(handle);
    } finally {
      await handle.close();
    }
    // The shop's connections' server processes, for their CPU time.
    const observer = new pg.Client({ connectionString: PG_ADMIN_URL });
    await observer.connect();
    try {
      const backends = async () =>
        (
          await observer.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [database.name],
          )
        ).rows.map((row) => row.pid);
      await benchShop('postgres', { DATABASE_URL: database.url }, productIds, results, backends);
    } finally {
      await observer.end();
    }
    const after = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    try {
      results.invoices.push(await reconcileInvoices('postgres', after));
    } finally {
      await after.close();
    }
  } finally {
    await database.drop();
  }
  return null;
}

async function benchBare(
  fixture: Fixture,
  results: { one: OneShopper[]; crowds: Crowd[] },
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'everbloom-bench-orders-bare-'));
  onCleanUp(() => rm(dir, { recursive: true, force: true }));
  const bodiesFile = join(dir, 'bodies.json');
  await writeFile(bodiesFile, JSON.stringify(fixture.bodies));
  const port = await freePort();
  console.log('bare: starting the bare node:http server');
  const server = await startServer(
    'bare',
    'bench/orders/bare-server.ts',
    { BARE_PORT: String(port), BARE_HOST: HOST, BARE_BODIES_FILE: bodiesFile },
    port,
  );
  try {
    await measure('bare', server, fixture, results);
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------
// Report.

function printOneShopper(one: OneShopper[]) {
  const bare = one.find((o) => o.target === 'bare');
  for (const o of one.filter((x) => x.target !== 'bare')) {
    console.log(
      `\nOne shopper on ${o.target}, ${o.checkouts} checkouts` +
        (o.errors ? ` (${o.errors} failed)` : '') +
        ': median (p99) per step, SQL statements, vs bare' +
        (o.oneRowUpdateP50Ms === undefined
          ? ''
          : ` and vs a one-row UPDATE on the same database (${o.oneRowUpdateP50Ms} ms)`),
    );
    for (const step of [...STEPS, 'checkout'] as const) {
      const figures = o.steps[step];
      if (!figures) continue;
      const base = bare?.steps[step];
      const ratios: string[] = [];
      if (base && base.p50Ms > 0) ratios.push(`${(figures.p50Ms / base.p50Ms).toFixed(1)}× bare`);
      if (o.oneRowUpdateP50Ms) {
        ratios.push(`${(figures.p50Ms / o.oneRowUpdateP50Ms).toFixed(1)}× UPDATE`);
      }
      const ratio = ratios.join(', ');
      const statements =
        figures.statements === null ? '' : `${figures.statements} statement(s)`.padEnd(16);
      console.log(
        `  ${step.padEnd(13)} ${figures.p50Ms.toFixed(2).padStart(7)} ms (${figures.p99Ms
          .toFixed(2)
          .padStart(7)} ms)  ${statements}  ${ratio}`.trimEnd(),
      );
    }
  }
  if (bare?.steps.checkout) {
    console.log(
      `\nbare node:http: checkout median ${bare.steps.checkout.p50Ms} ms (p99 ${bare.steps.checkout.p99Ms} ms)`,
    );
  }
  console.log('\nCPU time per checkout (one shopper; what a busy machine changes least):');
  const bareCpu = bare?.cpuPerCheckoutMs?.server ?? null;
  for (const o of one) {
    const cpu = o.cpuPerCheckoutMs;
    if (!cpu) {
      console.log(`  ${o.target.padEnd(9)} not measured (needs Linux /proc)`);
      continue;
    }
    const parts = [`server ${cpu.server.toFixed(2)} ms`];
    if (cpu.database !== null) parts.push(`PostgreSQL ${cpu.database.toFixed(2)} ms`);
    const all = cpu.server + (cpu.database ?? 0);
    const ratio = o.target !== 'bare' && bareCpu ? `, ${(all / bareCpu).toFixed(1)}× bare` : '';
    console.log(`  ${o.target.padEnd(9)} ${parts.join(' + ')}${ratio}`);
  }
}

function printCrowds(crowds: Crowd[]) {
  console.log('\nShoppers at once (checkouts/s = orders/s; p99 of the whole checkout):');
  const rows = crowds.map((c) => [
    String(c.shoppers),
    c.target,
    `${c.ordersPerSecond.toFixed(1)}/s`,
    `p50 ${c.checkoutP50Ms} ms`,
    `p99 ${c.checkoutP99Ms} ms`,
    `${c.errors} errors`,
    c.ratioToBare === null ? '' : `${c.ratioToBare.toFixed(2)}× bare`,
  ]);
  const header = ['shoppers', 'target', 'orders/s', 'median', 'p99', 'errors', 'vs bare'];
  printColumns(header, rows, [1]);
}

function printTargets(one: OneShopper[], crowds: Crowd[], withOrder: boolean) {
  const verdict = (met: boolean | null) =>
    met === null ? 'not measured' : met ? 'met' : 'NOT met';
  const postgres = one.find((o) => o.target === 'postgres');
  const checkoutMs = postgres?.steps.checkout?.p50Ms ?? null;
  const orderStatements = one
    .filter((o) => o.target !== 'bare')
    .map((o) => o.steps.order?.statements)
    .filter((count): count is number => typeof count === 'number');
  const most = crowds.filter(
    (c) => c.target !== 'bare' && c.shoppers === Math.max(...SHOPPER_COUNTS),
  );
  console.log('\nTargets:');
  console.log(
    `  complete checkout median ≤ ${TARGET_CHECKOUT_MEDIAN_MS} ms (PostgreSQL, one shopper): ` +
      (checkoutMs === null
        ? 'not measured'
        : `${checkoutMs} ms, ${verdict(checkoutMs <= TARGET_CHECKOUT_MEDIAN_MS && withOrder)}` +
          (withOrder ? '' : ' (without the order step)')),
  );
  console.log(
    `  order creation ≤ ${TARGET_ORDER_STATEMENTS} statements: ` +
      (orderStatements.length === 0
        ? 'not measured'
        : `${orderStatements.join(' / ')}, ${verdict(orderStatements.every((n) => n <= TARGET_ORDER_STATEMENTS))}`),
  );
  console.log(
    `  no errors at ${Math.max(...SHOPPER_COUNTS)} shoppers: ` +
      (most.length === 0
        ? 'not measured'
        : `${most.map((c) => `${c.target} ${c.errors}`).join(', ')}, ${verdict(most.every((c) => c.errors === 0))}`),
  );
}

/** The 1, 5 and 15-minute load averages: how busy the machine was besides this run. */
function load(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

async function main() {
  const startedAt = new Date();
  console.log(
    `Order benchmark: ${CHECKOUTS} checkouts one at a time, then ${SHOPPER_COUNTS.join(', ')} ` +
      `shoppers for ${ORDER_SECONDS} s each; ${cpus().length} CPU core(s) shared by this client, ` +
      `the servers and PostgreSQL; Node ${process.version}; load average ${load()}\n`,
  );
  const results: Results = { one: [], crowds: [], invoices: [] };
  const notes: string[] = [];

  const fixture = await benchPglite(results);
  const skipped = await benchPostgres(results);
  if (skipped) {
    notes.push(`postgres skipped: ${skipped}`);
    console.log(`postgres: skipped, ${skipped}`);
  }
  await benchBare(fixture, results);

  for (const c of results.crowds) {
    const bare = results.crowds.find((b) => b.target === 'bare' && b.shoppers === c.shoppers);
    if (bare && bare.ordersPerSecond > 0 && c.target !== 'bare') {
      c.ratioToBare = c.ordersPerSecond / bare.ordersPerSecond;
    }
  }
  const order = ['pglite', 'postgres', 'bare'];
  results.crowds.sort(
    (a, b) => a.shoppers - b.shoppers || order.indexOf(a.target) - order.indexOf(b.target),
  );

  printOneShopper(results.one);
  printCrowds(results.crowds);
  printTargets(results.one, results.crowds, fixture.withOrder);
  console.log('\nEvery paid order’s VAT invoice reconciles to its order (ADR 071):');
  for (const check of results.invoices) console.log(describeInvoiceCheck(check));
  if (!fixture.withOrder) {
    notes.push('the shop has no POST /api/v1/basket/order yet: checkouts stop at delivery');
  }
  for (const note of notes) console.log(`Note: ${note}`);
  console.log(`Load average at the end: ${load()} (other processes share the cores)`);

  await writeResults(RESULTS_FILE, startedAt, {
    loadAverageAtEnd: loadavg(),
    settings: { checkouts: CHECKOUTS, orderSeconds: ORDER_SECONDS, shoppers: SHOPPER_COUNTS },
    notes,
    withOrder: fixture.withOrder,
    oneShopper: results.one,
    crowds: results.crowds,
    invoices: results.invoices,
  });
  if ([...results.crowds, ...results.one].some((r) => r.errors > 0)) process.exitCode = 1;
  if (!results.invoices.every(invoicesReconcile)) process.exitCode = 1;
}

// A bound on the whole run, whatever happens.
watchdog(3 * (SHOPPER_COUNTS.length * (ORDER_SECONDS + 30) + CHECKOUTS * 2 + 150) * 1000);

await runBenchmark(main);
