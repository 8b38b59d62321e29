import { expect, test } from '@playwright/test';

test.describe('the checkout', () => {
  test('a guest gives an email on the entry step and reaches the delivery address step', async ({
    page,
  }) => {
    await page.goto('/products/artificial-boston-fern');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();

    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Secure checkout' })).toBeVisible();
    await expect(page).toHaveTitle(/^Secure checkout \| Everbloom$/);
    // The checkout's own header; no progress indicator on the entry step.
    await expect(page.getByText('Secure checkout', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Checkout progress' })).toHaveCount(0);
    // The entry step was reported to analytics with the fern in the basket.
    const events = await page.evaluate(
      () => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [],
    );
    expect(JSON.stringify(events)).toContain('"option":"Welcome page"');
    expect(JSON.stringify(events)).toContain('Artificial Boston Fern');

    const guest = page.getByRole('form', { name: 'Guest checkout' });
    await guest.getByRole('button', { name: 'Continue' }).click();
    await expect(guest.getByText('Required')).toBeVisible();

    await guest.getByRole('textbox', { name: 'Email address' }).fill('fern.lover@example.com');
    await guest.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/checkout\/address$/);
    await expect(page).toHaveTitle(/^Delivery address \| Everbloom$/);
    await expect(
      page.getByRole('navigation', { name: 'Checkout progress' }).getByRole('link', {
        name: 'Delivery address',
      }),
    ).toHaveAttribute('aria-current', 'step');

    // The email was saved on the basket: back on the entry step it is filled in.
    await page.goto('/checkout');
    await expect(page.getByText('Checking out as a guest.')).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Guest checkout' }).getByRole('textbox', {
        name: 'Email address',
      }),
    ).toHaveValue('fern.lover@example.com');
  });

  test('an empty basket is sent back to the basket page', async ({ page }) => {
    await page.goto('/checkout/address');
    await expect(
      page.getByText('It looks like your order is empty, returning to basket'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/basket$/);
  });
});
