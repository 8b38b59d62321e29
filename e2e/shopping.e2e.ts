import { expect, test, type Page } from '@playwright/test';

/** The basket count in the header. */
const basketCount = (page: Page) => page.getByRole('link', { name: /Basket/ }).first();

test.describe('a shopper', () => {
  test('browses, adds to the basket, changes it, uses a discount code and heads to the checkout', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    // Browse a category, then open a product from the grid.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Trees/ })
      .click();
    await expect(page).toHaveURL(/\/categories\/trees$/);
    await page.getByRole('link', { name: 'Artificial Olive Tree', exact: true }).first().click();
    await expect(page).toHaveURL(/\/products\/artificial-olive-tree/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Artificial Olive Tree' }),
    ).toBeVisible();
    // Its picture is a file from the media folder that the browser could load and draw.
    const picture = page.getByRole('img', { name: /^Artificial Olive Tree/ }).first();
    await expect(picture).toHaveAttribute('src', /^\/media\/products\/.+\.svg$/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // The click was recorded for analytics and in the product-clicks cookie.
    const events = await page.evaluate(
      () => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [],
    );
    expect(JSON.stringify(events)).toContain('productClick');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'product_clicks')?.value).toBeTruthy();

    // Pick 120cm in a grey pot and add one.
    // The choice lives in the address (?variation=), so the radios follow the URL.
    const size = page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: '120cm' });
    await size.click();
    await expect(size).toBeChecked();
    const pot = page.getByRole('group', { name: 'Pot' }).getByRole('radio', { name: 'Grey pot' });
    await pot.click();
    await expect(pot).toBeChecked();
    await expect(page).toHaveURL(/variation=/);
    await expect(page.getByText('£79.99').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();
    await expect(basketCount(page)).toContainText('1');

    // The basket: raise the quantity, then apply and remove a discount code.
    await page.getByRole('link', { name: 'View basket' }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
    await page.getByRole('button', { name: /Increase quantity of Artificial Olive Tree/ }).click();
    await expect(
      page.getByRole('spinbutton', { name: /Quantity of Artificial Olive Tree/ }),
    ).toHaveValue('2');
    await expect(page.getByText('£159.98').first()).toBeVisible();

    await page.getByLabel('Discount code').fill('welcome10');
    await expect(page.getByLabel('Discount code')).toHaveValue('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Discount code:')).toBeVisible();
    await expect(page.getByText('-£16.00').first()).toBeVisible();
    await expect(page.getByText('£143.98').first()).toBeVisible();

    await page.getByRole('button', { name: /Remove discount code WELCOME10/ }).click();
    await expect(page.getByLabel('Discount code')).toBeVisible();
    await expect(page.getByText('-£16.00')).toHaveCount(0);

    // A code that does not exist is kept and reported.
    await page.getByLabel('Discount code').fill('NOSUCH99');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter a valid discount code.')).toBeVisible();
    await expect(page.getByText('"NOSUCH99" could not be found.')).toBeVisible();
    await page.getByRole('button', { name: /Remove discount code NOSUCH99/ }).click();

    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure checkout' })).toBeVisible();
    // The checkout's entry step: guest checkout open, returning customers may log in.
    await expect(page.getByRole('radio', { name: 'Guest checkout' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Returning customer?' })).not.toBeChecked();
  });

  test('keeps a discount code from a link and applies it to the basket', async ({ page }) => {
    // The code leaves the address bar at once and is applied as soon as a basket loads.
    await page.goto('/?discount_code=freedel');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/products/artificial-boston-fern');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();
    await page.goto('/basket');
    await expect(page.getByText('Discount code:')).toBeVisible();
    await expect(page.getByText('FREEDEL', { exact: true })).toBeVisible();
    // Cleared once the apply request settles, which may be just after the basket shows it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('discount_code'))).toBeNull();
  });

  test('is told clearly when stock runs out, and the basket stays as it was', async ({ page }) => {
    await page.goto('/products/artificial-bird-of-paradise');
    await expect(page.getByText(/Only 5 left/).first()).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('5');
    await quantity.press('Enter');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();
    await expect(basketCount(page)).toContainText('5');

    // A second add asks for more than there is: the server says so, nothing changes.
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Sorry, only 5 of Artificial Bird of Paradise are available.',
    );
    await page.goto('/basket');
    await expect(
      page.getByRole('spinbutton', { name: /Quantity of Artificial Bird of Paradise/ }),
    ).toHaveValue('5');
  });

  test('sees an empty basket with a way back to the shop', async ({ page }) => {
    await page.goto('/basket');
    await expect(page.getByText('Your basket is empty')).toBeVisible();
    await page
      .getByRole('link', { name: /shopping/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('finds the footer pages', async ({ page }) => {
    await page.goto('/');
    for (const [link, heading] of [
      ['Delivery information', 'Delivery information'],
      ['Terms & conditions', 'Terms & conditions'],
      ['Privacy notice', 'Privacy notice'],
    ]) {
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Everbloom home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
