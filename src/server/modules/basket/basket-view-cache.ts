/**
 * Priced basket views this process has built, reused until the basket changes
 * (ADR 005, ADR 011).
 *
 * The database announces every committed change to a basket on the channel
 * `basket_changed` (`<id>:<version>`, migration 007). While that feed is live, a
 * cached view is served without reading the database: any write, in any process,
 * evicts it when its announcement arrives. While the feed is down (or when it never
 * was up), a view is reused only for the version just read from the database.
 *
 * A read that raced a write must not cache what it read: each read takes a ticket
 * first, and its result is refused when a newer version was announced after that.
 */
import type { BasketView } from '../../../domain/api/basket.ts';
import type { NotificationFeed } from '../../db/notifications.ts';

export const BASKET_CHANGED_CHANNEL = 'basket_changed';

/** Taken before a basket is read; says what had been announced by then. */
export interface ReadTicket {
  readonly seq: number;
  readonly epoch: number;
}

/** What a cached view is for: it is reused only for the same basket state and viewer. */
export interface ViewKey {
  /** The viewer's identity and settings that change the view. */
  viewer: string;
  /** The reference data it was priced with (compared by identity). */
  snapshot: object;
}

export interface CachedBasketView {
  view: BasketView;
  /** The customer the basket belongs to (null for a guest's). */
  ownerId: number | null;
}

interface Entry {
  cached: CachedBasketView;
  version: number;
  viewer: string;
  snapshot: object;
  epoch: number;
  expires: number;
}

export interface BasketViewCache {
  /** Subscribes to the change feed; call once before serving. */
  start(): Promise<void>;
  /** True when `current` may serve views without a database read. */
  readonly trusted: boolean;
  /** Take before reading a basket whose view may be remembered. */
  ticket(): ReadTicket;
  /** The view of a basket no write has touched since it was cached (feed live only). */
  current(basketId: string, key: ViewKey): CachedBasketView | undefined;
  /** The view cached for exactly this version (read from the database). */
  atVersion(basketId: string, version: number, key: ViewKey): CachedBasketView | undefined;
  remember(
    basket: { id: string; version: number; user_id: number | null },
    ticket: ReadTicket,
    key: ViewKey,
    view: BasketView,
  ): void;
}

export function basketViewCache(options: {
  feed: NotificationFeed;
  /** Longest a view is kept (it is priced with reference data of that age). 0: none. */
  ttlMs: number;
  /** Most baskets remembered. */
  maxEntries: number;
  now?: () => number;
}): BasketViewCache {
  const { feed, ttlMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The latest version announced per basket, and when (in arrival order). */
  const announced = new Map<string, { seq: number; version: number }>();
  let seq = 0;
  /** The newest announcement forgotten to bound memory. */
  let forgottenSeq = 0;

  function onAnnouncement(payload: string) {
    const colon = payload.lastIndexOf(':');
    const id = payload.slice(0, colon);
    const version = Number(payload.slice(colon + 1));
    if (colon < 1 || !Number.isSafeInteger(version)) return;
    seq += 1;
    const previous = announced.get(id);
    announced.delete(id);
    announced.set(id, { seq, version: Math.max(version, previous?.version ?? version) });
    if (announced.size > maxEntries) {
      const [oldestId, oldest] = announced.entries().next().value!;
      announced.delete(oldestId);
      forgottenSeq = oldest.seq;
    }
    const entry = entries.get(id);
    if (entry && entry.version < version) entries.delete(id);
  }

  function usable(entry: Entry | undefined, key: ViewKey): entry is Entry {
    return (
      entry !== undefined &&
      entry.viewer === key.viewer &&
      entry.snapshot === key.snapshot &&
      entry.expires > now()
    );
  }

  return {
    async start() {
      await feed.subscribe(BASKET_CHANGED_CHANNEL, onAnnouncement);
    },

    get trusted() {
      return ttlMs > 0 && feed.live;
    },

    ticket() {
      return { seq, epoch: feed.epoch };
    },

    current(basketId, key) {
      if (ttlMs <= 0 || !feed.live) return undefined;
      const entry = entries.get(basketId);
      return usable(entry, key) && entry.epoch === feed.epoch ? entry.cached : undefined;
    },

    atVersion(basketId, version, key) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(basketId);
      return usable(entry, key) && entry.version === version ? entry.cached : undefined;
    },

    remember(basket, ticket, key, view) {
      if (ttlMs <= 0) return;
      // A change announced after the read began, or one forgotten since, may be newer.
      if (ticket.seq < forgottenSeq) return;
      const newer = announced.get(basket.id);
      if (newer && newer.seq > ticket.seq && newer.version > basket.version) return;
      entries.delete(basket.id);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(basket.id, {
        cached: { view, ownerId: basket.user_id },
        version: basket.version,
        viewer: key.viewer,
        snapshot: key.snapshot,
        epoch: ticket.epoch,
        expires: now() + ttlMs,
      });
    },
  };
}
