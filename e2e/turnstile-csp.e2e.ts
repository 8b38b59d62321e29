/**
 * With Turnstile configured, the shop's content security policy lets the login page
 * load the widget from challenges.cloudflare.com. Starts its own shop (Cloudflare's
 * documented always-pass test keys) beside the one the other journeys use, on the web
 * build that one made. The widget cannot actually download offline: a failed request
 * is no policy violation, a blocked one is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const TURNSTILE = 'https://challenges.cloudflare.com';

interface Violation {
  blockedURI: string;
  directive: string;
}

declare global {
  interface Window {
    violations: Violation[];
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let shop: ChildProcess | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'everbloom-e2e-turnstile-'));
  shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      MEDIA_DIR: join(dataDir, 'media'),
      LOG_LEVEL: 'warn',
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`${origin}/api/v1/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    if (shop.exitCode !== null || waited > 150_000)
      throw new Error('The Turnstile shop did not start');
    await new Promise((wait) => setTimeout(wait, 250));
  }
});

test.afterAll(async () => {
  shop?.kill('SIGTERM');
  if (shop && shop.exitCode === null) await new Promise((done) => shop?.once('exit', done));
  await rm(dataDir, { recursive: true, force: true });
});

test('the login page may load the Turnstile widget under the shop’s content security policy', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.violations.push({ blockedURI: event.blockedURI, directive: event.effectiveDirective });
    });
  });
  // Offline, Cloudflare cannot be reached: fail its requests at once. (A request the
  // policy blocks is never made, so it could not reach this route.)
  const requested: string[] = [];
  await page.route(`${TURNSTILE}/**`, async (route) => {
    requested.push(route.request().url());
    await route.abort('internetdisconnected');
  });

  await page.goto(`${origin}/login`);
  // The script was inserted, asked for, and failed to download.
  await expect(
    page
      .getByText('The security check could not be loaded. Please reload the page to try again.')
      .first(),
  ).toBeVisible();
  expect(requested).toContain(`${TURNSTILE}/turnstile/v0/api.js?render=explicit`);

  // The frame Turnstile draws its check in is allowed too, and the listener does hear
  // violations: a script and a frame from another host are blocked and reported.
  await page.evaluate((turnstile) => {
    const frame = document.createElement('iframe');
    frame.src = `${turnstile}/cdn-cgi/challenge-platform/frame`;
    document.body.append(frame);
    const script = document.createElement('script');
    script.src = 'https://scripts.elsewhere.example/tracker.js';
    document.head.append(script);
    const otherFrame = document.createElement('iframe');
    otherFrame.src = 'https://frames.elsewhere.example/';
    document.body.append(otherFrame);
  }, TURNSTILE);
  await expect
    .poll(() => page.evaluate(() => window.violations.map((v) => v.directive).sort()))
    .toEqual(['frame-src', 'script-src-elem']);

  const violations = await page.evaluate(() => window.violations);
  expect(violations.filter((v) => v.blockedURI.includes('challenges.cloudflare.com'))).toEqual([]);
  expect(violations.map((v) => new URL(v.blockedURI).host).sort()).toEqual([
    'frames.elsewhere.example',
    'scripts.elsewhere.example',
  ]);
});
