/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its
 * own transaction, in name order. Safe to call on every start.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
// Any fixed number: serialises migrations across API processes sharing one PostgreSQL.
const MIGRATION_LOCK = 727_001;

/** The migration files this build has, in the order they apply. */
export async function migrationNames(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
}

/**
 * Whether the database has every migration this build has (readiness, ADR 028): the
 * latest one applied is at least `latest`. A database a newer build has migrated
 * further is ready too (migrations only add, so a rolling deploy's older processes
 * keep serving). False when nothing was ever applied (no schema_migrations table).
 */
export async function migrationsApplied(db: Db, latest: string): Promise<boolean> {
  try {
    const row = await db
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.max('name').as('latest'))
      .executeTakeFirst();
    return row?.latest != null && row.latest >= latest;
  } catch (error) {
    // undefined_table: a database no build has migrated.
    if ((error as { code?: unknown } | null)?.code === '42P01') return false;
    throw error;
  }
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await handle.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const files = await migrationNames();
  const applied: string[] = [];
  const run = async () => {
    const done = new Set(
      (await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const body = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replaceAll("'", "''");
      await handle.execScript(
        `BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  };
  if (handle.kind === 'postgres') {
    await db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
      try {
        await run();
      } finally {
        await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      }
    });
  } else {
    await run();
  }
  return applied;
}
