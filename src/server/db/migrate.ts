/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its
 * own transaction, in name order. Safe to call on every start.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
// Any fixed number: serialises migrations across API processes sharing one PostgreSQL.
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations; returns the names applied. */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await handle.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
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
