/**
 * Opens the shop's database: PostgreSQL when a URL is given, otherwise PGlite
 * (embedded PostgreSQL) in a folder or in memory. Both speak the same SQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';
import { countingDialect, StatementTally } from './statement-count.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Statements sent through `db` so far (every one, BEGIN and COMMIT included; ADR 022). */
  statements: StatementTally;
  /** Runs a script of several SQL statements (migrations). */
  execScript(sql: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>;
  /**
   * PGlite only: runs SQL for a library with its own statements (the job queue, ADR 069)
   * on the one connection, when no transaction holds it: one statement with parameters,
   * or a script of several without.
   */
  sharedSql?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** How long a request waits for a PostgreSQL connection (a new one, or a free one in the pool). */
export const CONNECT_TIMEOUT_MS = 15_000;

const INT8 = 20;
const DATE = 1082;

// Counts and sums come back as numbers, dates as 'yyyy-MM-dd' strings, on both engines.
const parseInt8 = (value: string) => Number(value);
const keepDate = (value: string) => value;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when an idle pooled connection fails (e.g. the server restarted). */
      onIdleError?: (error: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens a connection pool (PostgreSQL) or the embedded engine (PGlite). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A database that does not answer (down, or its network dropping packets) fails
      // the request as 503 after this long instead of holding it for TCP's minutes.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return parseInt8;
          if (oid === DATE) return keepDate;
          return pg.types.getTypeParser(oid, format ?? 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, an idle connection dropped by the server would crash the process.
    pool.on('error', (error) => target.onIdleError?.(error));
    // So would one lost while a request holds it (the pool listens only to idle ones):
    // the request's query fails with the error itself (answered 503, ADR 030) and the
    // pool discards the broken connection when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Fail fast with a clear error when the server is unreachable.
    const probe = await pool.connect();
    probe.release();
    const statements = new StatementTally();
    const db = new Kysely<Database>({
      dialect: countingDialect(new PostgresDialect({ pool }), statements),
    });
    return {
      db,
      kind: 'postgres',
      statements,
      execScript: async (sql) => {
        const client = await pool.connect();
        try {
          await client.query(sql);
        } catch (error) {
          // A script that failed inside BEGIN leaves the session aborted: end it.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  }

  const pglite = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    parsers: { [INT8]: parseInt8, [DATE]: keepDate },
    // The back office's order search (migration 021) and product search (029, ADR 055).
    extensions: { pg_trgm, fuzzystrmatch, unaccent },
  });
  await pglite.waitReady;
  const statements = new StatementTally();
  const db = new Kysely<Database>({
    dialect: countingDialect(new PGliteDialect(pglite), statements),
  });
  return {
    db,
    kind: 'pglite',
    statements,
    dump: () => pglite.dumpDataDir('none'),
    sharedSql: (text, values) =>
      db.connection().execute(async () => {
        if (values?.length) return pglite.query(text, values);
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (error) {
          // A script that failed inside its BEGIN would leave the one connection in an
          // aborted transaction, failing every request after it: end it.
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    execScript: async (sql) => {
      await pglite.exec(sql);
    },
    close: () => db.destroy(),
  };
}
