import { expect, test, type Page } from '@playwright/test';

/**
 * The catalogue pages are rendered on the server and hydrated in the browser (ADR 057):
 * their HTML carries the products before any JavaScript runs, and the browser adopts
 * that HTML (no console errors, no hydration mismatch, never the loading overlay in its
 * place) and keeps working.
 */

/** Console errors and warnings, and uncaught errors, from the moment the page opens. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Before the page's scripts run: notes any loading overlay put into the page, and the
 * first heading the HTML brought, so a test can tell hydration kept the server's HTML.
 */
async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { overlays: number; firstHeading: Element | null };
    seen.overlays = 0;
    seen.firstHeading = null;
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof Element && node.closest('#root') && node.matches('.loading-overlay'))
            seen.overlays += 1;
        });
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.firstHeading = document.querySelector('#root h1');
    });
  });
}

/** Whether the page's first heading is still the element the server's HTML made. */
const keptServerHeading = (page: Page) =>
  page.evaluate(() => {
    const seen = window as unknown as { overlays: number; firstHeading: Element | null };
    return {
      overlays: seen.overlays,
      same: seen.firstHeading !== null && seen.firstHeading === document.querySelector('#root h1'),
    };
  });

test('the home and product pages carry their products in the HTML, and 404 for an unknown product', async ({
  request,
}) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  expect(homeHtml).toContain('Artificial Olive Tree');
  expect(homeHtml).toContain('<script type="application/json" id="page-state">');
  expect(homeHtml).not.toContain('class="loading-overlay');
  // Every script is a file or JSON: the content security policy runs no inline script.
  // No inline executable script: only scripts by address and data blocks (the page state,
  // the JSON-LD for search engines).
  expect(homeHtml).not.toMatch(/<script(?![^>]*(\bsrc=|type="application\/(ld\+)?json"))/);

  const product = await request.get('/products/artificial-olive-tree');
  expect(product.status()).toBe(200);
  expect(await product.text()).toMatch(/<h1[^>]*>Artificial Olive Tree<\/h1>/);

  const missing = await request.get('/products/no-such-plant');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Sorry, we can’t find that product');
});

test('with JavaScript off, the home page still lists the plants', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('link', { name: 'Artificial Olive Tree', exact: true }),
  ).toBeVisible();
  await context.close();
});

test('a server-rendered product page hydrates without errors and adds to the basket', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await watchHydration(page);

  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await keptServerHeading(page)).toEqual({ overlays: 0, same: true });

  await page.goto('/products/artificial-olive-tree');
  await page.waitForLoadState('networkidle');
  expect(await keptServerHeading(page)).toEqual({ overlays: 0, same: true });
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Added to your basket')).toBeVisible();
  await expect(page.getByRole('link', { name: /Basket/ }).first()).toContainText('1');

  // The header's personal parts fill in after hydration: reloaded, the basket shows 1.
  await page.reload();
  await expect(page.getByRole('link', { name: /Basket/ }).first()).toContainText('1');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
