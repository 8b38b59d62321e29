import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';

const WIDTHS = [375, 1280];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function violations(browser: Browser, width: number, path: string, withItems = false) {
  // axe needs a page from a context of its own.
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  if (withItems) {
    // The page's request context shares its cookies: this fills the page's basket.
    const response = await page.request.get('/api/v1/products/artificial-boston-fern');
    const product = (await response.json()) as {
      data: { product: { variations: { id: number }[] } };
    };
    await page.request.post('/api/v1/basket', {
      data: { product_id: product.data.product.variations[0]?.id },
    });
  }
  await page.goto(path);
  await page.getByRole('main').waitFor();
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await context.close();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width}px`, () => {
    for (const [name, path] of [
      ['home', '/'],
      ['product', '/products/artificial-olive-tree'],
      ['empty basket', '/basket'],
      ['delivery help', '/help-centre/topics/orders/delivery'],
      ['login', '/login'],
    ] as const) {
      test(`${name} page has no WCAG 2.2 A/AA violations`, async ({ browser }) => {
        expect(await violations(browser, width, path)).toEqual([]);
      });
    }

    for (const [name, path] of [
      ['basket', '/basket'],
      ['checkout entry', '/checkout'],
      ['checkout payment', '/checkout/payment'],
    ] as const) {
      test(`${name} page with items has no WCAG 2.2 A/AA violations`, async ({ browser }) => {
        expect(await violations(browser, width, path, true)).toEqual([]);
      });
    }
  });
}
