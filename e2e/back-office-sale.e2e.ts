import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAxeClean } from './support/axe.ts';
import { HARROGATE_ADDRESS } from './support/basket.ts';
import { signInOwner } from './support/staff.ts';

/**
 * The back office's parts together (issue 22): staff add a product with two variations
 * and a picture, put it on sale with a discount code; a shopper finds it with the search
 * box, buys it with the code; staff see the sale and its discount in the day's report.
 */

const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';

const ukToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface SalesRow {
  orders: number;
  takings: number;
  discounts: number;
}

test('staff put a new product on sale with a code; a shopper buys it; the day’s report shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const name = `Silver Sage ${stamp}`;
  const sku = `SS-${stamp}`.toUpperCase();
  const code = `SAGE${stamp}`.toUpperCase().slice(0, 32);
  const today = ukToday();
  await signInOwner(page);
  const todayRow = async (): Promise<SalesRow> => {
    const reply = await page.request.get(
      `/api/v1/admin/reports/sales?from=${today}&to=${today}&group=day`,
    );
    expect(reply.ok(), await reply.text()).toBe(true);
    return ((await reply.json()) as { data: { rows: SalesRow[] } }).data.rows[0]!;
  };

  // The product, with two variations.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category').selectOption({ label: 'House Plants' });
  await page.getByLabel('Description').fill('Soft silver leaves that never need watering.');
  const first = page.getByRole('group', { name: 'Variation 1' });
  await first.getByLabel(/^Value/).fill('30cm');
  await first.getByLabel('SKU').fill(`${sku}-30`);
  await first.getByLabel(/Price/).fill('20');
  await first.getByLabel('Stock on hand').fill('10');
  await page.getByRole('button', { name: 'Add another variation' }).click();
  const second = page.getByRole('group', { name: 'Variation 2' });
  await second.getByLabel(/^Value/).fill('60cm');
  await second.getByLabel('SKU').fill(`${sku}-60`);
  await second.getByLabel(/Price/).fill('35');
  await second.getByLabel('Stock on hand').fill('5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Its picture, on the product's own page.
  const upload = page.getByRole('form', { name: 'Add a picture' });
  const png = await sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 150, g: 170, b: 150 } },
  })
    .png()
    .toBuffer();
  await upload.getByLabel('Picture').setInputFiles({
    name: 'silver-sage.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await upload.getByLabel('Alt text').fill('A silver sage in a stone pot');
  await upload.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByRole('listitem', { name: /Picture 1 of 1/ })).toBeVisible();
  await expectAxeClean(page, 'product page with its picture', [1280]);

  // On sale with a code: 20% off.
  await nav.getByRole('link', { name: 'Offers' }).click();
  await page.getByRole('button', { name: 'New discount code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Kind').selectOption({ label: 'Percentage off' });
  await dialog.getByLabel('Percentage off').fill('20');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`${code} created.`)).toBeVisible();

  const before = await todayRow();

  // A shopper finds it with the search box, with its picture, and buys it with the code.
  const shop = await browser.newContext();
  const shopper = await shop.newPage();
  await shopper.goto('/');
  await shopper
    .getByRole('banner')
    .getByRole('searchbox')
    .or(shopper.getByRole('combobox', { name: 'Search the shop' }))
    .first()
    .click();
  const box = shopper.getByRole('combobox', { name: 'Search the shop' });
  await box.fill(`silver sage ${stamp}`);
  await box.press('Enter');
  await expect(shopper).toHaveURL(/\/search\?/);
  const result = shopper.getByRole('link', { name: new RegExp(name) }).first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByRole('img', { name: 'A silver sage in a stone pot' })).toBeVisible();
  await expect(shopper.getByText('£20.00').first()).toBeVisible();
  await shopper.getByRole('button', { name: 'Add to basket' }).click();
  await shopper.goto('/basket');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await shopper.getByLabel('Discount code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByText(`${code}: 20% off`).first()).toBeVisible();
  await expect(shopper.getByText('-£4.00').first()).toBeVisible();

  // The address and delivery through the API, then paid (the checkout's own journeys
  // drive its pages).
  const details = await shopper.request.put('/api/v1/basket/details', {
    data: { ...HARROGATE_ADDRESS, email_address: `sage-${stamp}@example.com` },
  });
  expect(details.ok(), await details.text()).toBe(true);
  const options = (
    (await details.json()) as { data: { available_delivery_options: { id: string }[] } }
  ).data.available_delivery_options;
  const chosen = await shopper.request.put('/api/v1/basket/delivery', {
    data: { option_id: options[0]!.id },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const placed = await shopper.request.post('/api/v1/basket/order', {
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await shop.close();

  // The day's report counts the sale and its discount.
  const after = await todayRow();
  expect(after.orders).toBe(before.orders + 1);
  expect(after.discounts).toBe(before.discounts + 400);
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = page
    .getByRole('table', { name: /^Sales by day/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: today }) });
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(after.orders));
  await expect(row.getByRole('cell').nth(2)).toHaveText(pounds(after.takings));
  await expect(row.getByRole('cell').nth(3)).toHaveText(pounds(after.discounts));
});
