import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
