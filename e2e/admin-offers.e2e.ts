import { expect, test } from '@playwright/test';
import { totpCode } from '../src/server/testing/totp.ts';
import { expectAxeClean } from './support/axe.ts';
import { signInOwnerByApi } from './support/staff.ts';

/**
 * Offers in the back office (issue 22, ADR 064): a manager (set up by the demo owner)
 * creates a 10% discount code on /admin/offers; a shopper applies it in the basket and
 * sees the discount; the code's own page shows its settings and usage and ends it. The
 * offers page, its dialog and the code's page are checked with axe.
 */

test('a manager creates a 10% code and a shopper sees it taken off in the basket', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner adds a manager; the manager sets the account up (password, first code).
  await signInOwnerByApi(request);
  const added = await request.post('/api/v1/admin/staff', {
    data: { email: `manager-${Date.now()}@everbloom.test`, name: 'Mina Manager', role: 'manager' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const setupUrl = ((await added.json()) as { data: { setup_url: string } }).data.setup_url;
  const token = setupUrl.split('/').at(-1)!;
  const view = await page.request.get(`/api/v1/admin/auth/setup/${token}`);
  const { secret } = ((await view.json()) as { data: { secret: string } }).data;
  const setUp = await page.request.post(`/api/v1/admin/auth/setup/${token}`, {
    data: { password: 'a-long-manager-password', code: totpCode(secret) },
  });
  expect(setUp.status(), await setUp.text()).toBe(200);

  // The manager creates the code on the offers page.
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Offers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(page.getByRole('row', { name: /WELCOME10/ })).toBeVisible();
  await expectAxeClean(page, 'offers page', [768, 1280]);

  const code = `TEN${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  await page.getByRole('button', { name: 'New discount code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await expect(dialog.getByLabel('Code')).toHaveValue(code);
  await dialog.getByLabel('Kind').selectOption({ label: 'Percentage off' });
  await dialog.getByLabel('Percentage off').fill('150');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByText('Please give a percentage from 1 to 100')).toBeVisible();
  await expectAxeClean(page, 'new discount code dialog', [1280]);
  await dialog.getByLabel('Percentage off').fill('10');
  await dialog.getByLabel('Uses in all').fill('100');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`${code} created.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('10% off items');
  await expect(row).toContainText('0 of 100');
  await expect(row).toContainText('Live');

  // A shopper applies it in the basket.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const product = await shopper.request.get('/api/v1/products/artificial-olive-tree');
  const variationId = (
    (await product.json()) as { data: { product: { variations: { id: number }[] } } }
  ).data.product.variations[0]!.id;
  const inBasket = await shopper.request.post('/api/v1/basket', {
    data: { product_id: variationId },
  });
  expect(inBasket.ok(), await inBasket.text()).toBe(true);
  await shopper.goto('/basket');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await shopper.getByLabel('Discount code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByText('Discount code:')).toBeVisible();
  await expect(shopper.getByText(`${code}: 10% off`).first()).toBeVisible();
  // The first variation, 90cm with a black pot: £54.99, 10% off is £5.50.
  await expect(shopper.getByText('-£5.50').first()).toBeVisible();
  await expect(shopper.getByText('£49.49').first()).toBeVisible();
  await shopperContext.close();

  // The code's own page: its settings and usage, reached from the list; ended from there.
  await page.getByRole('link', { name: new RegExp(`^${code}: settings, uses and orders`) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/offers/codes/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();
  await expect(page.getByText('10% off items').first()).toBeVisible();
  await expect(page.getByText('Nobody has used this code yet.')).toBeVisible();
  await expect(page.getByText('No orders have used this code yet.')).toBeVisible();
  await expectAxeClean(page, 'discount code page', [768, 1280]);
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByText(`${code} ended.`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`${code}.*Ended`) }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to offers' }).click();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Ended');

  // The promotion form finds a gift by product name and fills its SKU (not saved here).
  await page
    .getByRole('table', { name: 'Free-gift promotions' })
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const promotion = page.getByRole('dialog', { name: /^Edit promotion/ });
  await promotion.getByLabel('Find the gift by product name').fill('Boston Fern');
  await promotion.getByRole('button', { name: 'Artificial Boston Fern' }).click();
  const choice = promotion
    .getByRole('list', { name: 'Variations of Artificial Boston Fern' })
    .getByRole('button')
    .first();
  const sku = /^Choose (\S+)/.exec((await choice.textContent()) ?? '')?.[1] ?? '';
  await choice.click();
  await expect(promotion.getByLabel('Gift (SKU of the variation given)')).toHaveValue(sku);
  await expectAxeClean(page, 'promotion dialog', [1280]);
  await page.keyboard.press('Escape');
});
