/**
 * A Vitest reporter that ends the run with one plain line CI can read:
 * `Tests: N passed, N failed, N skipped`, and leaves the counts in test-results/
 * for the browser journeys' closing line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { UNIT_SUMMARY_FILE, type Summary } from './summary-file.ts';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const summary: Summary = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') summary.passed++;
        else if (state === 'failed') summary.failed++;
        else summary.skipped++;
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        summary.failed++;
      }
    }
    mkdirSync(dirname(UNIT_SUMMARY_FILE), { recursive: true });
    writeFileSync(UNIT_SUMMARY_FILE, JSON.stringify(summary));
    process.stdout.write(
      `\nTests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`,
    );
  }
}
