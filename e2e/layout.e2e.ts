import { expect, test, type Page } from '@playwright/test';
import {
  clippedText,
  inspectFocus,
  horizontalOverflow,
  smallTargets,
  TEXT_SPACING_CSS,
} from './support/a11y.ts';
import { readyBasket } from './support/basket.ts';

/**
 * WCAG 2.2 checks over the shopper's journey pages (docs/accessibility.md): reflow at
 * 320 CSS px (1.4.10), text spacing (1.4.12), target size (2.5.8), and at 1280px a
 * visible, contrasting, unobscured focus at every tab stop (2.4.7, 1.4.11, 2.4.11).
 */

/** Places the ready basket's order with the test gateway's frictionless 3-D Secure nonce. */
async function placeOrder(page: Page) {
  const response = await page.request.post('/api/v1/basket/order', {
    data: {
      payment_method_nonce:
        'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
      device_data: '{}',
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { public_id: string } }).data.public_id;
}

/** The journey's pages, each shown as it settles (`ready` names what must be on it). */
const PAGES: { name: string; path: string; ready: string }[] = [
  // One category keeps the listing (and its tab stops) short; every card is alike.
  { name: 'category', path: '/categories/house-plants', ready: 'article' },
  { name: 'product', path: '/products/artificial-olive-tree', ready: 'h1' },
  { name: 'basket', path: '/basket', ready: '.basket-lines' },
  { name: 'checkout entry', path: '/checkout', ready: 'h1' },
  { name: 'delivery address', path: '/checkout/address', ready: 'form' },
  { name: 'delivery options', path: '/checkout/delivery', ready: 'input[type="radio"]' },
  { name: 'payment', path: '/checkout/payment', ready: 'input[name="number"]' },
  { name: 'login and register', path: '/login', ready: 'form' },
  { name: 'track order', path: '/track-order', ready: 'form' },
];

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  // Images and lazy parts settle the layout.
  await page.waitForLoadState('load');
}

/** Text spacing (1.4.12) on the page as it is: text cut off, or sideways scrolling. */
async function spacingProblems(page: Page) {
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  const found = await clippedText(page);
  const overflow = await horizontalOverflow(page);
  if (overflow > 0) found.push(`scrolls ${overflow}px sideways`);
  return found;
}

/**
 * Tabs through the whole page from its start, checking every focus stop (2.4.7,
 * 1.4.11, 2.4.11: see focusProblem) and that focus leaves the page at its end (no
 * keyboard trap, 2.1.2); the problems found, by element.
 */
async function focusStopProblems(page: Page) {
  const problems: string[] = [];
  const seen = new Set<string>();
  const start = page.url();
  let left = false;
  for (let i = 0; i < 250; i += 1) {
    await page.keyboard.press('Tab');
    const { at, problem } = await inspectFocus(page);
    // Past the last stop focus leaves the page (or comes round to the first again).
    if (at === null || seen.has(at)) {
      left = true;
      break;
    }
    seen.add(at);
    if (problem) problems.push(`${problem.element}: ${problem.problem}`);
  }
  if (!left) problems.push('focus never left the page after 250 stops');
  // Focus alone changes nothing (3.2.1): still the same page.
  if (page.url() !== start) problems.push(`focus moved the page to ${page.url()}`);
  return problems;
}

test.describe('layout', () => {
  test('at 320px every journey page reflows, keeps its text with WCAG spacing and has large enough targets', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await readyBasket(page, { email: 'layout@example.com' });
    const overflow: Record<string, number> = {};
    const problems: Record<string, string[]> = {};
    const check = async (name: string) => {
      overflow[name] = await horizontalOverflow(page);
      const small = await smallTargets(page);
      if (small.length > 0) problems[`${name}: targets (2.5.8)`] = small;
      const spacing = await spacingProblems(page);
      if (spacing.length > 0) problems[`${name}: text spacing (1.4.12)`] = spacing;
    };
    for (const { name, path, ready } of PAGES) {
      await open(page, path, ready);
      await check(name);
    }
    const order = await placeOrder(page);
    await open(page, `/order/thank-you/${order}`, 'h1');
    await check('thank-you');
    // Reflow (1.4.10): nothing scrolls sideways.
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((key) => [key, 0])));
    expect(problems).toEqual({});
  });

  test('at 1280px every focus stop of every journey page shows its focus, and text spacing and targets hold', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await readyBasket(page, { email: 'layout@example.com' });
    const problems: Record<string, string[]> = {};
    for (const { name, path, ready } of PAGES) {
      await open(page, path, ready);
      const focus = await focusStopProblems(page);
      if (focus.length > 0) problems[`${name}: focus`] = focus;
      const small = await smallTargets(page);
      if (small.length > 0) problems[`${name}: targets (2.5.8)`] = small;
      const spacing = await spacingProblems(page);
      if (spacing.length > 0) problems[`${name}: text spacing (1.4.12)`] = spacing;
    }
    expect(problems).toEqual({});
  });
});
