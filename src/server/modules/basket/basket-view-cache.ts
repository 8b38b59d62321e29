/**
 * Priced basket views this process has built, reused while nothing they show has
 * changed (ADR 005, ADR 012): the basket's version (bumped by every write, in any
 * process), the viewer, and the reference data they were priced with. GET reads the
 * version (one indexed read) and compares; nothing else is needed to stay correct
 * across processes. Bounded in count and age: the age bound is the reference data's
 * TTL, so time-bound offers shown by a view are never older than that.
 */
import { LRUCache } from 'lru-cache';
import type { BasketView } from '../../../domain/api/basket.ts';

/** What a view was built from, besides its basket. Compared by identity. */
export interface ViewKey {
  /** The viewer's identity and settings that change the view. */
  readonly viewer: string;
  /** The reference data it was priced with: catalogue, delivery rules, offers. */
  readonly reference: readonly object[];
}

interface Entry {
  version: number;
  key: ViewKey;
  view: BasketView;
}

export interface BasketViewCache {
  /** The view built for this basket version and key, if still kept. */
  get(basketId: string, version: number, key: ViewKey): BasketView | undefined;
  /** Keeps the view of a basket as read at `version` (its contents read with it). */
  set(basketId: string, version: number, key: ViewKey, view: BasketView): void;
}

function sameKey(a: ViewKey, b: ViewKey): boolean {
  return (
    a.viewer === b.viewer &&
    a.reference.length === b.reference.length &&
    a.reference.every((ref, index) => ref === b.reference[index])
  );
}

export function basketViewCache(options: {
  /** Longest a view is kept; 0 keeps none. */
  ttlMs: number;
  /** Most baskets remembered (least recently used go first). */
  max: number;
}): BasketViewCache {
  if (options.ttlMs <= 0) return { get: () => undefined, set: () => undefined };
  const entries = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs });
  return {
    get(basketId, version, key) {
      const entry = entries.get(basketId);
      return entry && entry.version === version && sameKey(entry.key, key) ? entry.view : undefined;
    },
    set(basketId, version, key, view) {
      const entry = entries.peek(basketId);
      // A slower read of an older version must not replace a newer view.
      if (entry && entry.version > version) return;
      entries.set(basketId, { version, key, view });
    },
  };
}
