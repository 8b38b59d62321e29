import { expectAxeClean } from './support/axe.ts';
import { expect, test } from '@playwright/test';
import { paidOrder } from './support/paid-order.ts';
import { refundFromOrderPage } from './support/refund.ts';
import { signInOwner } from './support/staff.ts';

/**
 * A refund left pending, resolved from the back office (ADR 081): the owner refunds a
 * line to the card, the payment gateway refunds it but its answer is lost (the test
 * gateway's fault switch), so the order shows a pending refund and the dashboard counts
 * it; "Check with the payment provider" finds the refund at the gateway and completes it
 * with its credit note. The order page with the pending refund is checked with axe.
 */

test('a refund whose answer was lost is pending, and checking with the payment provider completes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { orderNumber } = await paidOrder(request, { emailPrefix: 'pending-refund' });
  await signInOwner(page, {
    path: `/admin/orders/${orderNumber}`,
    heading: `Order ${orderNumber}`,
  });

  const adminOrder = await page.request.get(`/api/v1/admin/orders/${orderNumber}`);
  const transactionId = (
    (await adminOrder.json()) as { data: { order: { payment: { transaction_id: string } } } }
  ).data.order.payment.transaction_id;
  const settled = await page.request.post('/api/v1/test-mode/braintree/settlements', {
    data: { transaction_id: transactionId },
  });
  expect(settled.ok(), await settled.text()).toBe(true);

  // The gateway refunds, and its answer never arrives.
  const faults = await page.request.post('/api/v1/test-mode/braintree/faults', {
    data: { refunds: [{ kind: 'timeout', refunded: true }] },
  });
  expect(faults.ok(), await faults.text()).toBe(true);

  await refundFromOrderPage(page, {
    product: 'Artificial Olive Tree',
    reason: 'Arrived damaged',
    to: /Original payment/,
  });
  await expect(page.getByText(/held as pending/).first()).toBeVisible();

  await page.reload();
  const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
  const pending = refunds.getByRole('article', { name: /^Pending refund of £/ });
  await expect(pending).toContainText('has not confirmed this refund');
  await expectAxeClean(page, 'order page with a pending refund', [768, 1280]);

  // Counted on the dashboard, whose tile leads to the order.
  await page.goto('/admin');
  const tile = page.getByRole('heading', { name: 'Refunds pending' }).locator('..');
  await expect(tile.getByText(/^[1-9]\d*$/)).toBeVisible();
  await tile.getByRole('link', { name: /See the orders/ }).click();
  await page.getByRole('link', { name: orderNumber }).click();

  await page.getByRole('button', { name: 'Check with the payment provider' }).click();
  await expect(refunds.getByRole('status')).toContainText(/complete as CN-\d{6}/);
  await expect(refunds.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)$/ })).toBeVisible();
  await expect(refunds.getByRole('button', { name: /Check with/ })).toHaveCount(0);
  await expectAxeClean(page, 'order page after the check', [768, 1280]);
});
