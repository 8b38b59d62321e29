import { join } from 'node:path';

/** Where the Vitest run leaves its counts for the browser run's closing line. */
export const UNIT_SUMMARY_FILE = join(
  import.meta.dirname,
  '..',
  'test-results',
  'unit-summary.json',
);

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}
