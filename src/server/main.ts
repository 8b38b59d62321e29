/**
 * The shop's process entry: reads the configuration (a bad value stops start-up
 * with a message naming the variable) and starts the server.
 */
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { startServer } from './start-server.ts';

async function main() {
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
    await startServer(config);
  } catch (error) {
    console.error('The shop could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await main();
