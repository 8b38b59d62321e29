import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, format, getDay, lastDayOfMonth } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { parseBankHolidays, toGovUkShape } from '../../../domain/bank-holidays.ts';

const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, 'bank-holidays.json'), 'utf8'),
) as unknown;

describe('parseBankHolidays', () => {
  const holidays = parseBankHolidays(recorded);
  const of = (division: string) => holidays.filter((h) => h.division === division);

  it('reads the recorded gov.uk list: every division, 2025 to 2027', () => {
    expect(of('england-and-wales')).toHaveLength(24);
    expect(of('scotland')).toHaveLength(27);
    expect(of('northern-ireland')).toHaveLength(30);
    expect(of('england-and-wales')[0]).toEqual({
      division: 'england-and-wales',
      date: '2025-01-01',
      title: 'New Year’s Day',
    });
    // Substitute days as published: Boxing Day 2026 falls on a Saturday.
    expect(of('england-and-wales').map((h) => h.date)).toContain('2026-12-28');
    expect(of('scotland').map((h) => h.title)).toContain('St Andrew’s Day');
    expect(of('northern-ireland').map((h) => h.date)).toContain('2027-07-12');
  });

  it('has no bank holiday on a weekend (substitute days are the weekdays)', () => {
    for (const h of holidays)
      expect([0, 6]).not.toContain(new Date(`${h.date}T12:00:00Z`).getUTCDay());
  });

  it('reads the gov.uk shape, events in any order, duplicates once', () => {
    const document = {
      'england-and-wales': {
        division: 'england-and-wales',
        events: [
          { title: 'Boxing Day', date: '2028-12-26', notes: '', bunting: true },
          { title: 'Christmas Day', date: '2028-12-25', notes: '', bunting: true },
          { title: 'Christmas Day', date: '2028-12-25', notes: '', bunting: true },
        ],
      },
      scotland: { division: 'scotland', events: [] },
      'northern-ireland': { division: 'northern-ireland', events: [] },
    };
    expect(parseBankHolidays(document).map((h) => h.date)).toEqual(['2028-12-25', '2028-12-26']);
  });

  it('refuses what is not the shape, saying where', () => {
    expect(() => parseBankHolidays('<html>')).toThrow(/gov.uk bank holidays shape/);
    expect(() => parseBankHolidays({ scotland: { division: 'scotland', events: [] } })).toThrow(
      /england-and-wales/,
    );
    const badDate = toGovUkShape([
      { division: 'scotland', date: '2027-02-31', title: 'Not a day' },
    ]) as Record<string, { events: { date: string }[] }>;
    expect(() => parseBankHolidays(badDate)).toThrow(/scotland\.events\.0\.date/);
    const misnamed = { ...toGovUkShape([]), scotland: { division: 'england', events: [] } };
    expect(() => parseBankHolidays(misnamed)).toThrow(/scotland is named england/);
  });

  it('writes back what it reads', () => {
    expect(parseBankHolidays(toGovUkShape(holidays))).toEqual(holidays);
  });
});

/**
 * The regular bank holidays of one year by the rules that make them (the Banking and
 * Financial Dealings Act 1971 and the yearly proclamations' usual days): a check on the
 * recorded list that does not depend on where it came from. One-off days (a coronation,
 * a moved May holiday) are not rules; none falls in the years recorded.
 */
function byTheRules(division: string, year: number): string[] {
  const day = (month: number, date: number) => new Date(year, month - 1, date);
  const firstMonday = (month: number) => {
    const first = day(month, 1);
    return addDays(first, (8 - getDay(first)) % 7);
  };
  const lastMonday = (month: number) => {
    const last = lastDayOfMonth(day(month, 1));
    return addDays(last, -((getDay(last) + 6) % 7));
  };
  // Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const easter = day(month, ((h + l - 7 * m + 114) % 31) + 1);

  const days = [day(1, 1), addDays(easter, -2), firstMonday(5), lastMonday(5)];
  if (division !== 'scotland') days.push(addDays(easter, 1), lastMonday(8));
  if (division === 'scotland') days.push(day(1, 2), firstMonday(8), day(11, 30));
  if (division === 'northern-ireland') days.push(day(3, 17), day(7, 12));
  days.push(day(12, 25), day(12, 26));
  // A day on a weekend is kept on the next weekday that is not already a holiday.
  const kept: string[] = [];
  for (const date of days.sort((x, y) => x.getTime() - y.getTime())) {
    let on = date;
    while ([0, 6].includes(getDay(on)) || kept.includes(format(on, 'yyyy-MM-dd'))) {
      on = addDays(on, 1);
    }
    kept.push(format(on, 'yyyy-MM-dd'));
  }
  return kept.sort();
}

describe('the recorded list', () => {
  const holidays = parseBankHolidays(recorded);

  it('has exactly the days the rules give, in every division and year it covers', () => {
    for (const division of ['england-and-wales', 'scotland', 'northern-ireland']) {
      const dates = holidays.filter((h) => h.division === division).map((h) => h.date);
      const years = [...new Set(dates.map((date) => Number(date.slice(0, 4))))];
      expect(years).toEqual([2025, 2026, 2027]);
      for (const year of years) {
        expect([division, dates.filter((date) => date.startsWith(`${year}`))]).toEqual([
          division,
          byTheRules(division, year),
        ]);
      }
    }
  });

  it('knows the rules themselves: a Christmas on a Saturday and an early Easter', () => {
    // 2021: Christmas on Saturday, substitutes on Monday 27th and Tuesday 28th;
    // 2016: Easter Sunday on 27 March.
    expect(byTheRules('england-and-wales', 2021)).toEqual([
      '2021-01-01',
      '2021-04-02',
      '2021-04-05',
      '2021-05-03',
      '2021-05-31',
      '2021-08-30',
      '2021-12-27',
      '2021-12-28',
    ]);
    expect(byTheRules('england-and-wales', 2016).slice(1, 3)).toEqual(['2016-03-25', '2016-03-28']);
    // Scotland 2022: New Year's Day on a Saturday, 2nd January on a Sunday.
    expect(byTheRules('scotland', 2022).slice(0, 2)).toEqual(['2022-01-03', '2022-01-04']);
  });
});
