import { beforeEach, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { NotificationFeed } from '../../db/notifications.ts';
import {
  basketViewCache,
  BASKET_CHANGED_CHANNEL,
  type BasketViewCache,
} from './basket-view-cache.ts';

/** A feed the test drives: what the database would announce, and when it is down. */
class ScriptedFeed implements NotificationFeed {
  live = true;
  epoch = 1;
  private readonly handlers = new Map<string, (payload: string) => void>();
  async subscribe(channel: string, handler: (payload: string) => void) {
    this.handlers.set(channel, handler);
  }
  async caughtUp() {}
  async close() {}
  announce(basketId: string, version: number) {
    this.handlers.get(BASKET_CHANGED_CHANNEL)?.(`${basketId}:${version}`);
  }
  lose() {
    this.live = false;
    this.epoch += 1;
  }
  regain() {
    this.live = true;
    this.epoch += 1;
  }
}

const ID = '6f1d3c1e-8a6b-4a59-9a55-3d0e9c1f2a10';
const OTHER = '0b8f7e55-1b1c-4c57-8d8e-2f7a3f6c9d21';
const snapshot = {};
const key = { viewer: 'guest', snapshot };
const viewOf = (label: string) => ({ email_address: label }) as unknown as BasketView;
const basket = (version: number, user_id: number | null = null) => ({ id: ID, version, user_id });

describe('basket view cache', () => {
  let feed: ScriptedFeed;
  let clock: number;
  let cache: BasketViewCache;

  beforeEach(async () => {
    feed = new ScriptedFeed();
    clock = 1_000;
    cache = basketViewCache({ feed, ttlMs: 5_000, maxEntries: 3, now: () => clock });
    await cache.start();
  });

  it('serves a remembered view without a read until the basket changes', () => {
    cache.remember(basket(4, 7), cache.ticket(), key, viewOf('v4'));
    expect(cache.trusted).toBe(true);
    expect(cache.current(ID, key)).toEqual({ view: viewOf('v4'), ownerId: 7 });

    feed.announce(ID, 5);
    expect(cache.current(ID, key)).toBeUndefined();
  });

  it('keeps a view when the announcement is of the version it already shows', () => {
    // A process's own write: it re-reads and caches version 5, then hears of version 5.
    cache.remember(basket(5), cache.ticket(), key, viewOf('v5'));
    feed.announce(ID, 5);
    expect(cache.current(ID, key)?.view).toEqual(viewOf('v5'));
  });

  it('refuses what a read saw when a newer version was announced while it ran', () => {
    const ticket = cache.ticket();
    // …the read sees version 4; meanwhile another process commits version 5.
    feed.announce(ID, 5);
    cache.remember(basket(4), ticket, key, viewOf('stale'));
    expect(cache.current(ID, key)).toBeUndefined();

    const later = cache.ticket();
    cache.remember(basket(5), later, key, viewOf('v5'));
    expect(cache.current(ID, key)?.view).toEqual(viewOf('v5'));
  });

  it('refuses a racing read when the announcement that could concern it was forgotten', () => {
    const ticket = cache.ticket();
    // More baskets change than the cache remembers announcements for.
    for (let i = 0; i < 4; i++) feed.announce(`${OTHER.slice(0, -1)}${i}`, 2);
    feed.announce(OTHER, 2);
    cache.remember(basket(4), ticket, key, viewOf('maybe stale'));
    expect(cache.current(ID, key)).toBeUndefined();
  });

  it('trusts nothing while the feed is down, and nothing cached before it came back', () => {
    cache.remember(basket(4), cache.ticket(), key, viewOf('v4'));
    feed.lose();
    expect(cache.trusted).toBe(false);
    expect(cache.current(ID, key)).toBeUndefined();
    // Checked against a version read from the database, it is still usable.
    expect(cache.atVersion(ID, 4, key)?.view).toEqual(viewOf('v4'));
    expect(cache.atVersion(ID, 5, key)).toBeUndefined();

    feed.regain();
    expect(cache.current(ID, key)).toBeUndefined();
    cache.remember(basket(6), cache.ticket(), key, viewOf('v6'));
    expect(cache.current(ID, key)?.view).toEqual(viewOf('v6'));
  });

  it('does not trust a view whose read began before the feed was lost and regained', () => {
    const ticket = cache.ticket();
    feed.lose();
    feed.regain();
    cache.remember(basket(4), ticket, key, viewOf('v4'));
    expect(cache.current(ID, key)).toBeUndefined();
  });

  it('reuses a view only for the same viewer and reference data, within its lifetime', () => {
    cache.remember(basket(4), cache.ticket(), key, viewOf('v4'));
    expect(cache.current(ID, { viewer: 'customer 7', snapshot })).toBeUndefined();
    expect(cache.current(ID, { viewer: 'guest', snapshot: {} })).toBeUndefined();
    clock += 5_001;
    expect(cache.current(ID, key)).toBeUndefined();
  });

  it('keeps at most the configured number of baskets, dropping the oldest', () => {
    const ids = ['a', 'b', 'c', 'd'].map((c) => `${ID.slice(0, -1)}${c}`);
    for (const id of ids)
      cache.remember({ id, version: 1, user_id: null }, cache.ticket(), key, viewOf(id));
    expect(cache.current(ids[0]!, key)).toBeUndefined();
    expect(ids.slice(1).map((id) => cache.current(id, key)?.view)).toEqual(
      ids.slice(1).map(viewOf),
    );
  });

  it('caches nothing when its lifetime is zero (tests of exact reference data)', async () => {
    const off = basketViewCache({ feed, ttlMs: 0, maxEntries: 3 });
    await off.start();
    off.remember(basket(4), off.ticket(), key, viewOf('v4'));
    expect(off.trusted).toBe(false);
    expect(off.current(ID, key)).toBeUndefined();
    expect(off.atVersion(ID, 4, key)).toBeUndefined();
  });
});
