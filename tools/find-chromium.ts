/**
 * Finds the Chromium the browser journeys run in: CHROMIUM_PATH when set, else Debian's
 * /usr/bin/chromium, else Playwright's own build when installed. playwright.config.ts uses
 * it for `executablePath`.
 *
 * Run as a script (`npm run test:e2e` does, before Playwright), it also tries to fetch
 * Playwright's build (`npx playwright install chromium`) when none is found and the network
 * allows, and otherwise stops with one line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

/**
 * The flags Chromium runs with here (journeys and Lighthouse): no sandbox (containers),
 * no GPU, and nothing that reaches the network on its own.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Where distributions put Chromium. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const INSTALL_HINT =
  'install Chromium (Debian: apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH';

export type ChromiumSearch = { path: string } | { problem: string };

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own Chromium, if it has been installed. */
function playwrightChromium(): string | null {
  try {
    const path = chromium.executablePath();
    return isExecutable(path) ? path : null;
  } catch {
    return null;
  }
}

/** The Chromium to use, or why there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumSearch {
  const given = env.CHROMIUM_PATH;
  if (given) {
    return isExecutable(given)
      ? { path: given }
      : {
          problem: `Browser journeys: CHROMIUM_PATH=${given} is not an executable; ${INSTALL_HINT}.`,
        };
  }
  const found = SYSTEM_CHROMIUM.find(isExecutable) ?? playwrightChromium();
  return found
    ? { path: found }
    : { problem: `Browser journeys: no Chromium found; ${INSTALL_HINT}.` };
}

/** Fetches Playwright's Chromium; false when that fails (offline, no disk, …). */
function installPlaywrightChromium(): boolean {
  const result = spawnSync('npx', ['--no-install', 'playwright', 'install', 'chromium'], {
    stdio: 'ignore',
    timeout: 300_000,
  });
  return result.status === 0 && playwrightChromium() !== null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let search = findChromium();
  // Only when nothing was asked for: a wrong CHROMIUM_PATH is the user's to fix.
  if ('problem' in search && !process.env.CHROMIUM_PATH && installPlaywrightChromium()) {
    search = findChromium();
  }
  if ('problem' in search) {
    console.error(search.problem);
    process.exit(1);
  }
}
