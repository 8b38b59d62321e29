/**
 * Housekeeping: deletes rows that have stopped meaning anything, in one place, on a
 * schedule every API process runs (the deletes are idempotent, so several processes
 * running them is harmless):
 * - rate-limit counters whose window is over, and payment attempts older than the
 *   card-testing window (ADR 040),
 * - auth tokens that expired or were revoked (logout, password change),
 * - password-reset links that expired or were used,
 * - basket share and abandoned-basket links that expired,
 * - stale guest baskets: open or merged, owned by no customer, unchanged for
 *   STALE_GUEST_BASKET_DAYS and behind no live link. Their cookie lasts 30 days, so
 *   no browser can reach them any more; ordered baskets and customers' are kept.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { LOGIN_LIMITS, RESET_LIMITS } from '../auth/auth.service.ts';
import { PAYMENT_FAILURE_LIMIT } from '../order/payment-attempts.ts';

/** A guest basket nobody has changed for this long is deleted. */
export const STALE_GUEST_BASKET_DAYS = 60;

/** A rate-limit counter is kept until its longest window is over. */
export const RATE_LIMIT_RETENTION_S = Math.max(LOGIN_LIMITS.windowS, RESET_LIMITS.windowS);

/** How often the purge runs, and how long after start-up it first does. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000;

/** Rows deleted, per table. */
export interface PurgeCounts {
  rate_limits: number;
  auth_tokens: number;
  password_resets: number;
  basket_shares: number;
  baskets: number;
  payment_attempts: number;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Deletes every expired row (see the module comment); returns how many, per table. */
export async function purgeExpired(db: Db): Promise<PurgeCounts> {
  const now = sql<Date>`now()`;
  const rateLimits = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${RATE_LIMIT_RETENTION_S})`)
    .executeTakeFirstOrThrow();
  const authTokens = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirstOrThrow();
  const passwordResets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirstOrThrow();
  const basketShares = await db
    .deleteFrom('basket_shares')
    .where('expires_at', '<=', now)
    .executeTakeFirstOrThrow();
  const baskets = await db
    .deleteFrom('baskets')
    .where('user_id', 'is', null)
    .where('status', 'in', ['open', 'merged'])
    .where('updated_at', '<', sql<Date>`now() - make_interval(days => ${STALE_GUEST_BASKET_DAYS})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('basket_shares')
            .select('basket_shares.id')
            .whereRef('basket_shares.basket_id', '=', 'baskets.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const paymentAttempts = await db
    .deleteFrom('payment_attempts')
    .where(
      'at',
      '<',
      sql<Date>`now() - make_interval(secs => ${PAYMENT_FAILURE_LIMIT.windowMs / 1000})`,
    )
    .executeTakeFirstOrThrow();
  return {
    rate_limits: deleted(rateLimits),
    auth_tokens: deleted(authTokens),
    password_resets: deleted(passwordResets),
    basket_shares: deleted(basketShares),
    baskets: deleted(baskets),
    payment_attempts: deleted(paymentAttempts),
  };
}

export interface Housekeeping {
  /** Stops the schedule, waiting for a purge under way to end. */
  stop(): Promise<void>;
}

/**
 * Runs `purge` HOUSEKEEPING_FIRST_RUN_MS after start-up, then every
 * HOUSEKEEPING_INTERVAL_MS, never two at once. A failure is logged and tried again
 * next time. The timers never keep the process alive.
 */
export function scheduleHousekeeping(deps: {
  /** The hourly work: purging, and anything else that counts what it did (orders). */
  purge: () => Promise<PurgeCounts | Record<string, number>>;
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  intervalMs?: number;
  firstRunMs?: number;
  /** What the log says when the work did something (the default: the hourly purge's). */
  message?: string;
}): Housekeeping {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = deps
      .purge()
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) {
          deps.log.info({ deleted: counts }, deps.message ?? 'housekeeping purged expired rows');
        }
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'housekeeping failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, deps.firstRunMs ?? HOUSEKEEPING_FIRST_RUN_MS);
  const every = setInterval(run, deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
