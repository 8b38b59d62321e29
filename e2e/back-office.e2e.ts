import { expectAxeClean } from './support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import {
  ADA_ADDRESS as ADDRESS,
  FRICTIONLESS_3DS,
  paidOrder,
  variationId,
} from './support/paid-order.ts';
import { refundFromOrderPage } from './support/refund.ts';
import { signInOwner } from './support/staff.ts';

/**
 * The back office end to end (issue 20): the demo owner signs in with a password and an
 * authenticator code, finds a customer's order, dispatches half of it and then the rest,
 * refunds one line to the card and another as store credit; the customer then sees the
 * parcels on their order page and spends the credit on a new order. Every back-office
 * page on the way is checked with axe at tablet and desktop widths.
 */

/** Tablet and desktop widths: the back office is used at a desk or on a tablet. */
const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what, [768, 1280]);

test('staff dispatch and refund an order; its customer sees the parcels and spends the credit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A new customer's paid order of an olive tree and a fiddle leaf fig.
  const customer = await paidOrder(request, {
    emailPrefix: 'back-office',
    items: [{ slug: 'artificial-olive-tree' }, { slug: 'artificial-fiddle-leaf-fig' }],
  });

  await signInOwner(page, {
    onSignInPage: () => expectAccessible(page, 'sign-in page'),
  });
  await expectAccessible(page, 'dashboard');

  // Find the order by the customer's email.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Search orders').fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const link = page.getByRole('link', { name: customer.orderNumber });
  await expect(link).toBeVisible();
  await expectAccessible(page, 'orders list');
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.orderNumber);
  await expectAccessible(page, 'order page');

  // Dispatch the olive tree alone, then the rest.
  const dispatch = page
    .getByRole('region', { name: 'Dispatch', exact: true })
    .getByRole('form', { name: 'New parcel' });
  await dispatch.getByLabel(/Quantity of Artificial Fiddle Leaf Fig/).fill('0');
  await dispatch.getByLabel('Carrier').selectOption({ label: 'Royal Mail' });
  await dispatch.getByLabel('Tracking number').fill('AB123456789GB');
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('Partly dispatched').first()).toBeVisible();
  await dispatch.getByLabel('Carrier').selectOption({ label: 'DPD' });
  await dispatch.getByLabel('Tracking number').fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('Dispatched', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'dispatched order page');

  // The packing slip prints from the order.
  await page.goto(`/admin/orders/${customer.orderNumber}/packing-slip`);
  await expect(page.getByText(customer.orderNumber).first()).toBeVisible();
  await expectAccessible(page, 'packing slip');
  await page.goBack();

  // Settle the card payment (Braintree's daily batch; in test mode, its switch), then
  // refund the olive tree to the card and the fig as store credit.
  const adminOrder = await page.request.get(`/api/v1/admin/orders/${customer.orderNumber}`);
  const { payment } = (
    (await adminOrder.json()) as { data: { order: { payment: { transaction_id: string } } } }
  ).data.order;
  expect(payment.transaction_id).toBeTruthy();
  const settled = await page.request.post('/api/v1/test-mode/braintree/settlements', {
    data: { transaction_id: payment.transaction_id },
  });
  expect(settled.ok(), await settled.text()).toBe(true);

  await refundFromOrderPage(page, {
    product: 'Artificial Olive Tree',
    reason: 'Arrived damaged',
    to: /Original payment/,
  });
  await expect(page.getByText('Partly refunded').first()).toBeVisible();

  await refundFromOrderPage(page, {
    product: 'Artificial Fiddle Leaf Fig',
    reason: 'Changed their mind',
    to: /Store credit/,
  });
  await expect(page.getByRole('region', { name: 'Refunds', exact: true })).toContainText('CN-');
  await expectAccessible(page, 'refunded order page');

  // The rest of the back office reads cleanly too.
  for (const [path, heading] of [
    ['/admin/stock', 'Stock'],
    ['/admin/audit', 'Audit trail'],
    ['/admin/staff', 'Staff'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, `${heading} page`);
  }

  // The customer sees both parcels on their order.
  const seen = (await (
    await request.get(`/api/v1/orders/${customer.publicId}`, { headers: customer.headers })
  ).json()) as { data: { order: { shipments: { carrier_name: string }[]; status: string } } };
  expect(seen.data.order.shipments.map((s) => s.carrier_name)).toEqual(['Royal Mail', 'DPD']);

  // And spends the credit on a new order.
  const credit = (await (
    await request.get('/api/v1/user/credit', { headers: customer.headers })
  ).json()) as { data: { balance: number } };
  expect(credit.data.balance).toBeGreaterThan(0);
  const added = await request.post('/api/v1/basket', {
    headers: customer.headers,
    data: { product_id: await variationId(request, 'faux-rose-stem') },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await request.put('/api/v1/basket/details', { headers: customer.headers, data: ADDRESS });
  await request.put('/api/v1/basket/delivery', {
    headers: customer.headers,
    data: { option_id: 'uk-standard' },
  });
  const used = await request.put('/api/v1/basket/credit', {
    headers: customer.headers,
    data: { use_credit: true },
  });
  expect(used.ok(), await used.text()).toBe(true);
  const basket = (
    (await used.json()) as { data: { credit: { using: boolean }; payment_required: boolean } }
  ).data;
  expect(basket.credit.using).toBe(true);
  // Credit pays first; a card only for what it does not cover.
  const second = await request.post('/api/v1/basket/order', {
    headers: customer.headers,
    data: basket.payment_required
      ? { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' }
      : {},
  });
  expect(second.status(), await second.text()).toBe(201);
  const after = (await (
    await request.get('/api/v1/user/credit', { headers: customer.headers })
  ).json()) as { data: { balance: number } };
  expect(after.data.balance).toBeLessThan(credit.data.balance);
});
