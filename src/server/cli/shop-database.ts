/**
 * What the operator's commands (npm run restock, npm run staff:add) share: the server's
 * own configuration (`.env` too), its database migrated, closed when the work is done.
 * A configuration error is printed and ends the command with exit code 1.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

export async function withShopDatabase(
  work: (handle: DatabaseHandle, config: AppConfig) => Promise<number>,
): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, poolSize: 2 }
      : { kind: 'pglite', dataDir: resolve(config.database.dataDir) },
  );
  try {
    await migrate(handle);
    return await work(handle, config);
  } finally {
    await handle.close();
  }
}
