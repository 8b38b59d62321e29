import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads once while fresh, shares a load in flight and reloads when stale', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new TtlCache(
      async () => ++loads,
      1000,
      () => clock,
    );
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get()).toBe(1);
    clock = 1001;
    expect(await cache.get()).toBe(2);
    cache.invalidate();
    expect(await cache.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new TtlCache(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    }, 1000);
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
