/**
 * The bank holidays refresh (ADR 065):
 *   npm run bank-holidays:refresh [-- --file <gov.uk json>] [-- --no-db]
 * Fetches gov.uk's list (BANK_HOLIDAYS_URL, default https://www.gov.uk/bank-holidays.json),
 * or reads a saved copy with --file, checks its shape, writes the committed data file
 * (src/server/modules/delivery/bank-holidays.json) and replaces the database's bank
 * holidays in one transaction with its audit record (as the command line). Reads the
 * server's configuration (DATABASE_URL or DATA_DIR; a local .env too). PGlite allows
 * one process per data folder: stop the shop first. Processes see the new days within
 * CATALOGUE_CACHE_SECONDS.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BANK_HOLIDAYS_URL,
  parseBankHolidays,
  type BankHoliday,
} from '../../domain/bank-holidays.ts';
import type { Db } from '../db/client.ts';
import { deliveryAdminService } from '../modules/delivery/delivery-admin.service.ts';
import { COMMAND_LINE } from '../modules/staff/staff-actor.ts';
import { withShopDatabase } from './shop-database.ts';

export const BANK_HOLIDAYS_FILE = join(
  import.meta.dirname,
  '../modules/delivery/bank-holidays.json',
);

export const REFRESH_USAGE = 'Usage: npm run bank-holidays:refresh [-- --file <path>] [--no-db]';

export function parseRefreshArgs(
  args: readonly string[],
): { file: string | null; db: boolean } | { error: string } {
  let file: string | null = null;
  let db = true;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--no-db') db = false;
    else if (arg === '--file' && args[i + 1]) file = args[++i] ?? null;
    else return { error: REFRESH_USAGE };
  }
  return { file, db };
}

/** gov.uk's document (or `url`'s), as published; throws saying what went wrong. */
export async function fetchBankHolidays(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<unknown> {
  const response = await fetcher(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Writes the committed data file: the document as gov.uk published it. */
export async function writeBankHolidaysFile(document: unknown, file = BANK_HOLIDAYS_FILE) {
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
}

/** Replaces the database's bank holidays (and records it in the audit trail). */
export function storeBankHolidays(db: Db, holidays: readonly BankHoliday[]) {
  return deliveryAdminService({ db, delivery: { invalidate: () => {} } }).replaceBankHolidays(
    COMMAND_LINE,
    holidays,
  );
}

async function main(): Promise<number> {
  const args = parseRefreshArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  let document: unknown;
  let holidays: BankHoliday[];
  try {
    document = args.file
      ? JSON.parse(await readFile(args.file, 'utf8'))
      : await fetchBankHolidays(process.env.BANK_HOLIDAYS_URL || BANK_HOLIDAYS_URL);
    holidays = parseBankHolidays(document);
  } catch (error) {
    console.error(`Could not read the bank holidays: ${(error as Error).message}`);
    return 1;
  }
  await writeBankHolidaysFile(document);
  const years = [...new Set(holidays.map((h) => h.date.slice(0, 4)))].join(', ');
  console.log(`Wrote ${holidays.length} bank holidays (${years}) to ${BANK_HOLIDAYS_FILE}.`);
  if (!args.db) return 0;
  return withShopDatabase(async (handle) => {
    const counts = await storeBankHolidays(handle.db, holidays);
    console.log(`Database: ${counts.before} bank holidays replaced by ${counts.after}.`);
    return 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
