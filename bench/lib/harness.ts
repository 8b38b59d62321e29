/**
 * What the benchmarks share: settings from the environment, child servers on free
 * ports of 127.0.0.1 (always killed, temporary state always removed, even on Ctrl-C),
 * the shop started on PGlite or a throw-away PostgreSQL database, a small HTTP client
 * that keeps the basket cookie, quantiles, and a run's results file and ending.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { STATEMENTS_HEADER } from '../../src/server/http/statement-count.ts';
import { BASKET_COOKIE } from '../../src/server/modules/basket/basket-cookie.ts';
import { freePort } from '../../tools/free-port.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';
// The shop's own names, so a rename there cannot leave the benchmarks reading nothing.
export { BASKET_COOKIE, STATEMENTS_HEADER };

/** How long a server may take to answer after it is started (migrations, seeding). */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;
export const HTTP_TIMEOUT_MS = 15_000;

/** A number from the environment, `fallback` when unset; out of range stops the run. */
export function numberSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------
// Clean-up: children are always killed, temporary state always removed.

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
let cleaningUp: Promise<void> | null = null;

function alive(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

/** Kills `child` at clean-up, as it does the servers it starts itself (e.g. a proxy). */
export function killAtCleanUp(child: ChildProcess): void {
  children.add(child);
}

/** Runs `task` at clean-up (last added, first run); the returned function runs it now. */
export function onCleanUp(task: () => Promise<void>): () => Promise<void> {
  cleanups.push(task);
  return async () => {
    const index = cleanups.indexOf(task);
    if (index >= 0) {
      cleanups.splice(index, 1);
      await task();
    }
  };
}

/** Kills the children and runs the clean-up tasks (once). */
export function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const child of children) if (alive(child)) child.kill('SIGKILL');
    while (cleanups.length > 0) {
      const task = cleanups.pop();
      try {
        await task?.();
      } catch (error) {
        console.error('Clean-up step failed:', errorMessage(error));
      }
    }
  })();
  return cleaningUp;
}

process.on('exit', () => {
  for (const child of children) if (alive(child)) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and cleaning up…`);
    const force = setTimeout(() => process.exit(130), 10_000);
    force.unref();
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Stops the run after `ms` whatever happens, cleaning up first. */
export function watchdog(ms: number): void {
  const timer = setTimeout(() => {
    console.error(`The benchmark took longer than ${Math.round(ms / 1000)} s; stopping.`);
    void cleanUp().finally(() => process.exit(1));
  }, ms);
  timer.unref();
}

// ---------------------------------------------------------------------------
// Child servers.

/** A free port on 127.0.0.1 for a child server (shared with the tests). */
export { freePort };

export interface RunningServer<Name extends string = string> {
  name: Name;
  /** The server's process id (for its CPU time). */
  pid: number;
  origin: string;
  /** The last lines the server wrote (stdout and stderr). */
  output: string[];
  /** Lines the server wrote in all (at LOG_LEVEL=warn, only warnings and errors). */
  lineCount: () => number;
  stop: () => Promise<void>;
}

/** Shop settings a developer's environment may hold, never passed on to a child. */
const SHOP_ENV_NAMES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'DATA_DIR',
  'MEDIA_DIR',
  'LOG_LEVEL',
  'COOKIE_SECRET',
  'NODE_ENV',
  'TRUST_PROXY',
  'CATALOGUE_CACHE_SECONDS',
  'TURNSTILE_SITE_KEY',
  'TURNSTILE_SECRET_KEY',
  'SMTP_URL',
  'SQL_STATEMENTS_HEADER',
];

/**
 * Starts `node --import tsx <script>` with `env` and waits until its /api/v1/health
 * answers 200 on `port`.
 */
export async function startServer<Name extends string>(
  name: Name,
  script: string,
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<RunningServer<Name>> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SHOP_ENV_NAMES) delete childEnv[key];
  Object.assign(childEnv, env);

  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output: string[] = [];
  let lines = 0;
  const record = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines += 1;
      output.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
      if (output.length > 20) output.shift();
    }
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const stop = async () => {
    if (alive(child)) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => alive(child) && child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };

  const origin = `http://${HOST}:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!alive(child)) {
      children.delete(child);
      throw new Error(`The ${name} server exited while starting:\n${output.join('\n')}`);
    }
    try {
      const response = await fetch(`${origin}/api/v1/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The ${name} server did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { name, pid: child.pid ?? 0, origin, output, lineCount: () => lines, stop };
}

/**
 * Production requires real captcha keys; the benchmarks never reach Turnstile, so they
 * pass Cloudflare's documented always-passing test keys.
 */
const TURNSTILE_TEST_KEYS = {
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
};

/** The shop (src/server/main.ts) as in production, with the demo data, on `database`. */
export async function startShop<Name extends string>(
  name: Name,
  database: { DATA_DIR: string } | { DATABASE_URL: string },
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<RunningServer<Name>> {
  const port = await freePort();
  // The demo pictures go to a throw-away folder, not the working copy's ./data/media.
  const mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-bench-media-'));
  onCleanUp(() => rm(mediaDir, { recursive: true, force: true }));
  return startServer(
    name,
    'src/server/main.ts',
    {
      ...database,
      MEDIA_DIR: mediaDir,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A production shop names its seller on VAT invoices (ADR 071).
      SHOP_LEGAL_NAME: 'Everbloom Bench Ltd',
      SHOP_ADDRESS: '1 Bench Street, London, EC1A 1AA',
      SHOP_VAT_NUMBER: 'GB123456789',
      // The scenarios shop from the demo catalogue, which production loads only on request.
      SEED_DEMO: 'true',
      // A production shop needs its public origin (else it warns); requests carry no Origin.
      PUBLIC_URL: 'https://bench.everbloom.example',
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      ...TURNSTILE_TEST_KEYS,
      // No Braintree account here: a demo shop's test-mode payments, on purpose (ADR 041).
      PAYMENTS_TEST_MODE: 'true',
      // Yet measured as a live shop's pages: open to search engines (ADR 059).
      ALLOW_INDEXING: 'true',
      ...options.env,
    },
    port,
    options.nodeArgs ?? [],
  );
}

// ---------------------------------------------------------------------------
// A throw-away PostgreSQL database.

/** The administrative PostgreSQL URL (BENCH_PG_URL, else TEST_DATABASE_URL's server). */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Creates an empty database on the server at PG_ADMIN_URL, dropped at clean-up or by
 * the returned `drop`; a string saying why when the server cannot be used.
 */
export async function throwAwayDatabase(): Promise<
  { name: string; url: string; drop: () => Promise<void> } | string
> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return `PostgreSQL is unreachable at ${redact(PG_ADMIN_URL)} (${errorMessage(error)})`;
  }
  const name = `everbloom_bench_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    return `could not create a database: ${errorMessage(error)}`;
  }
  const drop = onCleanUp(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop };
}

// ---------------------------------------------------------------------------
// HTTP and figures.

export interface HttpReply {
  status: number;
  text: string;
  /** The basket cookie the reply set (`name=value`), if any. */
  cookie: string | null;
  /** Every cookie the reply set (`name=value`). */
  cookies: string[];
  /** X-Sql-Statements, when the shop sends it. */
  statements: number | null;
}

export async function http(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<HttpReply> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const text = await response.text();
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const statements = response.headers.get(STATEMENTS_HEADER);
  return {
    status: response.status,
    text,
    cookie: cookies.find((c) => c.startsWith(`${BASKET_COOKIE}=`)) ?? null,
    cookies,
    statements: statements === null ? null : Number(statements),
  };
}

/** Linux's clock ticks per second, the unit of CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time (user + system, ms) each process has used so far, from /proc (Linux);
 * processes that cannot be read are left out. CPU time is what a busy machine changes
 * least: wall-clock latency there mostly measures waiting for a core.
 */
export async function cpuTimes(pids: number[]): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command (which may hold spaces) in parentheses: utime is the
        // 14th field, stime the 15th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        if (Number.isFinite(ticks)) times.set(pid, (ticks * 1000) / CLOCK_TICKS_PER_S);
      } catch {
        // Not Linux, or the process is gone.
      }
    }),
  );
  return times;
}

/** The q-quantile of `values` (nearest rank), rounded to 0.01. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return Math.round(value * 100) / 100;
}

/** `work`'s result and how long it took (ms). */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/**
 * Median ms of `count` autocommitted one-row UPDATEs (after `warmup` unmeasured) on the
 * PostgreSQL database at `url`: the floor under any write the shop makes there.
 */
export async function oneRowUpdate(url: string, count: number, warmup: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A logged table, as the shop's are (a temporary one skips the write-ahead log).
    await client.query('CREATE TABLE bench_one_row (id int PRIMARY KEY, n int NOT NULL)');
    await client.query('INSERT INTO bench_one_row VALUES (1, 0)');
    const times: number[] = [];
    for (let i = 0; i < count + warmup; i++) {
      const [, ms] = await timed(() =>
        client.query('UPDATE bench_one_row SET n = n + 1 WHERE id = $1', [1]),
      );
      if (i >= warmup) times.push(ms);
    }
    await client.query('DROP TABLE bench_one_row');
    return quantile(times, 0.5);
  } finally {
    await client.end();
  }
}

export function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-GB');
}

/**
 * Writes a run's results to `file` as JSON: when it started, the Node version and the
 * CPU core count, then the benchmark's own `fields`.
 */
export async function writeResults(
  file: string,
  startedAt: Date,
  fields: Record<string, unknown>,
): Promise<void> {
  const results = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    cpus: cpus().length,
    ...fields,
  };
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults written to ${file}`);
}

/**
 * Runs a benchmark's `main`: a failure is printed and makes the exit code 1; the
 * servers and temporary state are cleaned up whatever happens.
 */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`\nThe benchmark failed: ${errorMessage(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

/**
 * Prints a table: the header, a rule, then the rows, columns two spaces apart. The
 * columns in `left` (text) are left-aligned, the others (numbers) right-aligned.
 */
export function printColumns(header: string[], rows: string[][], left: number[]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, i) =>
        left.includes(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(format(row));
}
