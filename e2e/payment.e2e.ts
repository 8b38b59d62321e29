import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readyBasket } from './support/basket.ts';

/**
 * The payment step and the thank-you page, end to end (issue 10), on the test-mode
 * gateway: a guest pays by card (3-D Secure frictionless, challenge passed, failed),
 * a declined card, a signed-in customer's saved card, PayPal, Google Pay and a free
 * order. Baskets are prepared through the API with the page's own cookies; the
 * payment step itself is driven as a shopper would.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const THANK_YOU = /\/order\/thank-you\/[0-9a-f-]+$/;

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** An expiry date in the future, mm/yy, as the 3-D Secure test cards want (month 01, year + 3). */
const EXPIRY = `01/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Types a card into the test-mode card fields (real inputs in the page). */
async function fillCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Name on card' }).fill('Gertrude Jekyll');
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiry date' }).fill(EXPIRY);
  await card.getByRole('textbox', { name: 'Security code' }).fill('123');
}

/** The order shown on the thank-you page: its number and how it was paid. */
async function expectThankYou(page: Page, paidWith: string) {
  await expect(page).toHaveURL(THANK_YOU, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();
  await expect(page.getByText(/Your order number is EB-[A-Z0-9]{8}/)).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText(paidWith);
}

/** How many items the browser's basket holds now. */
async function basketCount(page: Page) {
  const response = await page.request.get('/api/v1/basket');
  const body = (await response.json()) as { data: { item_count: number } };
  return body.data.item_count;
}

async function placeCardOrder(page: Page) {
  await page.getByRole('button', { name: 'Place order & pay' }).click();
}

test.describe('payment step: cards', () => {
  test('a guest pays by card with a frictionless 3-D Secure check and sees the order', async ({
    page,
  }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await expect(page).toHaveTitle(/^Payment \| Everbloom$/);
    await expect(page.getByRole('link', { name: 'Return to delivery options' })).toHaveAttribute(
      'href',
      '/checkout/delivery',
    );
    await expect(page.getByText('This shop is in test mode:')).toBeVisible();
    await expect(page.getByText('Secure and encrypted payment')).toBeVisible();
    // The billing address starts as the delivery address.
    await expect(page.getByRole('checkbox', { name: 'Same as delivery details' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Card details' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await fillCard(page, '4000000000002701');
    // The number is shown in groups of four, as on the card.
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(
      '4000 0000 0000 2701',
    );
    await placeCardOrder(page);
    await expectThankYou(page, 'Credit/Debit Card');
    await expect(page.getByText('gertrude@example.com')).toBeVisible();
    await expect(page.getByText('8 Orchard Lane').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await basketCount(page)).toBe(0);
  });

  test('a 3-D Secure challenge the shopper completes places the order', async ({ page }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await fillCard(page, '4000000000001091');
    await placeCardOrder(page);
    const bank = page.getByRole('dialog', { name: /Everbloom Test Bank/ });
    await expect(bank).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await bank.getByRole('button', { name: 'Authenticate' }).click();
    await expectThankYou(page, 'Credit/Debit Card');
  });

  test('a failed 3-D Secure check asks for the card again and keeps the basket', async ({
    page,
  }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await fillCard(page, '4000000000002925');
    await placeCardOrder(page);
    await expect(
      page.getByText('There was an error taking the card payment, please check the fields below.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    expect(await basketCount(page)).toBe(1);

    // Another card goes through on the same page.
    await fillCard(page, '4111111111111111');
    await placeCardOrder(page);
    await expectThankYou(page, 'Credit/Debit Card');
  });

  test('a declined card says why, charges nothing and keeps the basket', async ({ page }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await fillCard(page, '4000111111111115');
    await placeCardOrder(page);
    await expect(page.getByText('There was an error creating your order')).toBeVisible();
    await expect(
      page.getByText(
        'There was an issue verifying your payment method, please review your details and try again.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    expect(await basketCount(page)).toBe(1);
  });

  test('a signed-in customer saves a card, then pays with it next time', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('plants-demo');
    await login.getByRole('checkbox', { name: /not a robot/ }).check();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await readyBasket(page, { email: null });
    await page.goto('/checkout/payment');
    await fillCard(page, '4000000000002701');
    await expect(
      page.getByRole('checkbox', { name: 'Save this card for next time' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
    await placeCardOrder(page);
    await expectThankYou(page, 'Credit/Debit Card');

    await readyBasket(page, { email: null });
    await page.goto('/checkout/payment');
    const saved = page.getByRole('radio', { name: /Default card/ });
    await expect(saved).toBeChecked();
    await expect(saved).toHaveAccessibleDescription(/2701/);
    await expect(page.getByRole('group', { name: 'Card details' })).toBeHidden();
    await placeCardOrder(page);
    await expectThankYou(page, 'Credit/Debit Card');
  });
});

test.describe('payment step: wallets and free orders', () => {
  test('a browser without Apple Pay or Google Pay is offered neither', async ({ page }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apple Pay', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Google Pay', exact: true })).toHaveCount(0);
  });

  test('PayPal approves the payment in its window', async ({ page }) => {
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const paypal = page.getByRole('dialog', { name: 'Log in to PayPal' });
    await expect(paypal).toBeVisible();
    await paypal.getByRole('button', { name: /^Pay £/ }).click();
    await expectThankYou(page, 'PayPal');
  });

  test('Google Pay approves the payment on its sheet', async ({ page }) => {
    // Test mode shows a wallet only where the browser has it; the switch gives this one both.
    await page.addInitScript(() =>
      window.localStorage.setItem('test_mode_wallets', 'apple_pay,google_pay'),
    );
    await readyBasket(page);
    await page.goto('/checkout/payment');
    await expect(page.getByRole('button', { name: 'Apple Pay', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Google Pay', exact: true }).click();
    await page.getByRole('button', { name: 'Buy with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: /^Pay £/ }).click();
    await expectThankYou(page, 'Google Pay');
  });

  test('a free basket (FREEORDER) is ordered without payment', async ({ page }) => {
    await readyBasket(page);
    const voucher = await page.request.put('/api/v1/basket/voucher', {
      data: { voucher_code: 'FREEORDER' },
    });
    expect(voucher.ok()).toBe(true);
    await page.goto('/checkout/payment');
    await expect(page.getByRole('button', { name: 'Free! Payment not required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order & pay' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await expectThankYou(page, 'No payment required');
  });
});
