/**
 * UK bank holidays in the shape gov.uk publishes them (https://www.gov.uk/bank-holidays.json):
 * one entry per division, each with its events. The shop dispatches from England, so
 * England and Wales holidays are the days no parcel leaves and the carriers do not count
 * (ADR 065); the other divisions are kept for staff to read.
 */
import { z } from 'zod';
import { isDay } from './uk-days.ts';

export const BANK_HOLIDAY_DIVISIONS = [
  'england-and-wales',
  'scotland',
  'northern-ireland',
] as const;
export type BankHolidayDivision = (typeof BANK_HOLIDAY_DIVISIONS)[number];

/** The division whose bank holidays stop dispatch and delivery: the shop ships from England. */
export const DISPATCH_DIVISION: BankHolidayDivision = 'england-and-wales';

/** Where the list is published. */
export const BANK_HOLIDAYS_URL = 'https://www.gov.uk/bank-holidays.json';

export interface BankHoliday {
  division: BankHolidayDivision;
  /** yyyy-MM-dd */
  date: string;
  title: string;
}

const event = z.object({
  title: z.string().trim().min(1).max(200),
  date: z.string().refine(isDay, 'not a yyyy-MM-dd date'),
  notes: z.string().max(200).optional(),
  bunting: z.boolean().optional(),
});

const division = z.object({ division: z.string(), events: z.array(event).max(1_000) });

const govUkShape = z.object(
  Object.fromEntries(BANK_HOLIDAY_DIVISIONS.map((name) => [name, division])) as Record<
    BankHolidayDivision,
    typeof division
  >,
);

/**
 * The bank holidays of a document in gov.uk's shape, by division then date, without
 * duplicates. Throws an Error naming what is wrong when the document is not in that
 * shape (a missing division, a division named differently from its key, a bad date).
 */
export function parseBankHolidays(document: unknown): BankHoliday[] {
  const parsed = govUkShape.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Not the gov.uk bank holidays shape: ${issue?.path.join('.') || 'document'}: ${issue?.message}`,
    );
  }
  const holidays: BankHoliday[] = [];
  for (const name of BANK_HOLIDAY_DIVISIONS) {
    const entry = parsed.data[name];
    if (entry.division !== name) {
      throw new Error(`Not the gov.uk bank holidays shape: ${name} is named ${entry.division}`);
    }
    const seen = new Set<string>();
    for (const e of [...entry.events].sort((a, b) => a.date.localeCompare(b.date))) {
      if (seen.has(e.date)) continue;
      seen.add(e.date);
      holidays.push({ division: name, date: e.date, title: e.title });
    }
  }
  return holidays;
}

/** Bank holidays written back in gov.uk's shape (for the committed data file). */
export function toGovUkShape(holidays: readonly BankHoliday[]) {
  return Object.fromEntries(
    BANK_HOLIDAY_DIVISIONS.map((name) => [
      name,
      {
        division: name,
        events: holidays
          .filter((h) => h.division === name)
          .map((h) => ({ title: h.title, date: h.date, notes: '', bunting: true })),
      },
    ]),
  );
}
