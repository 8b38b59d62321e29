import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Products in the back office (issue 22, ADR 062): the demo owner adds a product with two
 * variations on the New product form; a shopper then finds it with the shop's search box
 * and sees its price on its page. The products pages are checked with axe.
 */

const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what, [768, 1280]);

test('a manager adds a product with two variations; a shopper finds it by search and sees its price', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Moonlit Maidenhair ${stamp}`;

  await signInOwner(page);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Artificial Olive Tree' })).toBeVisible();
  await expectAccessible(page, 'products list');

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await expect(page.getByLabel(/Web address/)).toHaveValue(`moonlit-maidenhair-${stamp}`);
  await page.getByLabel('Category').selectOption({ label: 'House Plants' });
  await page.getByLabel('Description').fill('A delicate fern with moon-pale fronds.');
  const first = page.getByRole('group', { name: 'Variation 1' });
  await first.getByLabel(/^Value/).fill('30cm');
  await first.getByLabel('SKU').fill(`MM-${stamp}-30`);
  await first.getByLabel(/Price/).fill('18.50');
  await first.getByLabel('Stock on hand').fill('12');
  await page.getByRole('button', { name: 'Add another variation' }).click();
  const second = page.getByRole('group', { name: 'Variation 2' });
  await second.getByLabel(/^Value/).fill('60cm');
  await second.getByLabel('SKU').fill(`MM-${stamp}-60`);
  await second.getByLabel(/Price/).fill('32');
  await second.getByLabel('Stock on hand').fill('4');
  await expectAccessible(page, 'new product form');
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${name} was created.`)).toBeVisible();
  await expect(
    page.getByRole('form', { name: `MM-${stamp.toUpperCase()}-30 (Size: 30cm)` }),
  ).toBeVisible();
  await expect(
    page.getByRole('form', { name: `MM-${stamp.toUpperCase()}-60 (Size: 60cm)` }),
  ).toBeVisible();
  await expectAccessible(page, 'product edit page');

  // A shopper (another browser) finds it with the search box and sees its price.
  const shop = await browser.newContext();
  const shopper = await shop.newPage();
  await shopper.goto('/');
  const box = shopper
    .getByRole('banner')
    .getByRole('searchbox')
    .or(shopper.getByRole('combobox', { name: 'Search the shop' }))
    .first();
  await box.click();
  await shopper.getByRole('combobox', { name: 'Search the shop' }).fill('moonlit maidenhair');
  await shopper.getByRole('combobox', { name: 'Search the shop' }).press('Enter');
  await expect(shopper).toHaveURL(/\/search\?/);
  const result = shopper.getByRole('link', { name: new RegExp(name) }).first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByText('£18.50').first()).toBeVisible();
  await shop.close();
});

test('the owner edits a bundle’s parts on its product page; the shop shows the new make-up', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInOwner(page, { path: '/admin/products', heading: 'Products' });
  await page.getByRole('searchbox', { name: /Search by name/ }).fill('Living Room Trio');
  await page.getByRole('link', { name: 'Living Room Trio Bundle' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Living Room Trio Bundle' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'BUNDLE-TRIO' });
  const parts = form.getByRole('group', { name: 'Parts of BUNDLE-TRIO' });
  await expect(parts.getByLabel('Part 3 SKU')).toHaveValue('PEONY-PNK');
  const peonies = parts.getByLabel('Part 3 quantity');
  await expect(peonies).toHaveValue('3');

  await peonies.fill('0');
  await form.getByRole('button', { name: 'Save BUNDLE-TRIO' }).click();
  await expect(parts.getByText('Please give a whole number from 1 to 99')).toBeVisible();
  await expectAccessible(page, 'bundle parts with an error');

  const madeOf = async () =>
    (
      (await (await page.request.get('/api/v1/products/living-room-trio-bundle')).json()) as {
        data: {
          product: { variations: { bundle_components: { sku: string; quantity: number }[] }[] };
        };
      }
    ).data.product.variations[0]!.bundle_components.map((c) => `${c.quantity} ${c.sku}`);

  await peonies.fill('2');
  await form.getByRole('button', { name: 'Save BUNDLE-TRIO' }).click();
  await expect(form.getByText('BUNDLE-TRIO is saved.')).toBeVisible();
  expect(await madeOf()).toContain('2 PEONY-PNK');

  // Put right.
  await peonies.fill('3');
  await form.getByRole('button', { name: 'Save BUNDLE-TRIO' }).click();
  await expect(form.getByText('BUNDLE-TRIO is saved.')).toBeVisible();
  expect(await madeOf()).toContain('3 PEONY-PNK');
});
