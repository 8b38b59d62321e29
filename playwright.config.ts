import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './tools/find-chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3400);
/** The second shop's port: journeys run in two halves, each against its own shop. */
const SECOND_PORT = PORT + 100;

/**
 * The journeys of the second half, each file run against the second shop (its own
 * server and embedded database), at the same time as the first half against the first
 * (ADR 061). Within a half, files run one after another as before, so journeys that
 * share a shop's data never race; every other file is in the first half. The split
 * only balances the halves' running times.
 */
const SECOND_HALF = [
  'payment.e2e.ts',
  'checkout-steps.e2e.ts',
  'back-office.e2e.ts',
  'accounts.e2e.ts',
  'account-orders.e2e.ts',
  'stock-alerts.e2e.ts',
  'turnstile-csp.e2e.ts',
  'markup-as-text.e2e.ts',
  'test-shop-notice.e2e.ts',
  // Moved from the first half, which took twice as long (1,138 s of journeys against
  // 567 s on a busy machine, 26 November 2026). With these six the halves took 507 s
  // and 409 s; with admin reports too, about 469 s and 447 s.
  'keyboard.e2e.ts',
  'layout.e2e.ts',
  'search.e2e.ts',
  'search-box.e2e.ts',
  'server-rendering.e2e.ts',
  'admin-emails.e2e.ts',
  'admin-reports.e2e.ts',
];
const secondHalf = SECOND_HALF.map((file) => `**/${file}`);

// One line saying what to install, rather than every journey failing to launch.
const browser = findChromium();
if ('problem' in browser) {
  console.error(browser.problem);
  process.exit(1);
}

/**
 * Browser journeys in Chromium (CHROMIUM_PATH, Debian's, or Playwright's own: see
 * tools/find-chromium.ts) against the built app, served by the real server on a fresh
 * embedded database (e2e/serve.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per half (each project's own limit below).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./tools/playwright-summary-reporter.ts']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.path,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      workers: 1,
      testIgnore: secondHalf,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-2',
      workers: 1,
      testMatch: secondHalf,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${SECOND_PORT}`,
      },
    },
  ],
  // Started one after the other: the first builds the web app, the second serves that build.
  webServer: [
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { E2E_PORT: String(PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://127.0.0.1:${SECOND_PORT}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { E2E_PORT: String(SECOND_PORT), E2E_SKIP_BUILD: '1' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
