import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { paidOrder } from './support/paid-order.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Reports (issue 22, ADR 067): after a shopper's order, the demo owner sees it in
 * today's row of the sales report, on the table beside the chart, and downloads the
 * report as CSV with the same figures. The page is checked with axe.
 */

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
  // A shopper's paid order of two olive trees.
  await paidOrder(request, {
    emailPrefix: 'reports',
    items: [{ slug: 'artificial-olive-tree', quantity: 2 }],
  });
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
