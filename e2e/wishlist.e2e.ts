import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Fills and sends the login form the page is on. */
async function logIn(page: Page, email: string, password: string) {
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email address').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('checkbox', { name: /not a robot/ }).check();
  await login.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Turns sharing on for the signed-in customer of `page` and answers the link's id.
 * Through the API with the page's stored login: /account/wishlist (the page with the
 * 'Share wishlist' button, component-tested) joins the account area's routes at merge.
 */
async function shareWishlist(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ba_auth_token')?.value;
  expect(token).toBeTruthy();
  const reply = await page.request.post('/api/v1/user/wishlist/share', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { wishlist: { share_id: string } } }).data.wishlist
    .share_id;
}

test.describe('wishlists', () => {
  test('a customer saves an item, shares the list, and it is bought from the shared view', async ({
    page,
    browser,
  }) => {
    await page.goto('/login');
    await logIn(page, 'demo@example.com', 'plants-demo');
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/products/artificial-boston-fern');
    const heart = page.getByRole('button', { name: 'Add to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    const saved = page.getByRole('button', { name: 'Remove from wishlist' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your wishlist' }),
    ).toHaveCount(1);
    // Still saved after a reload: the server has it.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    const shareId = await shareWishlist(page);

    // Someone else, in a browser of their own, opens the link and buys from it.
    const friend = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await friend.newPage();
    await other.goto(`/wishlists/${shareId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Ada’s wishlist' })).toBeVisible();
    const item = other.getByRole('listitem').filter({ hasText: 'Artificial Boston Fern' });
    await expect(item.getByText('In stock')).toBeVisible();
    await expect(other.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await item.getByRole('button', { name: /^Add to basket/ }).click();
    await expect(item.getByText('Added to your basket')).toBeVisible();
    await item.getByRole('link', { name: 'View basket' }).click();
    await expect(other).toHaveURL(/\/basket$/);
    await expect(other.getByRole('link', { name: /Artificial Boston Fern/ }).first()).toBeVisible();

    // And pays for it: details through the API, the payment step as a shopper would.
    const details = await other.request.put('/api/v1/basket/details', {
      data: {
        email_address: 'friend@example.com',
        delivery_address_title: 'Mr',
        delivery_address_first_name: 'Charles',
        delivery_address_last_name: 'Babbage',
        delivery_address_line_1: '8 Orchard Lane',
        delivery_address_line_3: 'Harrogate',
        delivery_address_line_4: 'North Yorkshire',
        delivery_address_postcode: 'HG1 2AB',
        delivery_address_country_code: 'GBR',
        delivery_address_telephone: '01423 496124',
      },
    });
    expect(details.ok()).toBe(true);
    const delivery = await other.request.put('/api/v1/basket/delivery', {
      data: { option_id: 'uk-standard' },
    });
    expect(delivery.ok()).toBe(true);
    await other.goto('/checkout/payment');
    const card = other.getByRole('group', { name: 'Card details' });
    await card.getByRole('textbox', { name: 'Name on card' }).fill('Charles Babbage');
    await card.getByRole('textbox', { name: 'Card number' }).fill('4111111111111111');
    await card.getByRole('textbox', { name: 'Expiry date' }).fill('01/30');
    await card.getByRole('textbox', { name: 'Security code' }).fill('123');
    await other.getByRole('button', { name: 'Place order & pay' }).click();
    await expect(other).toHaveURL(/\/order\/thank-you\//, { timeout: 20_000 });
    await expect(other.getByRole('region', { name: 'Your items' })).toContainText(
      'Artificial Boston Fern',
    );
    await friend.close();
  });

  test('a guest taps the heart, logs in and comes back with the item saved', async ({ page }) => {
    await page.goto('/products/faux-eucalyptus-spray');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=\/products\/faux-eucalyptus-spray$/);
    await logIn(page, 'trade@example.com', 'plants-trade');
    await expect(page).toHaveURL(/\/products\/faux-eucalyptus-spray$/);
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your wishlist' }),
    ).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  });

  test('an unknown share link says the wishlist could not be found', async ({ page }) => {
    await page.goto('/wishlists/AAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('The wishlist requested could not be found.')).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`the shared view has no axe violations at ${width}px`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await page.goto('/login');
      await logIn(page, 'demo@example.com', 'plants-demo');
      await expect(page).toHaveURL(/\/account$/);
      const shareId = await shareWishlist(page);
      await page.goto(`/wishlists/${shareId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Ada’s wishlist' })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(
        result.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        ),
      ).toEqual([]);
      await context.close();
    });
  }
});
