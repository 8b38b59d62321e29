import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { startServer } from './start-server.ts';
import { NOT_IN_PRODUCTION } from './testing/route-inventory.ts';

/**
 * Starts the shop on a fresh PGlite folder (a copy of `from` when given), capturing its
 * log lines.
 */
async function start(env: Record<string, string>, from?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'everbloom-start-'));
  if (from) await cp(from, dataDir, { recursive: true });
  const config: AppConfig = { ...loadConfig({ ...env, DATA_DIR: dataDir }), port: 0 };
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n'))
        if (text) lines.push(JSON.parse(text) as { level: number; msg: string });
      done();
    },
  });
  const shop = await startServer(config, { logger: pino({ level: 'info' }, stream) });
  return {
    shop,
    lines,
    count: async (
      table: 'categories' | 'products' | 'vouchers' | 'promotions' | 'users' | 'staff',
    ) => {
      const row = await shop.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    close: async () => {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SHOP_LEGAL_NAME: 'Everbloom Gardens Ltd',
  SHOP_ADDRESS: '1 High Street, London, EC1A 1AA',
  SHOP_VAT_NUMBER: 'GB123456789',
  COOKIE_SECRET: 'p'.repeat(40),
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
  PUBLIC_URL: 'https://shop.example',
  POSTCODER_API_KEY: 'PCW45-12345-12345-1234X',
  BRAINTREE_ENVIRONMENT: 'production',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T0000000',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
};

describe('starting the shop', () => {
  const running: { close(): Promise<void> }[] = [];
  /**
   * A PGlite folder with the schema and nothing else, for the starts that test what a
   * start says rather than what it creates (a new folder costs an initdb and every
   * migration; the first test starts on an empty one).
   */
  let migrated: string;
  beforeAll(async () => {
    migrated = await mkdtemp(join(tmpdir(), 'everbloom-start-migrated-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: migrated });
    await migrate(handle);
    await handle.close();
  }, 60_000);
  afterAll(async () => {
    for (const shop of running) await shop.close();
    await rm(migrated, { recursive: true, force: true });
  }, 30_000);

  it('in production on an empty database, creates the schema and nothing a stranger could use', async () => {
    const started = await start(PRODUCTION);
    running.push(started);
    for (const table of [
      'categories',
      'products',
      'vouchers',
      'promotions',
      'users',
      'staff',
    ] as const) {
      expect(await started.count(table), table).toBe(0);
    }
    expect((await started.shop.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    // The picture a product staff add shows until one is uploaded.
    const noPicture = await started.shop.app.inject({ url: '/media/products/no-picture.svg' });
    expect(noPicture.statusCode).toBe(200);
    expect(noPicture.headers['content-type']).toContain('image/svg+xml');
    expect((await started.shop.app.inject({ url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    // Only the process entries (npm start, npm run worker) warm the email templates.
    expect(started.shop.emailWarmUp).toBeNull();
    // No development or test-mode route, and no metrics without METRICS_TOKEN.
    for (const route of NOT_IN_PRODUCTION) {
      const [method, url = ''] = route.split(' ') as ['GET', string];
      expect(started.shop.app.hasRoute({ method, url }), route).toBe(false);
    }
    expect(started.lines.some((line) => line.msg.startsWith('demo data not loaded'))).toBe(true);
    expect(started.lines.filter((line) => line.level >= 40)).toEqual([]);
  }, 60_000);

  it('in production without a Postcoder key, warns that the lookup has only demo addresses', async () => {
    const started = await start({ ...PRODUCTION, POSTCODER_API_KEY: '' }, migrated);
    running.push(started);
    const warnings = started.lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      expect.stringMatching(
        /^POSTCODER_API_KEY is unset: the postcode search offers only the demo/,
      ),
    ]);
    const lookup = await started.shop.app.inject({
      url: '/api/v1/test-mode/postcoder/address/UK/IV24QW?format=json&lines=4',
    });
    expect(lookup.statusCode).toBe(200);
  }, 60_000);

  it('in production without Braintree keys, runs test-mode payments only when asked, and says so', async () => {
    const keyless = {
      ...PRODUCTION,
      BRAINTREE_ENVIRONMENT: '',
      BRAINTREE_MERCHANT_ID: '',
      BRAINTREE_PUBLIC_KEY: '',
      BRAINTREE_PRIVATE_KEY: '',
    };
    await expect(start(keyless)).rejects.toThrow(/BRAINTREE_MERCHANT_ID is required in production/);
    const started = await start({ ...keyless, PAYMENTS_TEST_MODE: 'true' }, migrated);
    running.push(started);
    const warnings = started.lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE is true: payments run in test mode/),
    ]);
    const config = await started.shop.app.inject({ url: '/api/v1/config' });
    expect(config.json().data.payments.mode).toBe('test');
    // The browser's test-mode client API is there (the demo shop takes test cards), the
    // fault switch is not (never in production).
    const app = started.shop.app;
    expect(
      app.hasRoute({ method: 'POST', url: '/api/v1/test-mode/braintree/client_api/nonces' }),
    ).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: '/api/v1/test-mode/braintree/faults' })).toBe(false);
  }, 60_000);

  it('with development defaults beyond loopback, warns once, naming what is unsafe', async () => {
    const started = await start({ HOST: '0.0.0.0', LOG_LEVEL: 'info' }, migrated);
    running.push(started);
    const warnings = started.lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^HOST 0\.0\.0\.0 accepts connections from other machines/);
    expect(warnings[0]?.msg).toMatch(/test-mode captcha.*development cookie secret.*outbox/);
    // Outside production the demo shop is there to try (in production: SEED_DEMO=true).
    expect(await started.count('users')).toBe(2);
    // And the demo staff (README), to sign in to the back office at /admin, their
    // authenticator secrets sealed at start (ADR 075): none is in the database as it is.
    expect(await started.count('staff')).toBe(2);
    const secrets = await started.shop.db.selectFrom('staff').select('totp_secret').execute();
    for (const { totp_secret } of secrets) expect(totp_secret).toMatch(/^v1\./);
    expect(started.lines.some((line) => line.msg === 'staff authenticator secrets sealed')).toBe(
      true,
    );
    expect(await started.count('products')).toBeGreaterThan(0);
  }, 60_000);
});

describe('the production code', () => {
  const serverDir = resolve(import.meta.dirname);

  /** Every module main.ts loads through static imports (type-only imports are erased). */
  async function staticImports(entry: string): Promise<Set<string>> {
    const seen = new Set<string>();
    const visit = async (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(file, 'utf8');
      const specifiers = [
        ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm),
      ].map((match) => match[1] ?? '');
      for (const specifier of specifiers) {
        if (specifier.startsWith('.')) await visit(resolve(dirname(file), specifier));
      }
    };
    await visit(entry);
    return seen;
  }

  it('imports no seed code: demo data is loaded by dynamic import only when wanted', async () => {
    const modules = [...(await staticImports(join(serverDir, 'main.ts')))].map((file) =>
      relative(serverDir, file),
    );
    expect(modules).toContain('start-server.ts');
    expect(modules).toContain('app.ts');
    expect(modules.filter((file) => file.startsWith('db/seed/'))).toEqual([]);
  });
});
