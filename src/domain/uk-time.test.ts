import { describe, expect, it } from 'vitest';
import { instantOfUkLocal, parseShopTime, ukLocalOf } from './uk-time.ts';

describe('UK time of offers', () => {
  it('reads a winter time as GMT and a summer time as BST', () => {
    expect(instantOfUkLocal('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(instantOfUkLocal('2026-07-01T09:00')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('shows an instant as UK wall-clock time, and round-trips', () => {
    expect(ukLocalOf('2026-07-01T08:00:00Z')).toBe('2026-07-01T09:00');
    expect(ukLocalOf('2026-12-31T23:30:00Z')).toBe('2026-12-31T23:30');
    for (const local of [
      '2026-03-29T00:30',
      '2026-03-29T02:30',
      '2026-10-25T01:30',
      '2027-01-01T00:00',
    ]) {
      expect(ukLocalOf(instantOfUkLocal(local)!)).toBe(
        local === '2026-03-29T02:30' ? local : local,
      );
    }
  });

  it('reads a time the spring change skips as GMT, and a repeated one as BST', () => {
    // 01:30 on 29 March 2026 does not exist in London.
    expect(instantOfUkLocal('2026-03-29T01:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfUkLocal('2026-10-25T01:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('takes instants with an offset, and refuses what is not a time', () => {
    expect(parseShopTime('2026-12-01T09:00:00+01:00')?.toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(parseShopTime('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parseShopTime('2026-02-31T09:00')).toBeNull();
    expect(parseShopTime('tomorrow')).toBeNull();
    expect(parseShopTime('2026-12-01')).toBeNull();
  });
});
