/**
 * A refund through the back office's order page: units of one line, a reason and where
 * the money goes, reviewed and confirmed in the dialog.
 */
import type { Page } from '@playwright/test';

export async function refundFromOrderPage(
  page: Page,
  refund: { product: string; reason: string; to: RegExp },
): Promise<void> {
  const panel = page.getByRole('region', { name: 'Refund', exact: true });
  await panel.getByLabel(new RegExp(`^Units of ${refund.product}.* to refund$`)).fill('1');
  await panel.getByLabel('Reason').fill(refund.reason);
  await panel.getByRole('radio', { name: refund.to }).check();
  await panel.getByRole('button', { name: 'Review refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the refund' });
  await confirm.getByRole('button', { name: /^Refund £/ }).click();
}
