import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Reports (issue 22, ADR 067): after a shopper's order, the demo owner sees it in
 * today's row of the sales report, on the table beside the chart, and downloads the
 * report as CSV with the same figures. The page is checked with axe.
 */

const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
const CAPTCHA = { 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX' };
const ADDRESS = {
  delivery_address_title: 'Mrs',
  delivery_address_first_name: 'Ada',
  delivery_address_last_name: 'Lovelace',
  delivery_address_line_1: '12 Orchard Lane',
  delivery_address_line_3: 'Harrogate',
  delivery_address_line_4: 'North Yorkshire',
  delivery_address_postcode: 'HG1 2AB',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '01423 496000',
};

interface SalesRow {
  period: string;
  orders: number;
  items: number;
  takings: number;
}

/** Today in the shop's time zone (UK), yyyy-MM-dd. */
const ukToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function variationId(request: APIRequestContext, slug: string): Promise<number> {
  const reply = await request.get(`/api/v1/products/${slug}`);
  const body = (await reply.json()) as { data: { product: { variations: { id: number }[] } } };
  return body.data.product.variations[0]!.id;
}

/** A shopper's paid order of a fern: its number and what it charged. */
async function shopperOrders(request: APIRequestContext) {
  const email = `reports-${Date.now()}@example.com`;
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password: 'a-long-password',
      ...CAPTCHA,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const added = await request.post('/api/v1/basket', {
    headers,
    data: { product_id: await variationId(request, 'artificial-olive-tree'), quantity: 2 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  expect((await request.put('/api/v1/basket/details', { headers, data: ADDRESS })).ok()).toBe(true);
  expect(
    (
      await request.put('/api/v1/basket/delivery', { headers, data: { option_id: 'uk-standard' } })
    ).ok(),
  ).toBe(true);
  const placed = await request.post('/api/v1/basket/order', {
    headers,
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

test('staff see a shopper’s order in today’s sales row and download the report as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const today = ukToday();
  await signInOwner(page);
  const todayRow = async () => {
    const reply = await page.request.get(
      `/api/v1/admin/reports/sales?from=${today}&to=${today}&group=day`,
    );
    expect(reply.ok(), await reply.text()).toBe(true);
    return ((await reply.json()) as { data: { rows: SalesRow[] } }).data.rows[0]!;
  };
  const before = await todayRow();
  await shopperOrders(request);
  const after = await todayRow();
  expect(after.orders).toBe(before.orders + 1);
  expect(after.items).toBe(before.items + 2);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Sales by day/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(after.orders));
  await expect(row.getByRole('cell').nth(2)).toHaveText(pounds(after.takings));
  await expect(page.locator('.reports-chart canvas').first()).toBeVisible();
  await expectAxeClean(page, 'reports page', [768, 1280]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download sales as CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^sales-day-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('day,orders,items,takings,discounts,delivery,refunds,vat_20,vat_5,vat_0');
  const todayLine = lines.find((line) => line.startsWith(`${today},`))!;
  expect(todayLine.split(',').slice(0, 4)).toEqual([
    today,
    String(after.orders),
    String(after.items),
    String(after.takings / 100),
  ]);
});
