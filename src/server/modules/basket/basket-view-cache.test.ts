import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { basketViewCache } from './basket-view-cache.ts';

const ID = '6f1d3c1e-8a6b-4a59-9a55-3d0e9c1f2a10';
const OTHER = '0b8f7e55-1b1c-4c57-8d8e-2f7a3f6c9d21';
const catalogue = {};
const offers = {};
const key = { viewer: 'guest', reference: [catalogue, offers] };
const viewOf = (label: string) => ({ email_address: label }) as unknown as BasketView;

describe('basket view cache', () => {
  it('reuses a view only for the same version, viewer and reference data', () => {
    const cache = basketViewCache({ ttlMs: 60_000, max: 10 });
    const view = viewOf('v1');
    cache.set(ID, 1, key, view);
    expect(cache.get(ID, 1, { viewer: 'guest', reference: [catalogue, offers] })).toBe(view);
    // Another process wrote: the version read from the database moved on.
    expect(cache.get(ID, 2, key)).toBeUndefined();
    expect(cache.get(ID, 1, { viewer: '7:false:0', reference: key.reference })).toBeUndefined();
    // The offers were reloaded (a voucher or promotion may have changed).
    expect(cache.get(ID, 1, { viewer: 'guest', reference: [catalogue, {}] })).toBeUndefined();
    expect(cache.get(OTHER, 1, key)).toBeUndefined();
  });

  it('never replaces a newer view with one read earlier', () => {
    const cache = basketViewCache({ ttlMs: 60_000, max: 10 });
    const newer = viewOf('v3');
    cache.set(ID, 3, key, newer);
    cache.set(ID, 2, key, viewOf('v2'));
    expect(cache.get(ID, 3, key)).toBe(newer);
    const newest = viewOf('v4');
    cache.set(ID, 4, key, newest);
    expect(cache.get(ID, 4, key)).toBe(newest);
  });

  it('keeps at most `max` baskets, dropping the least recently used', () => {
    const cache = basketViewCache({ ttlMs: 60_000, max: 2 });
    cache.set('a', 1, key, viewOf('a'));
    cache.set('b', 1, key, viewOf('b'));
    expect(cache.get('a', 1, key)).toBeDefined();
    cache.set('c', 1, key, viewOf('c'));
    expect(cache.get('b', 1, key)).toBeUndefined();
    expect(cache.get('a', 1, key)).toBeDefined();
    expect(cache.get('c', 1, key)).toBeDefined();
  });

  it('keeps nothing when switched off', () => {
    const cache = basketViewCache({ ttlMs: 0, max: 10 });
    cache.set(ID, 1, key, viewOf('v1'));
    expect(cache.get(ID, 1, key)).toBeUndefined();
  });
});
