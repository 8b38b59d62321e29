/**
 * Starts the shop from a validated configuration: opens and migrates the database,
 * loads the demo data when wanted (outside production, or with SEED_DEMO=true),
 * settles orders a stopped process left pending, starts the job queue (ADR 069: the
 * web process runs the jobs unless JOBS_IN_WEB=false; `npm run worker` runs only jobs),
 * listens, and shuts down gracefully on SIGTERM/SIGINT — within SHUTDOWN_GRACE_SECONDS:
 * past that the process exits anyway, logging what it was still waiting for (ADR 043).
 * A request that never finishes cannot keep a stopped shop alive. With `warmEmailsAfterMs`
 * (the process entries pass it; tests need not), React Email is loaded once the started
 * process is idle, so the first email does not wait for it (ADR 072).
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
import { writeNoPicture } from './modules/admin-products/no-picture.ts';
import { queuedMailer, SEND_EMAIL_JOB, sendEmailJob } from './adapters/email/queued.ts';
import { jobQueueFor } from './adapters/jobs/choose.ts';
import type { JobQueue } from './adapters/jobs/port.ts';
import { definePeriodicJobs, startJobClock } from './modules/jobs/shop-jobs.ts';
import { BASKET_REMINDER_JOB, basketReminderJob } from './modules/basket/basket-reminders.ts';
import { sealStaffTotpSecrets } from './modules/staff/seal-totp-secrets.ts';
import { staffTotpSecrets } from './modules/staff/totp.ts';
import { warmEmailsWhenIdle, type EmailWarmUp } from './emails/warm-up.ts';

/** How long after start the process entries (npm start, npm run worker) warm the emails. */
export const EMAIL_WARM_UP_AFTER_MS = 3_000;

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
  /** The job queue (ADR 069). */
  jobs: JobQueue;
  /** Loading React Email ahead of the first email (ADR 072); null without `warmEmailsAfterMs`. */
  emailWarmUp: EmailWarmUp | null;
  /** Stops the jobs, the server and the database (what SIGTERM does, minus exiting). */
  stop(): Promise<void>;
}

/**
 * `role` 'worker' (npm run worker) runs the jobs and never listens; 'web' (the default)
 * listens and runs the jobs too unless JOBS_IN_WEB=false. `warmEmailsAfterMs`: load React
 * Email that long after the start, once no request is in flight (none: on first use).
 */
export async function startServer(
  config: AppConfig,
  options: { logger?: Logger; role?: 'web' | 'worker'; warmEmailsAfterMs?: number } = {},
): Promise<RunningShop> {
  const role = options.role ?? 'web';
  const runsJobs = role === 'worker' || config.jobsInWeb;
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
  const sender = config.smtp
    ? smtpMailer({ url: config.smtp.url, from: config.smtp.from })
    : outboxMailer(handle.db);
  // Every email goes through the queue: retried with backoff, dead-lettered at last.
  const jobs = jobQueueFor(config.database, handle, logger);
  jobs.define(SEND_EMAIL_JOB, sendEmailJob(sender));
  const mailer = queuedMailer(jobs, sender);
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
    webDistDir: role === 'worker' ? null : WEB_DIST_DIR,
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
    jobs,
    basketReminderSeconds: config.basketReminderSeconds,
  });
  const applied = await migrate(handle);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (config.seedDemo) await loadDemoData(handle.db, config.mediaDir, app.log);
  else app.log.info('demo data not loaded (SEED_DEMO is false, as in production by default)');
  // Staff authenticator secrets are kept sealed (ADR 075): any still stored as they are.
  const sealed = await sealStaffTotpSecrets(handle.db, staffTotpSecrets(config.cookieSecret));
  if (sealed) app.log.info({ staff: sealed }, 'staff authenticator secrets sealed');
  // Housekeeping, the pending-order sweep (ADR 038) and the back-in-stock sweep (ADR 025)
  // are jobs: each process running jobs asks for them, and each window's runs once.
  definePeriodicJobs(jobs, {
    db: handle.db,
    mediaDir: config.mediaDir,
    reconcilePendingOrders: () => app.reconcilePendingOrders(),
    finishStaleCancellations: () => app.finishStaleCancellations(),
    settlePendingOrders: () => app.settlePendingOrders(),
    dispatchStockAlerts: () => app.dispatchStockAlerts(),
    resolvePendingRefunds: () => app.resolvePendingRefunds(),
    log: app.log,
  });
  // Abandoned-basket reminders (ADR 077), queued by basket writes.
  jobs.define(BASKET_REMINDER_JOB, basketReminderJob(app.sendBasketReminder));
  // Before anything sends an email: sending queues it.
  await jobs.start({ work: runsJobs });
  // Orders a stopped process left pending (ADR 019): settled now, and hourly by the
  // housekeeping job. PGlite's data folder belongs to this one process, so at start
  // nothing can still be charging any of them: all are settled (ADR 030). On PostgreSQL
  // other processes may be, so only those older than any charge should take; the
  // pending-orders job settles the rest.
  await (async () => {
    await app.reconcilePendingOrders(config.database.kind === 'pglite' ? { olderThanMs: 0 } : {});
    await app.finishStaleCancellations();
  })().catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'));
  const clock = runsJobs ? startJobClock(jobs, app.log) : null;
  app.log.info(
    { role, runsJobs },
    runsJobs ? 'background jobs run in this process' : 'background jobs run in `npm run worker`',
  );

  let emailWarmUp: EmailWarmUp | null = null;
  /** Starts the warm-up, when asked for, once the process is up (ADR 072). */
  const warmEmails = () => {
    if (options.warmEmailsAfterMs === undefined) return null;
    return warmEmailsWhenIdle({
      afterMs: options.warmEmailsAfterMs,
      busy: () => app.inFlightRequests().length > 0,
      log: app.log,
    });
  };

  let stopping: Promise<void> | null = null;
  /** The step a shutdown is on, for the log when it runs out of time. */
  let stage = 'running';
  const stop = () =>
    (stopping ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      clock?.stop();
      emailWarmUp?.cancel();
      // Stops listening at once; waits for the requests in flight to be answered (they
      // may still queue emails).
      stage = 'requests in flight';
      await app.close();
      stage = 'background jobs under way';
      await jobs.stop(config.shutdownGraceMs);
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
  if (role === 'worker') {
    app.log.info({ database: config.database.kind }, 'Everbloom worker running jobs only');
    emailWarmUp = warmEmails();
    return { app, db: handle.db, jobs, emailWarmUp, stop };
  }
  await app.listen({ host: config.host, port: config.port });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  app.log.info(
    { database: config.database.kind },
    `Everbloom shop on http://localhost:${config.port} (database: ${where})`,
  );
  // After listening: the first requests are not held up by it, the first email no longer is.
  emailWarmUp = warmEmails();
  return { app, db: handle.db, jobs, emailWarmUp, stop };
}
