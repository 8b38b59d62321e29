import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { paidOrder, PASSWORD } from './support/paid-order.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Customers in the back office (issue 22, ADR 066): the demo owner finds a customer by
 * the postcode of their order, opens their page and grants them buds with a reason; the
 * customer then sees the buds and downloads everything the shop holds about them from
 * their account page. The back-office pages are checked with axe.
 */

const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what, [768, 1280]);

/** A new customer with a paid order delivered to a postcode of their own. */
async function customerWithOrder(request: APIRequestContext) {
  const stamp = Date.now();
  const lastName = `Wintergreen${stamp % 100000}`;
  const postcode = `HG${(stamp % 8) + 2} ${stamp % 10}QW`;
  const { email } = await paidOrder(request, {
    emailPrefix: 'customers',
    name: { first_name: 'Clementine', last_name: lastName },
    address: {
      delivery_address_title: 'Ms',
      delivery_address_first_name: 'Clementine',
      delivery_address_last_name: lastName,
      delivery_address_line_1: '3 Mill Lane',
      delivery_address_line_3: 'Harrogate',
      delivery_address_line_4: 'North Yorkshire',
      delivery_address_postcode: postcode,
      delivery_address_country_code: 'GBR',
      delivery_address_telephone: '01423 496001',
    },
  });
  return { email, lastName, postcode };
}

test('staff find a customer by postcode and grant buds; the customer downloads their data', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await customerWithOrder(request);

  await signInOwner(page);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search by email, name or postcode').fill(customer.postcode);
  await page.getByRole('button', { name: 'Search' }).click();
  const link = page.getByRole('link', { name: `Clementine ${customer.lastName}` });
  await expect(link).toBeVisible();
  await expectAccessible(page, 'customers list');
  await link.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Clementine ${customer.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' }).getByRole('link')).toHaveCount(1);
  await expectAccessible(page, 'customer page');

  const buds = page.getByRole('form', { name: 'Grant buds' });
  await buds.getByLabel('Buds', { exact: true }).fill('150');
  await buds.getByLabel('Reason for the buds').fill('Sorry for the late delivery');
  await buds.getByRole('button', { name: 'Grant buds' }).click();
  // The order earned buds too: the grant adds 150 to them.
  await expect(page.getByText(/^Buds granted: the balance is now \d+\.$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Buds' })).toContainText(
    'Sorry for the late delivery',
  );

  // The customer, in their own browser, downloads their data from the account page.
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await shopper.goto('/login');
  const login = shopper.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email address').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('checkbox', { name: /not a robot/ }).check();
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(shopper).toHaveURL(/\/account$/);
  await shopper.goto('/account/settings');
  const downloading = shopper.waitForEvent('download');
  await shopper.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email_address: string };
    orders: unknown[];
    buds_ledger: { change: number }[];
  };
  expect(file.account.email_address).toBe(customer.email);
  expect(file.orders).toHaveLength(1);
  expect(file.buds_ledger.map((entry) => entry.change)).toContain(150);
  await context.close();
});
