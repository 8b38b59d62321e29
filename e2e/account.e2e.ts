import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADA_ADDRESS } from './support/paid-order.ts';

/**
 * The account area, end to end (issue 11, ADR 026): the demo customer's hub and buds,
 * adding an address and making it the default, the newsletter preference (both put back
 * afterwards, for the journeys that expect the seeded demo account); and a new
 * customer's card saved at the checkout, listed as the default on /account/cards and
 * deleted. Every account page is checked with axe at 375px and 1280px wide.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTHS = [375, 1280] as const;
const NO_CARDS = 'You have no saved cards. Cards you save at checkout appear here.';

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** axe finds nothing on the page as it is now, at each width. */
async function expectAccessible(page: Page, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${what} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function logIn(page: Page, next = '/account') {
  await page.goto(next);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email address').fill('demo@example.com');
  await login.getByLabel('Password', { exact: true }).fill('plants-demo');
  await login.getByRole('checkbox', { name: /not a robot/ }).check();
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

/** A basket with a fern, a Harrogate delivery address and the first delivery option. */
async function readyBasket(page: Page) {
  const product = (await (
    await page.request.get('/api/v1/products/artificial-boston-fern')
  ).json()) as {
    data: { product: { variations: { id: number }[] } };
  };
  const added = await page.request.post('/api/v1/basket', {
    data: { product_id: product.data.product.variations[0]?.id },
  });
  expect(added.ok()).toBe(true);
  const details = await page.request.put('/api/v1/basket/details', {
    data: {
      ...ADA_ADDRESS,
      delivery_address_title: 'Ms',
      delivery_address_first_name: 'Marianne',
      delivery_address_last_name: 'North',
    },
  });
  expect(details.ok()).toBe(true);
  const basket = (await details.json()) as {
    data: { available_delivery_options: { id: string }[] };
  };
  const chosen = await page.request.put('/api/v1/basket/delivery', {
    data: { option_id: basket.data.available_delivery_options[0]?.id },
  });
  expect(chosen.ok()).toBe(true);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

test.describe('the account area', () => {
  test('the demo customer sees their buds, adds a default address and changes the newsletter', async ({
    page,
  }) => {
    await logIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    await expect(page).toHaveTitle('Your account | Everbloom');
    // The seeded demo account's buds (no journey spends or earns the demo's buds before
    // this one, as e2e/accounts.e2e.ts also relies on).
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details).toContainText('1,250 buds');
    await expectAccessible(page, 'the account hub');

    // Buds: the balance and the history, the welcome buds among it.
    await nav(page).getByRole('link', { name: 'Buds' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your buds' })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page.getByText('1,250 buds', { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /Welcome buds \(demo\) \+1,250/ })).toBeVisible();
    await expectAccessible(page, 'the buds page');

    // Addresses: add one by hand, then make it the default delivery address.
    const street = `${Date.now() % 100000} Kew Road`;
    await nav(page).getByRole('link', { name: 'Addresses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your addresses' })).toBeVisible();
    await expect(page.getByText('Default delivery address').first()).toBeVisible();
    await expectAccessible(page, 'the addresses page');
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'Add an address' });
    await expect(form.getByLabel('First name')).toHaveValue('Ada');
    await form.getByRole('button', { name: 'Enter manually' }).click();
    await expectAccessible(page, 'the address form');
    await form.getByLabel('Address Line 1').fill(street);
    await form.getByLabel('Town/City').fill('Richmond');
    await form.getByLabel('County').fill('Surrey');
    await form.getByLabel('Postcode').fill('TW9 3AB');
    await form.getByLabel('Telephone').fill('020 8332 5655');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Your address has been saved.')).toBeVisible();
    const added = page.getByRole('listitem').filter({ hasText: street });
    await expect(added).toBeVisible();
    await expect(added).not.toContainText('Default delivery address');
    await added.getByRole('button', { name: 'Make default delivery address' }).click();
    await expect(added).toContainText('Default delivery address');
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: street })).toContainText(
      'Default delivery address',
    );
    await expect(page.getByText('Default delivery address', { exact: true })).toHaveCount(1);
    // Other journeys expect the demo's seeded default: give it back.
    await page
      .getByRole('listitem')
      .filter({ hasText: '12 Orchard Lane' })
      .getByRole('button', { name: 'Make default delivery address' })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: '12 Orchard Lane' })).toContainText(
      'Default delivery address',
    );

    // Preferences: the newsletter choice is saved and stays after a reload.
    await nav(page).getByRole('link', { name: 'Details and preferences' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Details and preferences' }),
    ).toBeVisible();
    await expectAccessible(page, 'the settings page');
    // On a small screen the account navigation scrolls sideways to show this page's link.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(nav(page).getByRole('link', { name: 'Details and preferences' })).toBeInViewport({
      ratio: 1,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    const newsletter = page.getByRole('checkbox', { name: /Send me the Everbloom newsletter/ });
    const before = await newsletter.isChecked();
    await newsletter.click();
    await expect(page.getByText('Your newsletter preference has been saved.')).toBeAttached();
    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: /Send me the Everbloom newsletter/ }),
    ).toBeChecked({ checked: !before });
    // And the newsletter choice as it was.
    await page.getByRole('checkbox', { name: /Send me the Everbloom newsletter/ }).click();
    await expect(page.getByText('Your newsletter preference has been saved.')).toBeAttached();
  });

  test('a card saved at the checkout is listed as the default, then deleted', async ({ page }) => {
    // A customer of its own, so the order's buds leave the demo account's 1,250 alone.
    await page.goto('/login');
    const register = page.getByRole('form', { name: 'Create an account' });
    await register.getByLabel('First name').fill('Marianne');
    await register.getByLabel('Last name').fill('North');
    await register.getByLabel('Email address').fill(`cards-${Date.now()}@example.com`);
    await register.getByLabel('Password', { exact: true }).fill('botanical');
    await register.getByRole('checkbox', { name: /not a robot/ }).check();
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await nav(page).getByRole('link', { name: 'Saved cards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved cards' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Your cards' });
    await expect(page.getByText(NO_CARDS)).toBeVisible();
    await expectAccessible(page, 'saved cards, empty');

    // A basket paid by card, saving the card (prepared as e2e/payment.e2e.ts does).
    await readyBasket(page);
    await page.goto('/checkout/payment');
    const card = page.getByRole('group', { name: 'Card details' });
    await card.getByRole('textbox', { name: 'Name on card' }).fill('Marianne North');
    await card.getByRole('textbox', { name: 'Card number' }).fill('4111111111111111');
    await card
      .getByRole('textbox', { name: 'Expiry date' })
      .fill(`01/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await card.getByRole('textbox', { name: 'Security code' }).fill('123');
    await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
    await page.getByRole('button', { name: 'Place order & pay' }).click();
    await expect(page).toHaveURL(/\/order\/thank-you\//, { timeout: 20_000 });

    // The account lists it as the default card.
    await page.goto('/account/cards');
    const saved = cards.getByRole('listitem');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('ending 1111');
    await expect(saved).toContainText(/Expires 01\/\d{4}/);
    await expect(saved).toContainText('Default card');
    await expectAccessible(page, 'saved cards, one card');

    // Deleting asks first, then the list is empty.
    await saved.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this card?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await expect(page.getByText(NO_CARDS)).toBeVisible();
    await page.reload();
    await expect(page.getByText(NO_CARDS)).toBeVisible();
  });
});
