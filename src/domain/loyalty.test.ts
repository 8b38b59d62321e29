import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budsEarned } from './loyalty.ts';

describe('budsEarned', () => {
  it('gives one bud per whole pound paid for items', () => {
    expect(budsEarned(0)).toBe(0);
    expect(budsEarned(99)).toBe(0);
    expect(budsEarned(100)).toBe(1);
    expect(budsEarned(4_599)).toBe(45);
  });

  it('never gives more buds than whole pounds, nor fewer than none', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000_000 }), (paid) => {
        const buds = budsEarned(paid);
        expect(buds).toBeGreaterThanOrEqual(0);
        expect(buds * 100).toBeLessThanOrEqual(Math.max(0, paid));
        expect(Math.max(0, paid) - buds * 100).toBeLessThan(100);
      }),
    );
  });
});
