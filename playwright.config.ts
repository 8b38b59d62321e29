import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './tools/find-chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3400);

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
  workers: 1,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
