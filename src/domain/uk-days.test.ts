import { describe, expect, it } from 'vitest';
import { daysBetween, isDay, nextDay, ukDayOf, ukDayRange, ukDayStart } from './uk-days.ts';

describe('UK days', () => {
  it('begins a day at London midnight, in winter and in summer time', () => {
    expect(ukDayStart('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(ukDayStart('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('makes the days the clocks change 23 and 25 hours long', () => {
    const spring = ukDayRange('2026-03-29', '2026-03-29');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = ukDayRange('2026-10-25', '2026-10-25');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });

  it('names the UK day of an instant', () => {
    expect(ukDayOf(new Date('2026-06-30T22:59:59Z'))).toBe('2026-06-30');
    expect(ukDayOf(new Date('2026-06-30T23:00:00Z'))).toBe('2026-07-01');
    expect(ukDayOf(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', '01/02/2026', '', '1999-12-31'])
      expect(isDay(bad), bad).toBe(false);
  });

  it('counts and steps days across months and years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  });
});
