import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { readyBasket } from './support/basket.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Returns (issue 23, ADR 070): a guest's order is dispatched; the owner adds a return
 * reason on the rules screen (a refused window first, then a longer one) and moves it to
 * the top; the guest finds the order with order tracking, returns the dispatched line
 * with that reason and sees the return number and instructions; staff find the return
 * in the back office, mark it received and refund it to the card; the owner retires the
 * reason and puts the window back; the guest's order page then shows it refunded.
 */

const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';

test('a guest returns a dispatched line; staff receive it and refund it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `returns-${Date.now().toString(36)}@example.com`;

  // The guest's order of one fern, placed through the API in the guest's browser.
  await readyBasket(page, { email });
  const placed = await page.request.post('/api/v1/basket/order', {
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { public_id } = ((await placed.json()) as { data: { public_id: string } }).data;
  const { order_number: orderNumber } = (
    (await (await page.request.get(`/api/v1/orders/${public_id}`)).json()) as {
      data: { order: { order_number: string } };
    }
  ).data.order;

  // Staff send it (through the API: dispatch has its own journey) and settle the payment.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInOwner(staff);
  const admin = (
    (await (await staff.request.get(`/api/v1/admin/orders/${orderNumber}`)).json()) as {
      data: {
        order: {
          lines: { order_item_id: number; quantity: number; is_promotion_item: boolean }[];
          payment: { transaction_id: string };
        };
      };
    }
  ).data.order;
  const line = admin.lines.find((l) => !l.is_promotion_item)!;
  const shipped = await staff.request.post(`/api/v1/admin/orders/${orderNumber}/shipments`, {
    data: {
      items: [{ order_item_id: line.order_item_id, quantity: line.quantity }],
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const settled = await staff.request.post('/api/v1/test-mode/braintree/settlements', {
    data: { transaction_id: admin.payment.transaction_id },
  });
  expect(settled.ok(), await settled.text()).toBe(true);

  // The owner adds a reason on the rules screen and offers it first.
  await staff.goto('/admin/returns');
  await staff.getByRole('link', { name: 'Return rules and reasons' }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: 'Return rules and reasons' }),
  ).toBeVisible();
  const rules = staff.getByRole('form', { name: 'Return rules' });
  await rules.getByLabel(/Days to start a return/).fill('10');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(
    rules.getByText(
      'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
    ),
  ).toBeVisible();
  await expectAxeClean(staff, 'the return rules with a refused field');
  await rules.getByLabel(/Days to start a return/).fill('21');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(staff.getByText(/Return rules saved: 21 days to start a return/)).toBeVisible();
  const reason = 'It came too late for the party';
  const add = staff.getByRole('form', { name: 'Add a reason' });
  await add.getByLabel(/New reason/).fill(reason);
  await add.getByRole('button', { name: 'Add reason' }).click();
  await expect(staff.getByText(`Reason added: “${reason}”, offered last.`)).toBeVisible();
  const reasons = staff.getByRole('table');
  const rows = await reasons.getByRole('row').count();
  for (let step = 1; step < rows - 1; step += 1) {
    await staff.getByRole('button', { name: `Move ${reason} up` }).click();
    await expect(staff.getByText(`“${reason}” moved up: now ${rows - 1 - step} of`)).toBeVisible();
  }
  await expect(reasons.getByRole('row').nth(1)).toContainText(reason);
  await expectAxeClean(staff, 'the return rules and reasons');

  // The guest tracks the order and returns the fern.
  await page.goto('/track-order');
  await page.getByLabel(/Order number/).fill(orderNumber);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return items' }).click();
  await returns.getByRole('checkbox', { name: /Boston Fern/i }).check();
  await returns
    .getByRole('combobox', { name: 'Why are you returning it?' })
    .selectOption({ label: reason });
  await expectAxeClean(page, 'the return form');
  await returns.getByRole('button', { name: 'Confirm return' }).click();
  const started = returns.getByRole('status');
  await expect(started).toContainText(/Return R-\d{6} started\./);
  await expect(started).toContainText(email);
  const returnNumber = (await started.textContent())!.match(/R-\d{6}/)![0];
  await expect(returns.getByText(`Return ${returnNumber}`, { exact: false }).last()).toBeVisible();

  // Staff find it among the returns awaiting their parcel, receive it and refund it.
  await staff
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await staff.getByLabel('Status').selectOption({ label: 'Awaiting the parcel' });
  await expect(staff.getByRole('link', { name: returnNumber })).toBeVisible();
  await expectAxeClean(staff, 'the returns list');
  await staff.getByRole('link', { name: returnNumber }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: `Return ${returnNumber}` }),
  ).toBeVisible();
  await expectAxeClean(staff, 'a return awaiting its parcel');
  await staff.getByRole('button', { name: 'Mark received' }).click();
  const refund = staff.getByRole('region', { name: 'Refund' });
  await expect(refund.getByRole('checkbox', { name: 'Put the items back in stock' })).toBeChecked();
  await refund.getByRole('button', { name: 'Refund return' }).click();
  await expect(staff.getByText(/CN-\d{6}/)).toBeVisible();
  await expect(staff.getByText('Refunded', { exact: true })).toBeVisible();

  // The order's back-office page lists the return.
  await staff.getByRole('link', { name: orderNumber }).click();
  await expect(
    staff.getByRole('region', { name: 'Returns' }).getByRole('link', { name: returnNumber }),
  ).toBeVisible();

  // The owner retires the reason and puts the window back; the return keeps its reason.
  await staff.goto('/admin/returns/rules');
  await staff.getByRole('button', { name: `Retire ${reason}` }).click();
  await expect(staff.getByText(`“${reason}” retired:`, { exact: false })).toBeVisible();
  await staff.getByLabel(/Days to start a return/).fill('14');
  await staff.getByRole('button', { name: 'Save rules' }).click();
  await expect(staff.getByText(/Return rules saved: 14 days to start a return/)).toBeVisible();
  await staff.goto(`/admin/returns/${returnNumber}`);
  await expect(staff.getByText(reason)).toBeVisible();
  await staffContext.close();

  // The guest's order page shows it refunded.
  await page.reload();
  await page.getByLabel(/Order number/).fill(orderNumber);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText(
    `Return ${returnNumber}: Refunded`,
  );
});
