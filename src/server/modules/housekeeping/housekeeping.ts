/**
 * Housekeeping: deletes rows that have stopped meaning anything, in one place: the
 * hourly `housekeeping` job (ADR 069; the deletes are idempotent, so a retried job or a
 * manual run is harmless):
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

/** How often the purge runs (the housekeeping job's window). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

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
