/**
 * Starts the shop from a validated configuration: opens and migrates the database,
 * loads the demo catalogue on first start, listens, and shuts down gracefully on
 * SIGTERM/SIGINT.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { testModeVerifier } from './adapters/captcha/test-mode.ts';
import { turnstileVerifier } from './adapters/captcha/turnstile.ts';
import { outboxMailer } from './adapters/email/outbox.ts';
import { smtpMailer } from './adapters/email/smtp.ts';
import { addressLookupFor, addressLookupWarning } from './adapters/address-lookup/choose.ts';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoData } from './db/seed/seed.ts';

/** Where `npm run build` puts the web app. */
export const WEB_DIST_DIR = resolve(import.meta.dirname, '../../dist/web');

export async function startServer(config: AppConfig) {
  const logger = pino({ level: config.logLevel });
  if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          poolSize: config.database.poolSize,
          onIdleError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
          log: logger,
        }
      : { kind: 'pglite', dataDir: resolve(config.database.dataDir) },
  );
  // Vendors are chosen once, here: the real ones when configured, else test mode.
  const captcha = config.turnstile
    ? turnstileVerifier({
        siteKey: config.turnstile.siteKey,
        secretKey: config.turnstile.secretKey,
      })
    : testModeVerifier({});
  const mailer = config.smtp
    ? smtpMailer({ url: config.smtp.url, from: config.smtp.from })
    : outboxMailer(handle.db);
  const addressLookup = addressLookupFor(config);
  logger.info(
    { captcha: captcha.mode, email: mailer.mode, addressLookup: addressLookup.mode },
    'vendors',
  );
  const lookupWarning = addressLookupWarning(config);
  if (lookupWarning) logger.warn(lookupWarning);
  const app = await buildApp({
    db: handle.db,
    notifications: handle.notifications,
    captcha,
    mailer,
    cookieSecret: config.cookieSecret,
    secureCookies: config.env === 'production',
    webDistDir: WEB_DIST_DIR,
    logger,
    catalogueCacheMs: config.catalogueCacheMs,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    devOutbox: config.env !== 'production',
    addressLookup,
  });
  const applied = await migrate(handle);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (await seedDemoData(handle.db)) app.log.info('demo catalogue loaded');
  const accounts = await seedDemoAccounts(handle.db);
  if (accounts) app.log.info({ accounts }, 'demo accounts added');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  app.log.info(
    { database: config.database.kind },
    `Everbloom shop on http://localhost:${config.port} (database: ${where})`,
  );
  return app;
}
