import { describe, expect, it } from 'vitest';
import { periodCount, periodOf, periodsBetween, vatKey, vatKeys } from './reports.ts';

describe('report periods', () => {
  it('names a day’s week by its Monday and its month by yyyy-MM', () => {
    expect(periodOf('2026-11-26', 'day')).toBe('2026-11-26');
    expect(periodOf('2026-11-26', 'week')).toBe('2026-11-23'); // a Thursday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(periodOf('2027-01-01', 'week')).toBe('2026-12-28'); // across a year
    expect(periodOf('2026-11-26', 'month')).toBe('2026-11');
  });

  it('lists every period of a range, oldest first', () => {
    expect(periodsBetween('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodsBetween('2026-11-20', '2026-12-01', 'week')).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(periodsBetween('2026-11-20', '2027-01-01', 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(periodsBetween('2026-11-20', '2026-11-19', 'day')).toEqual([]);
  });

  it('counts periods without listing them (never fewer than there are)', () => {
    for (const [from, to] of [
      ['2026-11-20', '2026-12-01'],
      ['2026-01-01', '2026-12-31'],
      ['2025-12-29', '2026-01-04'],
      ['2026-11-26', '2026-11-26'],
    ] as const) {
      expect(periodCount(from, to, 'day')).toBe(periodsBetween(from, to, 'day').length);
      expect(periodCount(from, to, 'month')).toBe(periodsBetween(from, to, 'month').length);
      expect(periodCount(from, to, 'week')).toBeGreaterThanOrEqual(
        periodsBetween(from, to, 'week').length,
      );
    }
  });

  it('keys VAT by the rate in percent, the standard rates always', () => {
    expect(vatKey(2000)).toBe('20');
    expect(vatKey(1250)).toBe('12.5');
    expect(vatKeys([])).toEqual(['20', '5', '0']);
    expect(vatKeys([1250, 2000])).toEqual(['20', '12.5', '5', '0']);
  });
});
