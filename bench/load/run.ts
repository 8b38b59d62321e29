/**
 * `npm run bench:load`: complete checkouts at rising concurrency on PostgreSQL, with one
 * and with two shop processes, beside a bare node:http server.
 *
 * Targets, all running at once and measured in turn at each step of BENCH_LOAD_SHOPPERS
 * (default 1, 2, 4, 8, 16, 32, 64, 128 shoppers at once, BENCH_LOAD_SECONDS (5) each, longer
 * once checkouts get slow, after a short warm-up), so changes in the machine's other load
 * fall on all alike:
 *   bare  bench/orders/bare-server.ts answering each request with the JSON the shop
 *         answered it (captured on this run): the baseline the ratios are taken against;
 *   one   the shop (src/server/main.ts as in production) on a throw-away PostgreSQL
 *         database, one process;
 *   two   two shop processes on that same database, sharing COOKIE_SECRET (which also
 *         keys the test-mode gateway). The load generator itself sends each request of
 *         a checkout to the other process than the one before, with the same cookies:
 *         a balancer without sticky sessions, the hardest case for statelessness, and no
 *         proxy process taking a share of the two cores from the shop it measures;
 *   caddy with --caddy (npm run bench:load:caddy): the same two processes behind Caddy
 *         (deploy/Caddyfile, as `docker compose up` runs it; `caddy` on the PATH or
 *         CADDY_BIN), reached over HTTPS and HTTP/2 with one TLS connection per checkout,
 *         as one browser makes it; Caddy spreads the requests round robin. Its CPU time
 *         is counted with the shops'.
 * The database (BENCH_PG_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres, where it is created and at the end dropped)
 * is migrated and seeded first, and the two products bought get a million in stock.
 *
 * A checkout is bench/lib/checkout.ts's guest journey plus the thank-you page's read:
 * create basket, add item, details, GET basket, delivery, order (test-mode gateway,
 * Braintree's frictionless 3-D Secure nonce), read order (must say paid).
 * Printed per step: orders per second, p50 and p99 of the whole checkout, errors, the
 * shop processes' CPU time per order (from /proc), ratios to bare, and per target the
 * concurrency at which p99 first passes one second. The client, the shop(s) and
 * PostgreSQL share the machine's cores, and other work may too: the load average is
 * printed with each step. Results also go to bench/load/last-run.json.out.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { http2Client, startCaddy, type Http2Client } from '../lib/caddy.ts';
import { checkout, prepareDatabase, type Checkout } from '../lib/checkout.ts';
import {
  cpuTimes,
  errorMessage,
  freePort,
  HOST,
  numberSetting,
  onCleanUp,
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

/** Also measure the two processes behind Caddy (ADR 073). */
const THROUGH_CADDY = process.argv.includes('--caddy') || process.env.BENCH_LOAD_CADDY === 'true';
const RESULTS_FILE = join(
  import.meta.dirname,
  THROUGH_CADDY ? 'last-run-caddy.json.out' : 'last-run.json.out',
);
const SECONDS = numberSetting('BENCH_LOAD_SECONDS', 5, 1, 300);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const SHOPPER_COUNTS = (process.env.BENCH_LOAD_SHOPPERS || '1,2,4,8,16,32,64,128')
  .split(',')
  .map((part) => {
    const count = Number(part.trim());
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      throw new Error(`BENCH_LOAD_SHOPPERS must be whole numbers from 1 to 1000 (got ${part})`);
    }
    return count;
  });
/** The p99 the bench looks for the concurrency that passes it. */
const P99_LIMIT_MS = 1000;

type TargetName = 'bare' | 'one' | 'two' | 'caddy';
const TARGETS: Record<TargetName, string> = {
  bare: 'bare node:http',
  one: 'shop, 1 process',
  two: 'shop, 2 processes',
  caddy: '2 processes, Caddy',
};

interface Step {
  target: TargetName;
  shoppers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  failures: string[];
  /** CPU time the target's server processes used per order (ms); null: unknown. */
  serverCpuPerOrderMs: number | null;
  /** The 1-minute load average when the step ended. */
  load: number;
}

interface Target {
  name: TargetName;
  origins: string[];
  pids: number[];
  /** A new connection for each checkout (HTTP/2 through Caddy); else fetch's pool. */
  connect?: () => Promise<Http2Client>;
}

/** One checkout on `target`, on a connection of its own when the target opens them. */
async function checkoutOn(target: Target, productIds: [number, number], index: number) {
  const settings = { withOrder: true, readOrder: true };
  if (!target.connect) return checkout(target.origins, productIds, index, settings);
  const client = await target.connect();
  try {
    return await checkout(target.origins, productIds, index, {
      ...settings,
      client: client.request,
    });
  } finally {
    client.close();
  }
}

async function cpuOf(pids: number[]): Promise<number | null> {
  const times = await cpuTimes(pids);
  if (times.size !== pids.length) return null;
  return [...times.values()].reduce((sum, ms) => sum + ms, 0);
}

/** `shoppers` at once for `seconds`, each doing checkouts back to back. */
async function crowd(
  target: Target,
  productIds: [number, number],
  shoppers: number,
  seconds: number,
  firstIndex: number,
): Promise<Step> {
  const times: number[] = [];
  const failures: string[] = [];
  let errors = 0;
  let next = firstIndex;
  const cpuBefore = await cpuOf(target.pids);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const shopper = async () => {
    while (performance.now() < deadline) {
      const index = next++;
      const [outcome, ms] = await timed(() =>
        checkoutOn(target, productIds, index).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      if (outcome === null) times.push(ms);
      else {
        errors += 1;
        if (failures.length < 5) failures.push(errorMessage(outcome));
      }
    }
  };
  await Promise.all(Array.from({ length: shoppers }, shopper));
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = await cpuOf(target.pids);
  return {
    target: target.name,
    shoppers,
    seconds: Math.round(elapsed * 100) / 100,
    orders: times.length,
    ordersPerSecond: Math.round((times.length / elapsed) * 10) / 10,
    p50Ms: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
    errors,
    failures,
    serverCpuPerOrderMs:
      cpuBefore === null || cpuAfter === null || times.length === 0
        ? null
        : Math.round(((cpuAfter - cpuBefore) / times.length) * 100) / 100,
    load: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  };
}

/**
 * How long a step runs: SECONDS, or longer when the target's last step's checkouts took
 * over a third of that (each shopper then still finishes about three), up to 4 × SECONDS.
 */
function stepSeconds(last: Step | undefined): number {
  const wanted = last ? Math.ceil((3 * last.p50Ms) / 1000) : 0;
  return Math.min(4 * SECONDS, Math.max(SECONDS, wanted));
}

/**
 * A warm-up of each target (not measured), then every step of SHOPPER_COUNTS on each
 * target in turn, so a change in the machine's other load falls on all three alike.
 */
async function measure(targets: Target[], productIds: [number, number]): Promise<Step[]> {
  for (const target of targets) {
    console.log(`${TARGETS[target.name]}: ${target.origins.join(', ')} (warming up)`);
    await crowd(target, productIds, 8, WARMUP_SECONDS, 0);
  }
  const steps: Step[] = [];
  let index = 1_000_000;
  for (const shoppers of SHOPPER_COUNTS) {
    console.log(`\n${shoppers} shopper(s) at once; load average ${load()}`);
    for (const target of targets) {
      const seconds = stepSeconds(steps.findLast((step) => step.target === target.name));
      process.stdout.write(`  ${TARGETS[target.name].padEnd(18)} ${seconds} s… `);
      const step = await crowd(target, productIds, shoppers, seconds, index);
      index += 1_000_000;
      steps.push(step);
      console.log(
        `${step.ordersPerSecond.toFixed(1)} orders/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms` +
          (step.errors ? `, ${step.errors} errors` : ''),
      );
      for (const failure of step.failures) console.log(`    failed: ${failure}`);
    }
  }
  return steps;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** Errors a shop logged (its start-up warnings about test-mode vendors are expected). */
function reportShopErrors(servers: RunningServer[]) {
  for (const server of servers) {
    const errors = server.output.filter((line) => !/^\{"level":(30|40),/.test(line));
    if (errors.length === 0) continue;
    console.log(`  The ${server.name} server logged errors; the last ones:`);
    for (const line of errors.slice(-5)) console.log(`    ${line}`);
  }
}

function printTable(steps: Step[]) {
  console.log(
    '\nCheckouts (7 requests each) at rising concurrency: orders/s, p50 and p99 of the whole checkout;' +
      ' ratios to bare at the same concurrency (orders/s ×, p99 ×); CPU/order: the shop' +
      ' processes’ CPU time per order (through Caddy, with Caddy’s):',
  );
  const header = [
    'shoppers',
    'target',
    'orders/s',
    'p50',
    'p99',
    'errors',
    'CPU/order',
    'vs bare',
    'load',
  ];
  const rows = steps.map((step) => {
    const bare = steps.find((b) => b.target === 'bare' && b.shoppers === step.shoppers);
    const ratio =
      step.target === 'bare' || !bare || bare.ordersPerSecond === 0 || bare.p99Ms === 0
        ? ''
        : `${(step.ordersPerSecond / bare.ordersPerSecond).toFixed(2)}×, p99 ${(step.p99Ms / bare.p99Ms).toFixed(1)}×`;
    return [
      String(step.shoppers),
      TARGETS[step.target],
      step.ordersPerSecond.toFixed(1),
      `${Math.round(step.p50Ms)} ms`,
      `${Math.round(step.p99Ms)} ms`,
      String(step.errors),
      step.serverCpuPerOrderMs === null ? '?' : `${step.serverCpuPerOrderMs.toFixed(1)} ms`,
      ratio,
      step.load.toFixed(1),
    ];
  });
  printColumns(header, rows, [1]);
}

/** Per target: the first concurrency whose p99 passed P99_LIMIT_MS, or null. */
function p99Crossings(steps: Step[]): Record<TargetName, number | null> {
  const crossing = (name: TargetName) =>
    steps.find((step) => step.target === name && step.p99Ms > P99_LIMIT_MS)?.shoppers ?? null;
  return {
    bare: crossing('bare'),
    one: crossing('one'),
    two: crossing('two'),
    caddy: crossing('caddy'),
  };
}

async function main() {
  const startedAt = new Date();
  const most = Math.max(...SHOPPER_COUNTS);
  console.log(
    `Load benchmark: checkouts by ${SHOPPER_COUNTS.join(', ')} shoppers at once, ${SECONDS} s each; ` +
      `${cpus().length} CPU core(s) shared by this client, the servers and PostgreSQL; ` +
      `Node ${process.version}; load average ${load()}`,
  );
  const database = await throwAwayDatabase();
  if (typeof database === 'string') throw new Error(`PostgreSQL is needed: ${database}`);
  const mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-bench-load-'));
  onCleanUp(() => rm(mediaDir, { recursive: true, force: true }));
  console.log(`Preparing database ${database.name}`);
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  let productIds: [number, number];
  try {
    productIds = await prepareDatabase(handle);
  } finally {
    await handle.close();
  }

  // Both processes share what a deployment's processes share: database and secrets.
  const shopEnv = { COOKIE_SECRET: randomBytes(32).toString('hex'), MEDIA_DIR: mediaDir };
  const first = await startShop('shop 1', { DATABASE_URL: database.url }, { env: shopEnv });
  const fixture: Checkout = await checkout(first.origin, productIds, 0, {
    withOrder: true,
    readOrder: true,
  });

  // The baseline answers each request with what the shop answered it.
  const bodiesFile = join(mediaDir, 'bare-bodies.json');
  await writeFile(bodiesFile, JSON.stringify(fixture.bodies));
  const barePort = await freePort();
  const bare = await startServer(
    'bare',
    'bench/orders/bare-server.ts',
    { BARE_PORT: String(barePort), BARE_HOST: HOST, BARE_BODIES_FILE: bodiesFile },
    barePort,
  );
  const second = await startShop('shop 2', { DATABASE_URL: database.url }, { env: shopEnv });
  const targets: Target[] = [
    { name: 'bare', origins: [bare.origin], pids: [bare.pid] },
    { name: 'one', origins: [first.origin], pids: [first.pid] },
    { name: 'two', origins: [first.origin, second.origin], pids: [first.pid, second.pid] },
  ];
  const caddy = THROUGH_CADDY
    ? await startCaddy([first.origin, second.origin].map((origin) => new URL(origin).host))
    : null;
  if (caddy) {
    targets.push({
      name: 'caddy',
      origins: [caddy.origin],
      pids: [first.pid, second.pid, caddy.pid],
      connect: () => http2Client(caddy.origin, caddy.ca),
    });
  }
  const steps = await measure(targets, productIds);
  reportShopErrors([first, second]);
  await Promise.all([bare.stop(), first.stop(), second.stop(), caddy?.stop()]);

  printTable(steps);
  const crossings = p99Crossings(steps);
  console.log(`\np99 of a checkout first above ${P99_LIMIT_MS} ms at:`);
  for (const { name } of targets) {
    const at = crossings[name];
    console.log(
      `  ${TARGETS[name].padEnd(18)} ${at === null ? `not reached up to ${most} shoppers` : `${at} shoppers`}`,
    );
  }
  const peak = (name: TargetName) =>
    Math.max(...steps.filter((s) => s.target === name).map((s) => s.ordersPerSecond));
  console.log(
    `Peak orders/s: 1 process ${peak('one').toFixed(1)}, 2 processes ${peak('two').toFixed(1)} ` +
      `(${(peak('two') / peak('one')).toFixed(2)}× one), bare ${peak('bare').toFixed(1)}.`,
  );
  if (caddy) {
    console.log(
      `Through Caddy (HTTPS, HTTP/2): ${peak('caddy').toFixed(1)} orders/s at peak, ` +
        `${(peak('caddy') / peak('two')).toFixed(2)}× 2 processes reached directly, ` +
        `${(peak('caddy') / peak('one')).toFixed(2)}× 1 process, ` +
        `${(peak('caddy') / peak('bare')).toFixed(2)}× bare.`,
    );
  }
  console.log(`Load average at the end: ${load()} (other processes may share the cores)`);

  await writeResults(RESULTS_FILE, startedAt, {
    loadAverageAtEnd: loadavg(),
    settings: {
      seconds: SECONDS,
      shoppers: SHOPPER_COUNTS,
      routing: 'client alternates ports',
      ...(caddy ? { caddy: 'round robin, HTTPS and HTTP/2, one connection per checkout' } : {}),
    },
    p99Above1sAt: crossings,
    steps,
  });
  if (steps.some((step) => step.errors > 0)) process.exitCode = 1;
}

// A bound on the whole run, whatever happens.
watchdog(((THROUGH_CADDY ? 4 : 3) * SHOPPER_COUNTS.length * (4 * SECONDS + 30) + 300) * 1000);

await runBenchmark(main);
