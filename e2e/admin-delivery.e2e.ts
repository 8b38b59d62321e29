import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { HARROGATE_ADDRESS } from './support/basket.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Delivery settings end to end (issue 22, ADR 065): the demo owner changes Next working
 * day's price on /admin/delivery, and a shopper's checkout delivery step offers it at
 * the new price at once; the owner then puts the price back. The owner adds a zone and
 * deletes it; deleting a zone that still offers options is refused. The owner adds a
 * delivery option that a shopper's checkout offers at once, retires it (the checkout no
 * longer offers it), brings it back and deletes it (ADR 082).
 */

async function setNextDayPrice(page: Page, pounds: string) {
  await page.getByRole('button', { name: 'Edit Next working day (UK mainland)' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit delivery option: Next working day/ });
  await dialog.getByLabel('Price (£, VAT included)').fill(pounds);
  await dialog.getByLabel('Reason (optional, for the audit trail)').fill('Carrier rates');
  await dialog.getByRole('button', { name: 'Save option' }).click();
  await expect(page.getByText(`Next working day saved: £${pounds}.`)).toBeVisible();
}

test('staff change a delivery price and the shopper’s checkout shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInOwner(page, { path: '/admin/delivery', heading: 'Delivery' });
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Delivery' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'UK mainland' })).toBeVisible();
  await expectAxeClean(page, 'delivery page', [768, 1280]);

  // A bad price is refused beside its field, and nothing changes.
  await page.getByRole('button', { name: 'Edit Next working day (UK mainland)' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit delivery option: Next working day/ });
  await dialog.getByLabel('Price (£, VAT included)').fill('-1');
  await dialog.getByRole('button', { name: 'Save option' }).click();
  await expect(dialog.getByText('The price cannot be negative')).toBeVisible();
  await expectAxeClean(page, 'option dialog with an error', [1280]);
  await page.keyboard.press('Escape');

  await setNextDayPrice(page, '8.95');

  // A shopper with an address reaches the delivery step: Next working day at £8.95.
  const shopperContext = await browser.newContext();
  try {
    const shopper = await shopperContext.newPage();
    const product = (await (
      await shopper.request.get('/api/v1/products/artificial-boston-fern')
    ).json()) as {
      data: { product: { variations: { id: number }[] } };
    };
    const added = await shopper.request.post('/api/v1/basket', {
      data: { product_id: product.data.product.variations[0]?.id },
    });
    expect(added.ok()).toBe(true);
    const details = await shopper.request.put('/api/v1/basket/details', {
      data: { ...HARROGATE_ADDRESS, email_address: 'gertrude@example.com' },
    });
    expect(details.ok()).toBe(true);
    await shopper.goto('/checkout/delivery');
    const options = shopper.getByRole('group', { name: 'Choose a delivery option' });
    const nextDay = options.getByRole('radio', { name: /^Next working day\s*, £8\.95$/ });
    await expect(nextDay).toBeVisible();
    // With the day it would arrive (weekends, bank holidays and closures skipped).
    await expect(nextDay).toHaveAccessibleDescription(/Expected \w+day \d{1,2} \w+$/);
  } finally {
    await shopperContext.close();
  }

  // Put right: the price back, and the audit trail has both changes.
  await setNextDayPrice(page, '7.95');
  const audit = await page.request.get(
    '/api/v1/admin/audit?entity_type=delivery_option&entity_id=uk-next-day',
  );
  expect(audit.ok()).toBe(true);
});

test('staff add a delivery zone, and delete it; a zone still offering an option is refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInOwner(page, { path: '/admin/delivery', heading: 'Delivery' });
  const name = `Test zone ${Date.now().toString(36)}`;

  await page.getByRole('button', { name: 'Add a zone' }).click();
  const add = page.getByRole('dialog', { name: 'Add a delivery zone' });
  await add.getByLabel('Id (optional)').fill('uk-mainland');
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Add zone' }).click();
  await expect(add.getByText(/uk-mainland is already a delivery zone/)).toBeVisible();
  await expectAxeClean(page, 'add zone dialog with an error', [1280]);
  await add.getByLabel('Id (optional)').fill('');
  await add.getByRole('button', { name: 'Add zone' }).click();
  await expect(
    page.getByText(`${name} added: set where it covers with Edit coverage.`),
  ).toBeVisible();
  const zone = page.getByRole('region', { name });
  await expect(zone).toContainText('Covers: nowhere');
  await expect(zone).toContainText('This zone has no options: nothing is delivered there.');

  // UK mainland still offers its options: the dialog warns and the server refuses.
  await page.getByRole('button', { name: 'Delete the zone UK mainland' }).click();
  const refuse = page.getByRole('dialog', { name: 'Delete UK mainland?' });
  await expect(
    refuse.getByText(/Shoppers are still offered Standard delivery/).first(),
  ).toBeVisible();
  await refuse.getByRole('button', { name: 'Delete zone' }).click();
  await expect(
    refuse.getByText(/Close them first \(untick Offered\), then delete the zone/),
  ).toBeVisible();
  await refuse.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'UK mainland' })).toBeVisible();

  // The new zone goes, with the reason in the audit trail.
  await page.getByRole('button', { name: `Delete the zone ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(remove.getByText(/next zone that matches them/)).toBeVisible();
  await expectAxeClean(page, 'delete zone dialog', [768, 1280]);
  await remove.getByLabel('Reason (optional, for the audit trail)').fill('Made by a test');
  await remove.getByRole('button', { name: 'Delete zone' }).click();
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
  await expect(page.getByRole('region', { name })).toHaveCount(0);
});

test('staff add a delivery option the checkout offers, retire it, bring it back and delete it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInOwner(page, { path: '/admin/delivery', heading: 'Delivery' });
  const name = `Sunday courier ${Date.now().toString(36)}`;

  await page.getByRole('button', { name: 'Add a delivery option to UK mainland' }).click();
  const add = page.getByRole('dialog', { name: 'Add a delivery option to UK mainland' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Id (optional)').fill('uk-next-day');
  await add.getByLabel('Description').fill('Delivered on Sunday');
  await add.getByLabel('Price (£, VAT included)').fill('14.95');
  await add.getByLabel('Fewest working days').fill('1');
  await add.getByLabel('Most working days').fill('3');
  await add.getByRole('button', { name: 'Add option' }).click();
  await expect(add.getByText(/uk-next-day is already a delivery option/)).toBeVisible();
  await expectAxeClean(page, 'add option dialog with an error', [768, 1280]);
  await add.getByLabel('Id (optional)').fill('');
  await add.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByText(`${name} added to UK mainland: £14.95.`)).toBeVisible();

  // A shopper with an address is offered it on the delivery step at once.
  const shopperContext = await browser.newContext();
  try {
    const shopper = await shopperContext.newPage();
    const product = (await (
      await shopper.request.get('/api/v1/products/artificial-boston-fern')
    ).json()) as { data: { product: { variations: { id: number }[] } } };
    expect(
      (
        await shopper.request.post('/api/v1/basket', {
          data: { product_id: product.data.product.variations[0]?.id },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await shopper.request.put('/api/v1/basket/details', {
          data: { ...HARROGATE_ADDRESS, email_address: 'gertrude@example.com' },
        })
      ).ok(),
    ).toBe(true);
    await shopper.goto('/checkout/delivery');
    const options = shopper.getByRole('group', { name: 'Choose a delivery option' });
    const sunday = options.getByRole('radio', { name: new RegExp(`^${name}\\s*, £14\\.95$`) });
    await expect(sunday).toBeVisible();

    // Retired, the checkout no longer offers it.
    await page.getByRole('button', { name: `Remove ${name} (UK mainland)` }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${name} (UK mainland)?` });
    await expect(remove.getByText(/No order has used this option/)).toBeVisible();
    await expectAxeClean(page, 'remove option dialog', [1280]);
    await remove.getByRole('button', { name: 'Retire instead' }).click();
    await expect(
      page.getByText(`${name} retired: shoppers are no longer offered it.`),
    ).toBeVisible();
    const retired = page.getByRole('list', { name: 'Retired options of UK mainland' });
    await expect(retired).toContainText(`${name} (£14.95, VAT 20%)`);
    await shopper.reload();
    await expect(options.getByRole('radio').first()).toBeVisible();
    await expect(sunday).toHaveCount(0);
  } finally {
    await shopperContext.close();
  }

  // Brought back (closed), then deleted: no order used it.
  await page.getByRole('button', { name: `Bring back ${name} (UK mainland)` }).click();
  const restore = page.getByRole('dialog', { name: `Bring back ${name} (UK mainland)?` });
  await expectAxeClean(page, 'bring back dialog', [1280]);
  await restore.getByRole('button', { name: 'Bring back' }).click();
  await expect(
    page.getByText(`${name} is back, closed: check it, then tick Offered to offer it again.`),
  ).toBeVisible();
  await page.getByRole('button', { name: `Remove ${name} (UK mainland)` }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${name} (UK mainland)?` });
  await remove.getByLabel('Reason (optional, for the audit trail)').fill('Made by a test');
  await remove.getByRole('button', { name: 'Delete option' }).click();
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${name} (UK mainland)` })).toHaveCount(0);
});
