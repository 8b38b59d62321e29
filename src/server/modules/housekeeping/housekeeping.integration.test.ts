import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { LOGIN_LIMITS, RESET_LIMITS } from '../auth/auth.service.ts';
import {
  purgeExpired,
  RATE_LIMIT_RETENTION_S,
  STALE_GUEST_BASKET_DAYS,
  type PurgeCounts,
} from './housekeeping.ts';

const ago = (interval: string) => sql<string>`now() - ${interval}::interval`;
const fromNow = (interval: string) => sql<string>`now() + ${interval}::interval`;

describe.each(ENGINES)('purgeExpired on %s', (engine) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('keeps rate-limit counters until their longest window is over', () => {
    expect(RATE_LIMIT_RETENTION_S).toBeGreaterThanOrEqual(LOGIN_LIMITS.windowS);
    expect(RATE_LIMIT_RETENTION_S).toBeGreaterThanOrEqual(RESET_LIMITS.windowS);
  });

  it('deletes expired and spent rows, and stale guest baskets, and keeps the rest', async () => {
    const { db } = handle;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', 'demo@example.com')
      .executeTakeFirstOrThrow();
    const product = await db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();

    await db
      .insertInto('rate_limits')
      .values([
        { key: 'test:over', hits: 3, window_start: ago(`${RATE_LIMIT_RETENTION_S + 60} seconds`) },
        { key: 'test:current', hits: 3, window_start: ago('10 minutes') },
      ])
      .execute();
    await db
      .insertInto('auth_tokens')
      .values([
        { token_hash: 'expired', user_id: user.id, expires_at: ago('1 minute') },
        {
          token_hash: 'revoked',
          user_id: user.id,
          expires_at: fromNow('1 day'),
          revoked_at: ago('1 minute'),
        },
        { token_hash: 'live', user_id: user.id, expires_at: fromNow('1 day') },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        { token_hash: 'expired', user_id: user.id, expires_at: ago('1 minute') },
        {
          token_hash: 'used',
          user_id: user.id,
          expires_at: fromNow('1 hour'),
          used_at: ago('1 minute'),
        },
        { token_hash: 'live', user_id: user.id, expires_at: fromNow('1 hour') },
      ])
      .execute();

    const stale = `${STALE_GUEST_BASKET_DAYS + 1} days`;
    const baskets = {
      staleGuest: randomUUID(),
      recentGuest: randomUUID(),
      orderedGuest: randomUUID(),
      customers: randomUUID(),
      mergedGuest: randomUUID(),
      sharedGuest: randomUUID(),
      expiredLinkGuest: randomUUID(),
    };
    await db
      .insertInto('baskets')
      .values([
        { id: baskets.staleGuest, updated_at: ago(stale) },
        { id: baskets.recentGuest, updated_at: ago(`${STALE_GUEST_BASKET_DAYS - 1} days`) },
        { id: baskets.orderedGuest, status: 'ordered', updated_at: ago('400 days') },
        { id: baskets.customers, user_id: user.id, updated_at: ago('400 days') },
        { id: baskets.mergedGuest, status: 'merged', updated_at: ago(stale) },
        { id: baskets.sharedGuest, updated_at: ago(stale) },
        { id: baskets.expiredLinkGuest, updated_at: ago(stale) },
      ])
      .execute();
    await db
      .insertInto('basket_items')
      .values({ basket_id: baskets.staleGuest, product_id: product.id, quantity: 2 })
      .execute();
    const liveLink = randomUUID();
    await db
      .insertInto('basket_shares')
      .values([
        { id: liveLink, basket_id: baskets.sharedGuest, expires_at: fromNow('1 day') },
        { id: randomUUID(), basket_id: baskets.expiredLinkGuest, expires_at: ago('1 minute') },
      ])
      .execute();

    const attempt = (id: string, key: string, at: ReturnType<typeof ago>) => ({
      attempt_id: id,
      key,
      at,
    });
    await db
      .insertInto('payment_attempts')
      .values([
        attempt(randomUUID(), 'address:192.0.2.1', ago('16 minutes')),
        attempt(randomUUID(), 'address:192.0.2.1', ago('14 minutes')),
      ])
      .execute();

    expect(await purgeExpired(db)).toEqual<PurgeCounts>({
      rate_limits: 1,
      auth_tokens: 2,
      password_resets: 2,
      basket_shares: 1,
      baskets: 3,
      payment_attempts: 1,
    });

    const keys = await db.selectFrom('rate_limits').select('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['test:current']);
    // The attempt still inside the card-testing window stays: it still counts.
    expect(await db.selectFrom('payment_attempts').select('key').execute()).toHaveLength(1);
    const tokens = await db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(tokens.map((row) => row.token_hash)).toEqual(['live']);
    const resets = await db.selectFrom('password_resets').select('token_hash').execute();
    expect(resets.map((row) => row.token_hash)).toEqual(['live']);
    const links = await db.selectFrom('basket_shares').select('id').execute();
    expect(links.map((row) => row.id)).toEqual([liveLink]);
    const left = await db
      .selectFrom('baskets')
      .select('id')
      .where('id', 'in', Object.values(baskets))
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual(
      [baskets.recentGuest, baskets.orderedGuest, baskets.customers, baskets.sharedGuest].sort(),
    );
    const items = await db
      .selectFrom('basket_items')
      .select('id')
      .where('basket_id', '=', baskets.staleGuest)
      .execute();
    expect(items).toEqual([]);

    // Nothing left to purge: a second run (or another process's) deletes nothing.
    expect(Object.values(await purgeExpired(db))).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
