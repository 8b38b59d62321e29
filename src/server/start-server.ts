/**
 * Starts the shop from a validated configuration: opens and migrates the database,
 * loads the demo data when wanted (outside production, or with SEED_DEMO=true),
 * settles orders a stopped process left pending, schedules housekeeping (and the minute
 * back-in-stock sweep), listens, and shuts down gracefully on SIGTERM/SIGINT — within
 * SHUTDOWN_GRACE_SECONDS: past that the process exits anyway, logging what it was still
 * waiting for (ADR 043). A request that never finishes cannot keep a stopped shop alive.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { testModeVerifier } from './adapters/captcha/test-mode.ts';
import { turnstileVerifier } from './adapters/captcha/turnstile.ts';
import { outboxMailer } from './adapters/email/outbox.ts';
import { smtpMailer } from './adapters/email/smtp.ts';
import { addressLookupFor, addressLookupWarning } from './adapters/address-lookup/choose.ts';
import { paymentGatewayFor, paymentWarnings } from './adapters/payments/choose.ts';
import { buildApp } from './app.ts';
import { exposedDefaultsWarning, publicUrlWarning, type AppConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { purgeExpired, scheduleHousekeeping } from './modules/housekeeping/housekeeping.ts';
import { foldSearchSales, SEARCH_SALES_FOLD_MS } from './modules/search/search-sales.ts';
import { sealStaffTotpSecrets } from './modules/staff/seal-totp-secrets.ts';
import { staffTotpSecrets } from './modules/staff/totp.ts';
import { PENDING_SWEEP_MS } from './modules/order/reconciliation.ts';
import { writeNoPicture } from './modules/admin-products/no-picture.ts';

/** How often waiting back-in-stock sign-ups are checked against stock. */
export const STOCK_ALERT_SWEEP_MS = 60 * 1000;

/** Where `npm run build` puts the web app. */
export const WEB_DIST_DIR = resolve(import.meta.dirname, '../../dist/web');

/**
 * Loads the demo catalogue, vouchers, accounts and staff (each only when missing). The seed
 * modules are imported here, on demand, so a production start never loads them.
 */
async function loadDemoData(
  db: Db,
  mediaDir: string,
  log: { info(object: object, message: string): void },
) {
  const [{ seedDemoData }, { seedDemoAccounts }, { writeDemoImages }, { seedDemoStaff }] =
    await Promise.all([
      import('./db/seed/seed.ts'),
      import('./db/seed/demo-accounts.ts'),
      import('./db/seed/demo-images.ts'),
      import('./db/seed/demo-staff.ts'),
    ]);
  if (await seedDemoData(db)) log.info({}, 'demo catalogue loaded');
  // Every start: the media folder may be new (another host, or a database from before 009).
  const pictures = await writeDemoImages(db, mediaDir);
  if (pictures) log.info({ pictures, mediaDir }, 'demo pictures written');
  const accounts = await seedDemoAccounts(db);
  if (accounts) log.info({ accounts }, 'demo accounts added');
  const staff = await seedDemoStaff(db);
  if (staff) log.info({ staff }, 'demo staff added (back office at /admin)');
}

export interface RunningShop {
  app: FastifyInstance;
  db: Db;
  /** Stops housekeeping, the server and the database (what SIGTERM does, minus exiting). */
  stop(): Promise<void>;
}

export async function startServer(
  config: AppConfig,
  options: { logger?: Logger } = {},
): Promise<RunningShop> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
  await mkdir(config.mediaDir, { recursive: true });
  // A new product's picture until one is uploaded (ADR 062).
  await writeNoPicture(config.mediaDir);
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          poolSize: config.database.poolSize,
          onIdleError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
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
  const payments = paymentGatewayFor(config, handle.db);
  logger.info(
    {
      captcha: captcha.mode,
      email: mailer.mode,
      addressLookup: addressLookup.mode,
      payments: payments.mode,
      ...(config.payments.braintree
        ? { braintreeEnvironment: config.payments.braintree.environment }
        : {}),
    },
    'vendors',
  );
  const lookupWarning = addressLookupWarning(config);
  if (lookupWarning) logger.warn(lookupWarning);
  for (const warning of paymentWarnings(config)) logger.warn(warning);
  const app = await buildApp({
    db: handle.db,
    captcha,
    mailer,
    cookieSecret: config.cookieSecret,
    secureCookies: config.env === 'production',
    webDistDir: WEB_DIST_DIR,
    mediaDir: config.mediaDir,
    logger,
    catalogueCacheMs: config.catalogueCacheMs,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    seller: config.seller,
    ...(config.allowIndexing === null ? {} : { allowIndexing: config.allowIndexing }),
    devOutbox: config.env !== 'production',
    addressLookup,
    payments,
    wallets: config.payments,
    sqlStatementsHeader: config.sqlStatementsHeader,
    metricsAccess: config.metrics,
  });
  const applied = await migrate(handle);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (config.seedDemo) await loadDemoData(handle.db, config.mediaDir, app.log);
  else app.log.info('demo data not loaded (SEED_DEMO is false, as in production by default)');
  // Staff authenticator secrets are kept sealed (ADR 075): any still stored as they are.
  const sealed = await sealStaffTotpSecrets(handle.db, staffTotpSecrets(config.cookieSecret));
  if (sealed) app.log.info({ staff: sealed }, 'staff authenticator secrets sealed');
  // Orders a stopped process left pending (ADR 019): settled now and every hour. PGlite's
  // data folder belongs to this one process, so at start nothing can still be charging
  // any of them: all are settled (ADR 030). On PostgreSQL other processes may be, so
  // only those older than any charge should take; the sweep below settles the rest.
  const reconcile = async (atStart = false) => {
    const counts = await app.reconcilePendingOrders(
      atStart && config.database.kind === 'pglite' ? { olderThanMs: 0 } : {},
    );
    const cancellations = await app.finishStaleCancellations();
    return {
      orders_paid: counts.paid,
      orders_failed: counts.failed,
      sales_reversed: counts.reversed,
      cancellations_finished: cancellations.finished,
    };
  };
  await reconcile(true).catch((error: unknown) =>
    app.log.error({ err: error }, 'order reconciliation failed'),
  );
  // No basket stays frozen by a charge nobody finished (a stopped process, a lost
  // answer): every process settles orders pending for over 40 s (ADR 038).
  const pendingOrderSweep = scheduleHousekeeping({
    purge: async () => {
      const counts = await app.settlePendingOrders();
      return { orders_paid: counts.paid, orders_failed: counts.failed };
    },
    log: app.log,
    intervalMs: PENDING_SWEEP_MS,
    firstRunMs: PENDING_SWEEP_MS,
    message: 'pending orders settled',
  });
  const housekeeping = scheduleHousekeeping({
    purge: async () => ({ ...(await purgeExpired(handle.db)), ...(await reconcile()) }),
    log: app.log,
  });
  // Back-in-stock emails due since the last sweep, however the stock came back (ADR 025).
  const searchSalesFold = scheduleHousekeeping({
    purge: async () => ({ search_families: await foldSearchSales(handle.db) }),
    log: app.log,
    intervalMs: SEARCH_SALES_FOLD_MS,
    firstRunMs: SEARCH_SALES_FOLD_MS,
    message: 'units sold folded into search',
  });
  const stockAlertSweep = scheduleHousekeeping({
    purge: async () => {
      const counts = await app.dispatchStockAlerts();
      return { back_in_stock_sent: counts.sent, back_in_stock_failed: counts.failed };
    },
    log: app.log,
    intervalMs: STOCK_ALERT_SWEEP_MS,
    firstRunMs: STOCK_ALERT_SWEEP_MS,
    message: 'back-in-stock emails sent',
  });

  let stopping: Promise<void> | null = null;
  /** The step a shutdown is on, for the log when it runs out of time. */
  let stage = 'running';
  const stop = () =>
    (stopping ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      stage = 'scheduled work (housekeeping, back-in-stock and pending-order sweeps)';
      await Promise.all([
        housekeeping.stop(),
        stockAlertSweep.stop(),
        pendingOrderSweep.stop(),
        searchSalesFold.stop(),
      ]);
      // Stops listening at once; waits for the requests in flight to be answered.
      stage = 'requests in flight';
      await app.close();
      stage = 'the database';
      await handle.close();
    })());
  function onSignal(signal: NodeJS.Signals) {
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    // An order cut short here is settled by reconciliation at the next start (ADR 019).
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, waitingFor: stage, requests: app.inFlightRequests() },
        `shutdown did not finish within ${config.shutdownGraceMs} ms: exiting with work pending`,
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    stop().then(
      () => {
        clearTimeout(deadline);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  }
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  if (config.metrics === 'off') {
    app.log.info('metrics not served at /metrics (set METRICS_TOKEN to serve them)');
  }
  for (const warning of [exposedDefaultsWarning(config), publicUrlWarning(config)]) {
    if (warning) app.log.warn(warning);
  }
  await app.listen({ host: config.host, port: config.port });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  app.log.info(
    { database: config.database.kind },
    `Everbloom shop on http://localhost:${config.port} (database: ${where})`,
  );
  return { app, db: handle.db, stop };
}
