/**
 * The shop's background jobs (ADR 069) and the clock that asks for the periodic ones.
 * Every process that runs jobs ticks; the queue keeps one job per window (pg-boss's
 * singleton slot), so however many processes tick, each window's job runs once:
 * - housekeeping, hourly: expired rows purged, orders left pending settled (ADR 019),
 *   cancellations a stopped process left finished (ADR 023);
 * - pending-orders, every 15 s: orders pending longer than a charge takes (ADR 038);
 * - stock-alerts, every minute: back-in-stock emails now due (ADR 025);
 * - search-sales, every minute: units sold folded into the search documents (ADR 076),
 *   and the facet count deltas of the text-less lists compacted (ADR 084);
 * - pending-refunds, every minute: refunds to the payment left pending for over five
 *   minutes checked with the gateway, completed or released (ADR 081);
 * - picture-sweep, every 12 hours: pictures removed long ago lose their rows and files (ADR 063);
 * - send-email, queued by the mailer (adapters/email/queued.ts).
 */
import { z } from 'zod';
import type { JobQueue } from '../../adapters/jobs/port.ts';
import type { Db } from '../../db/client.ts';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from '../housekeeping/housekeeping.ts';
import { PENDING_SWEEP_MS } from '../order/reconciliation.ts';
import { PICTURE_SWEEP_INTERVAL_MS, sweepRemovedPictures } from '../pictures/picture-sweep.ts';
import {
  compactSearchFacets,
  foldSearchSales,
  SEARCH_SALES_FOLD_MS,
} from '../search/search-sales.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const PENDING_ORDERS_JOB = 'pending-orders';
export const STOCK_ALERTS_JOB = 'stock-alerts';
export const SEARCH_SALES_JOB = 'search-sales';
export const PENDING_REFUNDS_JOB = 'pending-refunds';

/** How often refunds left pending are checked with the gateway (ADR 081). */
export const PENDING_REFUNDS_SWEEP_MS = 60 * 1000;
export const PICTURE_SWEEP_JOB = 'picture-sweep';

/** How often waiting back-in-stock sign-ups are checked against stock. */
export const STOCK_ALERT_SWEEP_MS = 60 * 1000;

/** The longest a process waits between asking for periodic jobs. */
const TICK_MS = 15 * 1000;

/** The periodic jobs: their payload is empty. */
const empty = z.object({}).strict();

/** What the periodic jobs call (the app's services; see app.ts). */
export interface PeriodicWork {
  db: Db;
  /** The media folder the pictures' files are in (shared by every process; ADR 063). */
  mediaDir: string | null;
  reconcilePendingOrders(): Promise<{ paid: number; failed: number; reversed: number }>;
  finishStaleCancellations(): Promise<{ finished: number }>;
  settlePendingOrders(): Promise<{ paid: number; failed: number }>;
  dispatchStockAlerts(): Promise<{ sent: number; failed: number }>;
  resolvePendingRefunds(): Promise<{ completed: number; released: number; unavailable: number }>;
  log: { info(object: object, message: string): void };
}

const logIfAny = (work: PeriodicWork, counts: Record<string, number>, message: string) => {
  if (Object.values(counts).some((count) => count > 0)) work.log.info({ counts }, message);
};

/** Defines the periodic jobs on `queue`. */
export function definePeriodicJobs(queue: JobQueue, work: PeriodicWork): void {
  // Each runs again at its next window, so one retry soon is enough; a dead letter
  // means the same failure twice running, worth a look.
  queue.define(HOUSEKEEPING_JOB, {
    schema: empty,
    retries: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 30 * 60,
    async handle() {
      const purged = await purgeExpired(work.db);
      const orders = await work.reconcilePendingOrders();
      const cancellations = await work.finishStaleCancellations();
      logIfAny(
        work,
        {
          ...purged,
          orders_paid: orders.paid,
          orders_failed: orders.failed,
          sales_reversed: orders.reversed,
          cancellations_finished: cancellations.finished,
        },
        'housekeeping purged expired rows and settled orders',
      );
    },
  });
  queue.define(PENDING_ORDERS_JOB, {
    schema: empty,
    retries: 1,
    retryDelaySeconds: 5,
    timeoutSeconds: 5 * 60,
    async handle() {
      const counts = await work.settlePendingOrders();
      logIfAny(
        work,
        { orders_paid: counts.paid, orders_failed: counts.failed },
        'pending orders settled',
      );
    },
  });
  queue.define(STOCK_ALERTS_JOB, {
    schema: empty,
    retries: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 10 * 60,
    async handle() {
      const counts = await work.dispatchStockAlerts();
      logIfAny(
        work,
        { back_in_stock_sent: counts.sent, back_in_stock_failed: counts.failed },
        'back-in-stock emails queued',
      );
    },
  });
  queue.define(PENDING_REFUNDS_JOB, {
    schema: empty,
    retries: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 10 * 60,
    async handle() {
      const counts = await work.resolvePendingRefunds();
      logIfAny(
        work,
        {
          refunds_completed: counts.completed,
          refunds_released: counts.released,
          refunds_unanswered: counts.unavailable,
        },
        'pending refunds checked with the payment gateway',
      );
    },
  });
  queue.define(SEARCH_SALES_JOB, {
    schema: empty,
    retries: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 5 * 60,
    async handle() {
      const families = await foldSearchSales(work.db);
      logIfAny(work, { search_families: families }, 'units sold folded into search');
      // The text-less lists' facet count deltas, folded on the same beat (ADR 084).
      await compactSearchFacets(work.db);
    },
  });
  queue.define(PICTURE_SWEEP_JOB, {
    schema: empty,
    retries: 2,
    retryDelaySeconds: 10 * 60,
    timeoutSeconds: 60 * 60,
    async handle() {
      const counts = await sweepRemovedPictures(work.db, work.mediaDir);
      logIfAny(work, { ...counts }, 'removed pictures swept');
    },
  });
}

/** The periodic jobs and their windows, in seconds. */
export const PERIODIC_JOBS: readonly { name: string; everySeconds: number }[] = [
  { name: HOUSEKEEPING_JOB, everySeconds: HOUSEKEEPING_INTERVAL_MS / 1000 },
  { name: PENDING_ORDERS_JOB, everySeconds: PENDING_SWEEP_MS / 1000 },
  { name: STOCK_ALERTS_JOB, everySeconds: STOCK_ALERT_SWEEP_MS / 1000 },
  { name: SEARCH_SALES_JOB, everySeconds: SEARCH_SALES_FOLD_MS / 1000 },
  { name: PENDING_REFUNDS_JOB, everySeconds: PENDING_REFUNDS_SWEEP_MS / 1000 },
  { name: PICTURE_SWEEP_JOB, everySeconds: PICTURE_SWEEP_INTERVAL_MS / 1000 },
];

export interface JobClock {
  /** Stops asking (jobs already queued still run). */
  stop(): void;
}

/**
 * Asks for each periodic job now and every TICK_MS (or its window, if shorter); the queue
 * drops the asks whose window already has its job. The timer never keeps the process alive.
 */
export function startJobClock(
  queue: JobQueue,
  log: { error(object: object, message: string): void },
  jobs: readonly { name: string; everySeconds: number }[] = PERIODIC_JOBS,
): JobClock {
  const ask = () => {
    for (const job of jobs)
      queue
        .enqueue(job.name, {}, { oncePerSeconds: job.everySeconds })
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'could not queue job'));
  };
  ask();
  const every = Math.min(TICK_MS, ...jobs.map((job) => job.everySeconds * 1000));
  const timer = setInterval(ask, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
