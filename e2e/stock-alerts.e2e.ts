import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Sold out and not a pre-order in the demo data (README, products worth knowing).
const PRODUCT_PATH = '/products/artificial-calathea';
const FORM_HEADING = 'Email me when it’s back in stock';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

test.describe('back-in-stock alerts', () => {
  test('the product page with the sign-up form has no WCAG 2.2 A/AA violations', async ({
    browser,
  }) => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await page.goto(PRODUCT_PATH);
      await expect(page.getByRole('heading', { name: FORM_HEADING })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), `at ${width}px`).toEqual([]);
      // And with a field error showing.
      await page.getByRole('button', { name: 'Notify me' }).click();
      await expect(page.getByText('Required')).toBeVisible();
      expect(await axeViolations(page), `at ${width}px, with an error`).toEqual([]);
      await context.close();
    }
  });

  test('a shopper signs up on a sold-out product and is emailed once it is restocked', async ({
    page,
  }) => {
    const email = `alerts-${Date.now()}@example.com`;
    await page.goto(PRODUCT_PATH);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    const form = page.getByRole('region', { name: FORM_HEADING });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toContainText('Thanks, you’re on the list.');
    await expect(form.getByRole('status')).toContainText(email);

    // Signing up again with the same address is already done.
    await page.reload();
    await form.getByLabel('Email address').fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toHaveText(
      "It looks like you've already signed up for updates on this product, you will be notified when it is back in stock.",
    );

    // The operator restocks it (the development route runs the restock command's service
    // inside the server: PGlite allows no second process on its data).
    const restock = await page.request.post('/api/v1/dev/restock', {
      data: { sku: 'CALATHEA-60', quantity: 4 },
    });
    expect(restock.status()).toBe(200);
    const result = (await restock.json()) as {
      data: { restock: { before: number; after: number; alerts: { sent: number } } };
    };
    expect(result.data.restock).toMatchObject({ before: 0, after: 4 });
    expect(result.data.restock.alerts.sent).toBeGreaterThanOrEqual(1);

    // The email is in the development outbox, once; its link opens the product, in stock.
    // Emails are sent by a job (ADR 069): reload until it has arrived.
    const emails = page.getByRole('article').filter({ hasText: email });
    await expect(async () => {
      await page.goto('/dev/outbox');
      await expect(emails).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(
      emails.getByRole('heading', { name: 'Back in stock: Artificial Calathea' }),
    ).toBeVisible();
    const href = await emails
      .getByRole('link', { name: /products\/artificial-calathea/ })
      .getAttribute('href');
    const link = new URL(href ?? '', page.url());
    expect(link.pathname).toBe(PRODUCT_PATH);
    expect(link.searchParams.get('variation')).toMatch(/^\d+$/);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: FORM_HEADING })).toHaveCount(0);

    // A second restock emails nobody again.
    const again = await page.request.post('/api/v1/dev/restock', {
      data: { sku: 'CALATHEA-60', quantity: 1 },
    });
    expect(
      ((await again.json()) as { data: { restock: { alerts: { sent: number } } } }).data.restock
        .alerts.sent,
    ).toBe(0);
  });
});
