/**
 * A Playwright reporter that ends the run with one plain line CI can read:
 * `Tests: N passed, N failed, N skipped`, adding the unit and HTTP tests' counts
 * that the Vitest summary reporter left in test-results/ in the same `npm test`.
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { UNIT_SUMMARY_FILE, type Summary } from './summary-file.ts';

export default class PlaywrightSummaryReporter implements Reporter {
  #outcomes = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.#outcomes.set(test, result.status);
  }

  onEnd(): void {
    const browser: Summary = { passed: 0, failed: 0, skipped: 0 };
    for (const [test, status] of this.#outcomes) {
      const outcome = test.outcome();
      if (status === 'skipped') browser.skipped++;
      else if (outcome === 'expected' || outcome === 'flaky') browser.passed++;
      else browser.failed++;
    }
    let unit: Summary = { passed: 0, failed: 0, skipped: 0 };
    try {
      unit = JSON.parse(readFileSync(UNIT_SUMMARY_FILE, 'utf8')) as Summary;
    } catch {
      // Browser journeys run on their own: count them alone.
    }
    process.stdout.write(
      `\nBrowser journeys: ${browser.passed} passed, ${browser.failed} failed, ${browser.skipped} skipped\n` +
        `Tests: ${unit.passed + browser.passed} passed, ${unit.failed + browser.failed} failed, ${unit.skipped + browser.skipped} skipped\n`,
    );
  }
}
