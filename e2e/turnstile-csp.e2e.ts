/**
 * With Turnstile configured, the shop's content security policy lets the login page
 * load the widget from challenges.cloudflare.com. Starts its own shop (Cloudflare's
 * documented always-pass test keys) beside the one the other journeys use, on the web
 * build that one made. The widget cannot actually download offline: a failed request
 * is no policy violation, a blocked one is. The page's HTML preloads the widget's
 * script, and the widget uses that download (a stand-in script served in its place).
 */
import { expect, test } from '@playwright/test';
import { TURNSTILE_SCRIPT } from '../src/domain/captcha.ts';
import { startOwnShop, type OwnShop } from './support/own-shop.ts';

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

let shop: OwnShop | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startOwnShop('turnstile', {
    env: {
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    },
  });
  origin = shop.origin;
});

test.afterAll(async () => {
  await shop?.stop();
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
  expect(requested).toContain(TURNSTILE_SCRIPT);

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

test('the login page’s preload of the widget script is the one download the widget uses', async ({
  page,
}) => {
  // A stand-in for Cloudflare's script (unreachable offline): it draws a label and
  // passes at once, as the always-pass test keys do.
  const requested: string[] = [];
  await page.route(`${TURNSTILE}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.turnstile = {
        render(element, options) {
          element.textContent = 'Security check stand-in';
          options.callback('XXXX.DUMMY.TOKEN.XXXX');
          return 'widget-1';
        },
        reset() {},
        remove() {},
      };`,
    });
  });

  const html = await (await page.request.get(`${origin}/login`)).text();
  expect(html).toContain(`<link rel="preload" as="script" href="${TURNSTILE_SCRIPT}" />`);
  await page.goto(`${origin}/login`);
  await expect(page.getByText('Security check stand-in').first()).toBeVisible();
  expect(requested).toEqual([TURNSTILE_SCRIPT]);
});
