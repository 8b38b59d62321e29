/**
 * `npm run bench:api`: load-tests the basket API with autocannon.
 *
 * Targets, each a child process on its own free port on 127.0.0.1, measured one at a time:
 *   pglite    the shop (src/server/main.ts) on PGlite in a fresh temporary DATA_DIR;
 *   postgres  the shop on a throw-away PostgreSQL database (created here, dropped at the
 *             end; skipped with a note when PostgreSQL cannot be reached);
 *   bare      bench/api/bare-server.ts, a bare node:http server answering the JSON the
 *             shop answered, as the baseline the ratios are taken against.
 *
 * Scenarios:
 *   GET basket   GET /api/v1/basket for a basket holding 3 different items;
 *   POST basket  POST /api/v1/basket adding 1 of a product; each basket takes a bounded
 *                number of adds (rotating over 3 well-stocked products, so neither stock nor
 *                the 99-per-line limit is reached) and is then replaced by a fresh one.
 *   many shoppers  1,000 baskets (1 item each, made before measuring); each request picks
 *                one at random: 80% GET it, 20% add 1 of a well-stocked product to it.
 *
 * Then one shopper, one request at a time: JOURNEYS checkout journeys (add an item, save
 * email and delivery address, choose delivery, read the basket), each step's median and
 * p90 latency printed beside what the same server answers /api/v1/health in and, on
 * PostgreSQL, what the same database takes to commit a one-row UPDATE (a bare floor).
 *
 * Settings (environment): BENCH_DURATION (seconds measured per scenario, default 8),
 * BENCH_CONNECTIONS (default 20), BENCH_WARMUP (seconds, default 2), BENCH_PG_URL (an
 * administrative PostgreSQL URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_JOURNEYS (default 200), BENCH_SHOP_NODE_ARGS (extra node arguments for the shop,
 * space-separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 *
 * The machine's cores are shared by autocannon and the server, so absolute numbers say
 * little; the ratio to the bare server on the same run is what to compare.
 * Results are also written to bench/api/last-run.json.out.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type RequestContext, type RequestData, type Result } from 'autocannon';
import {
  BASKET_COOKIE,
  formatNumber,
  freePort,
  HOST,
  http,
  numberSetting,
  onCleanUp,
  oneRowUpdate,
  printColumns,
  quantile,
  runBenchmark,
  type RunningServer as Server,
  startServer,
  startShop as startShopOn,
  throwAwayDatabase,
  timed,
  watchdog,
  writeResults,
} from '../lib/harness.ts';

const RESULTS_FILE = join(import.meta.dirname, 'last-run.json.out');
const BASKET_PATH = '/api/v1/basket';

/** Adds one basket takes in the POST scenario before a fresh basket is started. */
const ADDS_PER_BASKET = 30;
/** Products the POST scenario rotates over; each must have this much stock. */
const POST_PRODUCTS = 3;
const MIN_STOCK = 99;

const DURATION_S = numberSetting('BENCH_DURATION', 8, 1, 600);
const CONNECTIONS = Math.round(numberSetting('BENCH_CONNECTIONS', 20, 1, 1000));
const WARMUP_S = numberSetting('BENCH_WARMUP', 2, 0, 60);
const SHOP_NODE_ARGS = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);

type TargetName = 'pglite' | 'postgres' | 'bare';
type ScenarioName = 'GET basket' | 'POST basket' | 'many shoppers';
const SCENARIOS: ScenarioName[] = ['GET basket', 'POST basket', 'many shoppers'];
/** Baskets in the many-shoppers scenario, and the share of its requests that write. */
const SHOPPERS = 1_000;
const SHOPPERS_WRITE_SHARE = 0.2;

interface Measurement {
  target: TargetName;
  scenario: ScenarioName;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx answers that were not the basket expected. */
  mismatches: number;
  statusCodes: Record<string, number>;
  ratioToBare: number | null;
  /** POST scenario: baskets the shop created during the measurement. */
  basketsCreated?: number;
  /** A few non-2xx responses, for diagnosis. */
  failures?: string[];
}

type RunningServer = Server<TargetName>;

function startShop(
  name: 'pglite' | 'postgres',
  database: { DATA_DIR: string } | { DATABASE_URL: string },
): Promise<RunningServer> {
  return startShopOn(name, database, { nodeArgs: SHOP_NODE_ARGS });
}

// ---------------------------------------------------------------------------
// Fixtures: products, a basket of 3 items, and the JSON the shop answers.

interface ProductList {
  data: {
    products: {
      id: number;
      variations: {
        id: number;
        sku: string;
        quantity_available: number;
        discontinued: boolean;
        preorder: boolean;
        is_bundle: boolean;
      }[];
    }[];
  };
}

interface Fixture {
  /** Variation ids, one per product family, each with at least MIN_STOCK in stock. */
  productIds: number[];
  /** The Cookie header of a basket holding 3 different items. */
  cookie: string;
  /** The Cookie headers of the many-shoppers scenario's baskets. */
  shopperCookies: string[];
  getBody: string;
  postBody: string;
}

async function prepareFixture(server: RunningServer): Promise<Fixture> {
  const list = await http(server.origin, 'GET', '/api/v1/products');
  if (list.status !== 200) throw new Error(`GET /api/v1/products answered ${list.status}`);
  const products = (JSON.parse(list.text) as ProductList).data.products;
  const productIds = products.flatMap((family) => {
    const variation = family.variations.find(
      (v) => v.quantity_available >= MIN_STOCK && !v.discontinued && !v.preorder && !v.is_bundle,
    );
    return variation ? [variation.id] : [];
  });
  if (productIds.length < POST_PRODUCTS) {
    throw new Error(`Fewer than ${POST_PRODUCTS} products have ${MIN_STOCK} or more in stock`);
  }

  let cookie: string | undefined;
  let postBody = '';
  for (const productId of productIds.slice(0, 3)) {
    const added = await http(server.origin, 'POST', BASKET_PATH, {
      body: { product_id: productId, quantity: 1 },
      ...(cookie ? { cookie } : {}),
    });
    if (added.status !== 200) {
      throw new Error(`POST ${BASKET_PATH} answered ${added.status}: ${added.text.slice(0, 300)}`);
    }
    cookie ??= added.cookie ?? undefined;
    postBody = added.text;
  }
  if (!cookie) throw new Error(`POST ${BASKET_PATH} set no ${BASKET_COOKIE} cookie`);

  const basket = await http(server.origin, 'GET', BASKET_PATH, { cookie });
  if (basket.status !== 200) throw new Error(`GET ${BASKET_PATH} answered ${basket.status}`);
  const items = (JSON.parse(basket.text) as { data: { items: unknown[] } }).data.items;
  if (items.length !== 3) throw new Error(`The basket holds ${items.length} items, not 3`);
  return {
    productIds,
    cookie,
    getBody: basket.text,
    postBody,
    shopperCookies: await makeBaskets(server, productIds),
  };
}

/** The many-shoppers scenario's baskets, made a few at a time. */
async function makeBaskets(server: RunningServer, productIds: number[]): Promise<string[]> {
  const cookies: string[] = [];
  const worker = async () => {
    while (cookies.length < SHOPPERS) {
      const productId = productIds[cookies.length % productIds.length];
      const added = await http(server.origin, 'POST', BASKET_PATH, {
        body: { product_id: productId, quantity: 1 },
      });
      if (added.status !== 200 || !added.cookie) {
        throw new Error(
          `POST ${BASKET_PATH} answered ${added.status}: ${added.text.slice(0, 300)}`,
        );
      }
      cookies.push(added.cookie);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return cookies.slice(0, SHOPPERS);
}

// ---------------------------------------------------------------------------
// Scenarios.

/**
 * The POST scenario's baskets. Each connection takes a basket for one request and gives
 * it back with the response, so a basket never has two adds in flight. A basket without
 * a cookie yet makes the shop create one; its cookie is kept from the response.
 */
class BasketPool {
  #free: { cookie: string | null; adds: number }[] = [];
  basketsCreated = 0;
  /** Answers that were 2xx but not the basket expected. */
  mismatches = 0;
  failures: string[] = [];

  /**
   * @param fallbackCookie sent while a basket has no cookie of its own (the bare server
   *   sets none), so every target receives requests of the same shape.
   */
  constructor(
    private readonly productIds: number[],
    private readonly fallbackCookie: string | null,
    private readonly checkItemCount: boolean,
  ) {}

  setupRequest = (_request: unknown, context: RequestContext) => {
    const basket = this.#free.pop() ?? { cookie: null, adds: 0 };
    context.basket = basket;
    const productId = this.productIds[basket.adds % this.productIds.length];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const cookie = basket.cookie ?? this.fallbackCookie;
    if (cookie) headers.cookie = cookie;
    return {
      method: 'POST' as const,
      path: BASKET_PATH,
      headers,
      body: JSON.stringify({ product_id: productId, quantity: 1 }),
    };
  };

  onResponse = (
    status: number,
    body: string,
    context: RequestContext,
    headers: Record<string, string | string[]>,
  ) => {
    const basket = context.basket as { cookie: string | null; adds: number } | undefined;
    context.basket = undefined;
    if (!basket) return;
    if (status < 200 || status > 299) {
      // Not given back: a basket that failed once is not used again.
      if (this.failures.length < 5) this.failures.push(`${status} ${body.slice(0, 300)}`);
      return;
    }
    if (this.checkItemCount) {
      // The shop answers the basket after the add: its item count must have grown by one.
      const itemCount = /"item_count":(\d+)/.exec(body)?.[1];
      if (Number(itemCount) !== basket.adds + 1) {
        this.mismatches += 1;
        if (this.failures.length < 5) {
          this.failures.push(`item_count ${itemCount} after ${basket.adds + 1} adds`);
        }
        return;
      }
    }
    if (!basket.cookie) {
      const header = Object.entries(headers).find(([key]) => key.toLowerCase() === 'set-cookie');
      const values = header ? [header[1]].flat() : [];
      const cookie = values.find((value) => value.startsWith(`${BASKET_COOKIE}=`));
      if (cookie) {
        basket.cookie = cookie.split(';')[0] ?? null;
        this.basketsCreated += 1;
      }
    }
    basket.adds += 1;
    if (basket.adds < ADDS_PER_BASKET) this.#free.push(basket);
  };
}

/** A request of the many-shoppers scenario: a random basket, read or added to. */
function manyShoppers(fixture: Fixture) {
  // Every well-stocked product in turn: lines grow by a few units per basket at most.
  const products = fixture.productIds;
  let writes = 0;
  return (): RequestData => {
    const cookie =
      fixture.shopperCookies[Math.floor(Math.random() * fixture.shopperCookies.length)] ??
      fixture.cookie;
    if (Math.random() >= SHOPPERS_WRITE_SHARE) {
      return { method: 'GET' as const, path: BASKET_PATH, headers: { cookie } };
    }
    writes += 1;
    return {
      method: 'POST' as const,
      path: BASKET_PATH,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: products[writes % products.length], quantity: 1 }),
    };
  };
}

async function load(
  origin: string,
  durationS: number,
  scenario: ScenarioName,
  fixture: Fixture,
  pool: BasketPool,
): Promise<Result> {
  // The path must be in the URL: autocannon takes the path from `url` over `path`.
  const base = {
    url: `${origin}${BASKET_PATH}`,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 10,
  };
  const run =
    scenario === 'GET basket'
      ? autocannon({
          ...base,
          method: 'GET',
          headers: { cookie: fixture.cookie },
          // Every answer must be the basket captured before (counted as mismatches).
          expectBody: fixture.getBody,
        })
      : scenario === 'POST basket'
        ? autocannon({
            ...base,
            requests: [{ setupRequest: pool.setupRequest, onResponse: pool.onResponse }],
          })
        : autocannon({ ...base, requests: [{ setupRequest: manyShoppers(fixture) }] });
  // autocannon stops on its own after `duration`; this is a safety net.
  const guard = setTimeout(() => run.stop(), (durationS + 30) * 1000);
  try {
    return await run;
  } finally {
    clearTimeout(guard);
  }
}

async function measure(
  server: RunningServer,
  fixture: Fixture,
  results: Measurement[],
): Promise<void> {
  for (const scenario of SCENARIOS) {
    const pool = new BasketPool(
      fixture.productIds.slice(0, POST_PRODUCTS),
      server.name === 'bare' ? fixture.cookie : null,
      server.name !== 'bare',
    );
    process.stdout.write(`  ${scenario.padEnd(13)} warm-up ${WARMUP_S} s, `);
    if (WARMUP_S > 0) await load(server.origin, WARMUP_S, scenario, fixture, pool);
    const basketsBefore = pool.basketsCreated;
    pool.failures = [];
    pool.mismatches = 0;
    process.stdout.write(`measuring ${DURATION_S} s… `);
    const result = await load(server.origin, DURATION_S, scenario, fixture, pool);
    const measurement: Measurement = {
      target: server.name,
      scenario,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      mismatches: (result.mismatches ?? 0) + pool.mismatches,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
      ),
      ratioToBare: null,
    };
    if (scenario === 'POST basket' && server.name !== 'bare') {
      measurement.basketsCreated = pool.basketsCreated - basketsBefore;
    }
    if (pool.failures.length > 0) measurement.failures = [...pool.failures];
    results.push(measurement);
    console.log(
      `${formatNumber(measurement.requestsPerSecond)} req/s, p99 ${measurement.latencyP99Ms} ms` +
        (measurement.non2xx ? `, ${measurement.non2xx} non-2xx` : '') +
        (measurement.mismatches ? `, ${measurement.mismatches} wrong answers` : ''),
    );
    for (const failure of measurement.failures ?? []) console.log(`    failed: ${failure}`);
  }
  const lines = server.lineCount();
  if (lines > 0) {
    console.log(`  The ${server.name} server wrote ${lines} log line(s); the last ones:`);
    for (const line of server.output.slice(-5)) console.log(`    ${line}`);
  }
}

// ---------------------------------------------------------------------------
// One shopper's checkout journey, one request at a time.

/** Journeys measured per target (after JOURNEY_WARMUP unmeasured ones). */
const JOURNEYS = Math.round(numberSetting('BENCH_JOURNEYS', 200, 10, 10_000));
const JOURNEY_WARMUP = 20;
const JOURNEY_STEPS = ['add item', 'details', 'delivery', 'GET basket', 'journey'] as const;
type JourneyStep = (typeof JOURNEY_STEPS)[number];

interface JourneyMeasurement {
  target: TargetName;
  /** Median and p90 milliseconds per step ('journey': the four together). */
  steps: Record<JourneyStep, { p50Ms: number; p90Ms: number }>;
  /** The same server's /api/v1/health, one request at a time (median ms). */
  healthP50Ms: number;
  /** PostgreSQL only: one autocommitted one-row UPDATE on the same database (median ms). */
  oneRowUpdateP50Ms: number | null;
}

const journeys: JourneyMeasurement[] = [];

const JOURNEY_ADDRESS = {
  delivery_address_title: 'Mrs',
  delivery_address_first_name: 'Ada',
  delivery_address_last_name: 'Lovelace',
  delivery_address_line_1: '10 Downing Street',
  delivery_address_line_3: 'London',
  delivery_address_line_4: 'Greater London',
  delivery_address_postcode: 'SW1A 2AA',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '02079460000',
};

async function journey(server: RunningServer, productId: number, index: number) {
  const ok = <R extends { status: number; text: string }>(step: string, reply: R): R => {
    if (reply.status !== 200) {
      throw new Error(`${step} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    }
    return reply;
  };
  const [added, add] = await timed(() =>
    http(server.origin, 'POST', BASKET_PATH, { body: { product_id: productId, quantity: 1 } }),
  );
  const cookie = ok('add item', added).cookie ?? '';
  const [saved, details] = await timed(() =>
    http(server.origin, 'PUT', `${BASKET_PATH}/details`, {
      cookie,
      body: { email_address: `shopper${index}@example.com`, ...JOURNEY_ADDRESS },
    }),
  );
  const options = (
    JSON.parse(ok('details', saved).text) as {
      data: { available_delivery_options: { id: string }[] };
    }
  ).data.available_delivery_options;
  const optionId = options[0]?.id;
  if (!optionId) throw new Error('The details step offered no delivery option');
  const [chosen, delivery] = await timed(() =>
    http(server.origin, 'PUT', `${BASKET_PATH}/delivery`, {
      cookie,
      body: { option_id: optionId },
    }),
  );
  ok('delivery', chosen);
  const [read, get] = await timed(() => http(server.origin, 'GET', BASKET_PATH, { cookie }));
  ok('GET basket', read);
  return { 'add item': add, details, delivery, 'GET basket': get };
}

async function measureJourneys(
  server: RunningServer,
  fixture: Fixture,
  databaseUrl: string | null,
): Promise<void> {
  process.stdout.write(`  journeys      ${JOURNEYS} one at a time… `);
  const productId = fixture.productIds[0] ?? 0;
  const times: Record<JourneyStep, number[]> = {
    'add item': [],
    details: [],
    delivery: [],
    'GET basket': [],
    journey: [],
  };
  for (let i = 0; i < JOURNEYS + JOURNEY_WARMUP; i++) {
    const steps = await journey(server, productId, i);
    if (i < JOURNEY_WARMUP) continue;
    let total = 0;
    for (const [step, ms] of Object.entries(steps)) {
      times[step as JourneyStep].push(ms);
      total += ms;
    }
    times.journey.push(total);
  }
  const health: number[] = [];
  for (let i = 0; i < JOURNEYS + JOURNEY_WARMUP; i++) {
    const [reply, ms] = await timed(() => http(server.origin, 'GET', '/api/v1/health'));
    if (reply.status !== 200) throw new Error(`/api/v1/health answered ${reply.status}`);
    if (i >= JOURNEY_WARMUP) health.push(ms);
  }
  const measured: JourneyMeasurement = {
    target: server.name,
    steps: Object.fromEntries(
      JOURNEY_STEPS.map((step) => [
        step,
        { p50Ms: quantile(times[step], 0.5), p90Ms: quantile(times[step], 0.9) },
      ]),
    ) as JourneyMeasurement['steps'],
    healthP50Ms: quantile(health, 0.5),
    oneRowUpdateP50Ms: databaseUrl
      ? await oneRowUpdate(databaseUrl, JOURNEYS, JOURNEY_WARMUP)
      : null,
  };
  journeys.push(measured);
  console.log(`journey median ${measured.steps.journey.p50Ms} ms`);
}

function printJourneys() {
  for (const j of journeys) {
    const floor = j.oneRowUpdateP50Ms === null ? '' : `, one-row UPDATE ${j.oneRowUpdateP50Ms} ms`;
    console.log(`
One shopper on ${j.target} (health ${j.healthP50Ms} ms${floor}):`);
    for (const step of JOURNEY_STEPS) {
      const { p50Ms, p90Ms } = j.steps[step];
      const ratios = [`${(p50Ms / j.healthP50Ms).toFixed(1)}× health`];
      if (j.oneRowUpdateP50Ms) ratios.push(`${(p50Ms / j.oneRowUpdateP50Ms).toFixed(1)}× UPDATE`);
      console.log(
        `  ${step.padEnd(11)} p50 ${p50Ms.toFixed(2).padStart(6)} ms  p90 ${p90Ms
          .toFixed(2)
          .padStart(6)} ms  (${ratios.join(', ')})`,
      );
    }
  }
}

// ---------------------------------------------------------------------------
// Targets.

async function benchPglite(results: Measurement[]): Promise<Fixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'everbloom-bench-'));
  onCleanUp(() => rm(dataDir, { recursive: true, force: true }));
  console.log(`pglite: starting the shop on PGlite in ${dataDir}`);
  const server = await startShop('pglite', { DATA_DIR: dataDir });
  try {
    const fixture = await prepareFixture(server);
    await measure(server, fixture, results);
    await measureJourneys(server, fixture, null);
    return fixture;
  } finally {
    await server.stop();
  }
}

async function benchPostgres(results: Measurement[]): Promise<string | null> {
  const database = await throwAwayDatabase();
  if (typeof database === 'string') return database;
  try {
    console.log(`postgres: starting the shop on PostgreSQL database ${database.name}`);
    const server = await startShop('postgres', { DATABASE_URL: database.url });
    try {
      const fixture = await prepareFixture(server);
      await measure(server, fixture, results);
      await measureJourneys(server, fixture, database.url);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return null;
}

async function benchBare(results: Measurement[], fixture: Fixture): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'everbloom-bench-bare-'));
  onCleanUp(() => rm(dir, { recursive: true, force: true }));
  const getFile = join(dir, 'get.json');
  const postFile = join(dir, 'post.json');
  await writeFile(getFile, fixture.getBody);
  await writeFile(postFile, fixture.postBody);
  const port = await freePort();
  console.log('bare: starting the bare node:http server');
  const server = await startServer(
    'bare',
    'bench/api/bare-server.ts',
    {
      BARE_PORT: String(port),
      BARE_HOST: HOST,
      BARE_GET_BODY_FILE: getFile,
      BARE_POST_BODY_FILE: postFile,
    },
    port,
  );
  try {
    await measure(server, fixture, results);
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------
// Report.

function printTable(results: Measurement[]) {
  const rows = results.map((r) => [
    r.scenario,
    r.target,
    `${formatNumber(r.requestsPerSecond)} req/s`,
    `p99 ${r.latencyP99Ms} ms`,
    `${r.non2xx} non-2xx`,
    r.ratioToBare === null ? '' : `${r.ratioToBare.toFixed(2)}× bare`,
  ]);
  const header = ['scenario', 'target', 'requests/s', 'latency', 'failures', 'vs bare'];
  printColumns(header, rows, [0, 1]);
}

async function main() {
  const startedAt = new Date();
  console.log(
    `API benchmark: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per ` +
      `scenario; ${cpus().length} CPU core(s) shared by autocannon and the server; Node ${process.version}\n`,
  );
  const results: Measurement[] = [];
  const notes: string[] = [];

  const fixture = await benchPglite(results);
  const skipped = await benchPostgres(results);
  if (skipped) {
    notes.push(`postgres skipped: ${skipped}`);
    console.log(`postgres: skipped, ${skipped}`);
  }
  await benchBare(results, fixture);

  for (const result of results) {
    const bare = results.find((r) => r.target === 'bare' && r.scenario === result.scenario);
    if (bare && bare.requestsPerSecond > 0 && result.target !== 'bare') {
      result.ratioToBare = result.requestsPerSecond / bare.requestsPerSecond;
    }
  }
  results.sort(
    (a, b) =>
      SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario) ||
      ['pglite', 'postgres', 'bare'].indexOf(a.target) -
        ['pglite', 'postgres', 'bare'].indexOf(b.target),
  );

  console.log('');
  printTable(results);
  printJourneys();
  for (const note of notes) console.log(`Note: ${note}`);
  const failing = results.filter(
    (r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.mismatches > 0,
  );
  for (const r of failing) {
    console.log(
      `Warning: ${r.scenario} on ${r.target}: ${r.non2xx} non-2xx, ${r.errors} errors, ` +
        `${r.timeouts} timeouts, ${r.mismatches} wrong answers ` +
        `(status codes ${JSON.stringify(r.statusCodes)})`,
    );
  }

  await writeResults(RESULTS_FILE, startedAt, {
    settings: { durationS: DURATION_S, warmupS: WARMUP_S, connections: CONNECTIONS },
    notes,
    results,
    journeys,
  });
  if (failing.length > 0) process.exitCode = 1;
}

// A bound on the whole run, whatever happens.
watchdog((3 * SCENARIOS.length * (WARMUP_S + DURATION_S + 45) + 3 * 150) * 1000);

await runBenchmark(main);
