/**
 * Test helpers: an app on a fresh copy of the seeded test database (PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set), and a cookie-keeping client over
 * app.inject().
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { databaseUrl } from './test-databases.ts';

export type EngineKind = 'pglite' | 'postgres';

/** The engines this run tests against. */
export const ENGINES: EngineKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * Each engine with basket views rebuilt per request (reference data reloaded every time)
 * and reused as in production (reference data kept for a minute), for suites whose
 * answers must not depend on it.
 */
export const VIEW_REUSE_MODES = ENGINES.flatMap((engine) => [
  { engine, views: 'rebuilt', deps: { catalogueCacheMs: 0 } },
  { engine, views: 'reused', deps: { catalogueCacheMs: 60_000 } },
]);

export const TEST_COOKIE_SECRET = 'test-cookie-secret-of-at-least-32-characters';

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL: the database's URL, for a second process's own connections. */
  url: string | null;
}

/** A fresh, migrated and seeded database of the given kind. */
export async function openTestDatabase(kind: EngineKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteDumpPath'));
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
    return { ...handle, url: null };
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // CREATE DATABASE … TEMPLATE fails while another session copies the same template.
    // Up to ~20 s of retries: on a busy machine every test file may be copying at once.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const testUrl = databaseUrl(url, name);
  const handle = await openDatabase({ kind: 'postgres', url: testUrl, poolSize: 4 });
  return {
    ...handle,
    url: testUrl,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: TestDatabase;
  close(): Promise<void>;
}

/**
 * An app over a fresh test database. `extend` may add routes before the app is
 * sealed (e.g. ones that fail on purpose).
 */
/**
 * The app on a database the test already has, with the tests' defaults (the test
 * cookie secret, no logging, no catalogue cache, card testing limits out of reach) under `deps`, ready; `extend` adds to
 * it first. For a second app on the same data, or one with other parts.
 */
export async function appOnDatabase(
  db: AppDeps['db'],
  deps: Partial<AppDeps> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    cookieSecret: TEST_COOKIE_SECRET,
    logger: false,
    catalogueCacheMs: 0,
    // Tests' shoppers share one address and email: card testing tests set the shop's.
    cardTestingLimits: { failures: 1_000, clientTokens: 1_000 },
    ...deps,
  });
  extend?.(app);
  await app.ready();
  return app;
}

export async function createTestApp(
  kind: EngineKind,
  deps: Partial<AppDeps> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const handle = await openTestDatabase(kind);
  const app = await appOnDatabase(handle.db, deps, extend);
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A browser-like client: keeps the cookies the app sets and sends them back. */
export class Shopper {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request<T = any>(options: InjectOptions): Promise<Reply<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
    for (const set of response.cookies) this.cookies.set(set.name, set.value);
    const text = response.body;
    let body: unknown = text;
    if ((response.headers['content-type'] ?? '').toString().includes('json') && text)
      body = JSON.parse(text);
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  get<T = any>(url: string) {
    return this.request<T>({ method: 'GET', url });
  }
  post<T = any>(url: string, payload?: unknown) {
    return this.request<T>({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  put<T = any>(url: string, payload?: unknown) {
    return this.request<T>({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  patch<T = any>(url: string, payload?: unknown) {
    return this.request<T>({
      method: 'PATCH',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  delete<T = any>(url: string) {
    return this.request<T>({ method: 'DELETE', url });
  }
}
