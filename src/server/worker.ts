/**
 * `npm run worker`: a process that runs only the background jobs (ADR 069), beside web
 * processes started with JOBS_IN_WEB=false. Any number may run: each job runs once.
 * It needs PostgreSQL (DATABASE_URL): PGlite's data folder belongs to the one process
 * that opened it, whose web process runs the jobs itself.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { EMAIL_WARM_UP_AFTER_MS, startServer } from './start-server.ts';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.database.kind !== 'postgres') {
    console.error(
      'npm run worker needs PostgreSQL (DATABASE_URL): PGlite belongs to one process, and the web process runs the jobs itself.',
    );
    process.exit(1);
  }
  try {
    await startServer(config, { role: 'worker', warmEmailsAfterMs: EMAIL_WARM_UP_AFTER_MS });
  } catch (error) {
    console.error('The worker could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await main();
