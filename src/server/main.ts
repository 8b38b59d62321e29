/**
 * The shop's process entry: reads the configuration (a bad value stops start-up
 * with a message naming the variable) and starts the server.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { EMAIL_WARM_UP_AFTER_MS, startServer } from './start-server.ts';

async function main() {
  // A local .env fills in variables the environment does not set.
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
  try {
    await startServer(config, { warmEmailsAfterMs: EMAIL_WARM_UP_AFTER_MS });
  } catch (error) {
    console.error('The shop could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await main();
