/**
 * Vitest global set-up: builds the test databases once per run.
 * - PGlite: a migrated, seeded data directory dumped to a file; each test file
 *   loads its own copy (much faster than migrating again).
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated, seeded template
 *   database; each test file creates its own database from it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoAccounts } from '../db/seed/demo-accounts.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { TEST_DB_PREFIX, databaseUrl } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'everbloom-test-'));
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? `${TEST_DB_PREFIX}tpl_${process.pid}` : null;
  // The two engines' databases are built at the same time: PGlite works in this
  // process, PostgreSQL mostly in its server.
  const [dumpPath] = await Promise.all([
    pgliteDump(dir),
    url && template ? postgresTemplate(url, template) : null,
  ]);
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const row of rows)
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

/** A migrated, seeded PGlite data directory, dumped to a file in `dir`: its path. */
async function pgliteDump(dir: string): Promise<string> {
  const pglite = await openDatabase({ kind: 'pglite' });
  await migrate(pglite);
  await seedDemoData(pglite.db);
  await seedDemoAccounts(pglite.db);
  const dump = await pglite.dump?.();
  await pglite.close();
  if (!dump) throw new Error('PGlite handle cannot dump');
  const dumpPath = join(dir, 'pglite.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  return dumpPath;
}

/** Creates the migrated, seeded PostgreSQL database `template` on `url`'s server. */
async function postgresTemplate(url: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template) });
  await migrate(handle);
  await seedDemoData(handle.db);
  await seedDemoAccounts(handle.db);
  await handle.close();
}
