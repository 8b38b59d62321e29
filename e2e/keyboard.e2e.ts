import { expect, test, type Page } from '@playwright/test';
import { expectFocusVisible, outOfReadingOrder, tabStops, tabTo } from './support/a11y.ts';
import { readyBasket } from './support/basket.ts';

/**
 * WCAG 2.2 by keyboard (docs/accessibility.md): the whole checkout with the keyboard
 * alone, every focus stop visible and unobscured; where focus lands after each page
 * change and failed submit; the forms' tab order against their visual order; and the
 * live regions that announce status messages and errors.
 */

const THANK_YOU = /\/order\/thank-you\/[0-9a-f-]+$/;
/** An expiry date in the future, mm/yy. */
const EXPIRY = `01${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The element with the focus is `selector` (e.g. 'main', '#checkout-main'). */
async function expectFocusOn(page: Page, selector: string) {
  await expect
    .poll(() => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector))
    .toBe(true);
}

/**
 * Records every text that any live region (role=status or alert, aria-live) shows
 * from now on, for announcement checks.
 */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    const live = '[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])';
    new MutationObserver(() => {
      for (const region of document.querySelectorAll(live)) {
        const text = (region.textContent ?? '').trim();
        if (text && heard[heard.length - 1] !== text && !heard.includes(text)) heard.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const announcements = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: string[] }).heard);

test.describe('keyboard only', () => {
  test('a guest shops and pays with the keyboard alone, focus visible and where expected', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();

    // The first stop is the skip link, shown when focused; it moves to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'main');

    // A category, then a product, through the page's links.
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link', { name: 'House Plants' }),
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/categories\/house-plants$/);
    await tabTo(page, page.getByRole('link', { name: 'Artificial Boston Fern', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/artificial-boston-fern/);
    // A new page starts at its main content.
    await expectFocusOn(page, 'main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artificial Boston Fern');

    await recordAnnouncements(page);
    await tabTo(page, page.getByRole('button', { name: 'Add to basket' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your basket' }),
    ).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'View basket' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/basket$/);
    await expectFocusOn(page, 'main');
    await tabTo(page, page.getByRole('link', { name: 'Checkout' }));
    await page.keyboard.press('Enter');

    // The checkout's entry step: Continue with no email moves to the email field.
    await expect(page).toHaveURL(/\/checkout$/);
    await expectFocusOn(page, '#checkout-main');
    const guest = page.getByRole('form', { name: 'Guest checkout' });
    const email = guest.getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeVisible();
    await tabTo(page, guest.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Required');
    await expectFocusVisible(page);
    await page.keyboard.type('keyboard.only@example.com');
    await page.keyboard.press('Enter');

    // The address step: a failed Continue moves to the first field in error.
    await expect(page).toHaveURL(/\/checkout\/address$/);
    await expectFocusOn(page, '#checkout-main');
    const form = page.getByRole('form', { name: 'Delivery address' });
    const title = form.getByRole('combobox', { name: 'Title' });
    await tabTo(page, form.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowDown');
    await expect(title).toHaveValue('Mr');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Capability');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Brown');
    await tabTo(page, form.getByRole('textbox', { name: 'Enter your postcode' }));
    await page.keyboard.type('HG1 2AB');
    await page.keyboard.press('Enter');
    const results = form.getByRole('combobox', { name: 'Select your address' });
    await expect(results).toBeVisible();
    await tabTo(page, results);
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '8 Orchard Lane',
    );
    await tabTo(page, form.getByRole('textbox', { name: 'Telephone' }));
    await page.keyboard.type('01423 496321');
    await tabTo(page, form.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    // Delivery: the options are radios (Space chooses, arrows move).
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expectFocusOn(page, '#checkout-main');
    const options = page.getByRole('group', { name: 'Choose a delivery option' });
    await tabTo(page, options.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(options.getByRole('radio').first()).toBeChecked();
    // The delivery instructions appear once the choice is saved: until then nothing
    // follows the options to Tab to.
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
    await page.keyboard.press('Enter');

    // Payment by card, test mode, the frictionless 3-D Secure card.
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expectFocusOn(page, '#checkout-main');
    const card = page.getByRole('group', { name: 'Card details' });
    await tabTo(page, card.getByRole('textbox', { name: 'Name on card' }));
    await page.keyboard.type('Capability Brown');
    await tabTo(page, card.getByRole('textbox', { name: 'Card number' }));
    await page.keyboard.type('4000000000002701');
    await tabTo(page, card.getByRole('textbox', { name: 'Expiry date' }));
    await page.keyboard.type(EXPIRY);
    await tabTo(page, card.getByRole('textbox', { name: 'Security code' }));
    await page.keyboard.type('123');
    await recordAnnouncements(page);
    await tabTo(page, page.getByRole('button', { name: 'Place order & pay' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(THANK_YOU, { timeout: 20_000 });
    // The thank-you page starts at its heading.
    const thanks = page.getByRole('heading', { level: 1, name: 'Thank you for your order' });
    await expect(thanks).toBeFocused();
    // Placing the order was announced stage by stage (a polite status region).
    expect(await announcements(page)).toEqual(
      expect.arrayContaining([
        'Getting payment information',
        'Checking your billing details',
        'Creating order',
      ]),
    );
  });

  test('the bank’s 3-D Secure dialog is used by keyboard: focus inside, kept in, returned', async ({
    page,
  }) => {
    await readyBasket(page, { email: 'keys@example.com' });
    await page.goto('/checkout/payment');
    const card = page.getByRole('group', { name: 'Card details' });
    await expect(card).toBeVisible();
    await tabTo(page, card.getByRole('textbox', { name: 'Name on card' }));
    await page.keyboard.type('Gertrude Jekyll');
    await tabTo(page, card.getByRole('textbox', { name: 'Card number' }));
    await page.keyboard.type('4000000000001091');
    await tabTo(page, card.getByRole('textbox', { name: 'Expiry date' }));
    await page.keyboard.type(EXPIRY);
    await tabTo(page, card.getByRole('textbox', { name: 'Security code' }));
    await page.keyboard.type('123');
    await tabTo(page, page.getByRole('button', { name: 'Place order & pay' }));
    await page.keyboard.press('Enter');

    const bank = page.getByRole('dialog', { name: /Everbloom Test Bank/ });
    await expect(bank).toBeVisible();
    await expect
      .poll(() => bank.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true);
    // Tab and Shift+Tab go round the dialog's three buttons and never leave it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await bank.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await expectFocusVisible(page);
    }
    await tabTo(page, bank.getByRole('button', { name: 'Authenticate' }), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(THANK_YOU, { timeout: 20_000 });
  });
});

test.describe('focus order', () => {
  test('the address, billing and card fields are tabbed through in the order they are shown', async ({
    page,
  }) => {
    await readyBasket(page, { email: 'keys@example.com' });
    await page.goto('/checkout/address');
    const form = page.getByRole('form', { name: 'Delivery address' });
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '8 Orchard Lane',
    );
    const address = await tabStops(page, form);
    expect(address.length).toBeGreaterThan(8);
    expect(outOfReadingOrder(address)).toEqual([]);

    await page.goto('/checkout/payment');
    const same = page.getByRole('checkbox', { name: 'Same as delivery details' });
    await same.focus();
    await page.keyboard.press('Space');
    await expect(same).not.toBeChecked();
    const billing = page.getByRole('form', { name: 'Billing address' });
    await expect(billing).toBeVisible();
    expect(outOfReadingOrder(await tabStops(page, billing))).toEqual([]);
    const card = await tabStops(page, page.getByRole('group', { name: 'Card details' }));
    expect(card.map((stop) => stop.name)).toEqual([
      'input Name on card',
      'button About keeping your card safe',
      'input Card number',
      'input Expiry date',
      'button What is the security code?',
      'input Security code',
      'button Clear card details',
    ]);
    expect(outOfReadingOrder(card)).toEqual([]);
  });

  test('the login and registration forms are tabbed through in the order they are shown', async ({
    page,
  }) => {
    await page.goto('/login');
    for (const name of ['Log in', 'Create an account']) {
      const form = page.getByRole('form', { name });
      await expect(form).toBeVisible();
      const stops = await tabStops(page, form);
      expect(stops.length, name).toBeGreaterThan(2);
      expect(outOfReadingOrder(stops), name).toEqual([]);
    }
  });
});

test.describe('announcements', () => {
  test('basket, discount code and payment messages are live regions; field errors are tied to their fields', async ({
    page,
  }) => {
    await page.goto('/products/artificial-boston-fern');
    await recordAnnouncements(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your basket' }),
    ).toBeVisible();

    // A code applied is announced politely; one rejected as an alert.
    await page.goto('/basket');
    await recordAnnouncements(page);
    const code = page.getByRole('textbox', { name: 'Discount code' });
    await code.fill('WELCOME10');
    await code.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'WELCOME10' })).toHaveText(
      'Discount code WELCOME10 applied.',
    );
    await page.getByRole('button', { name: 'Remove discount code WELCOME10' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
      'Discount code removed.',
    );
    await code.fill('NOSUCH99');
    await code.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Please enter a valid discount code.');
    await page.getByRole('button', { name: 'Remove discount code NOSUCH99' }).click();
    // A malformed code is a field error: described by its message and marked invalid.
    await code.fill('TEN-OFF');
    await code.press('Enter');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/.+/);
    await expect(code).toBeFocused();

    // The payment step: card field errors on their fields; a refusal as an alert.
    await readyBasket(page, { email: 'keys@example.com' });
    await page.goto('/checkout/payment');
    const card = page.getByRole('group', { name: 'Card details' });
    const number = card.getByRole('textbox', { name: 'Card number' });
    await card.getByRole('textbox', { name: 'Name on card' }).fill('Gertrude Jekyll');
    await number.fill('4111');
    await number.press('Tab');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription('Please enter a valid card number');
    // Placing the order with fields in error moves to the first of them.
    await page.getByRole('button', { name: 'Place order & pay' }).press('Enter');
    await expect(number).toBeFocused();

    await number.fill('4000111111111115');
    await card.getByRole('textbox', { name: 'Expiry date' }).fill(EXPIRY);
    await card.getByRole('textbox', { name: 'Security code' }).fill('123');
    await recordAnnouncements(page);
    await page.getByRole('button', { name: 'Place order & pay' }).click();
    await expect(page.getByRole('alert')).toContainText('There was an error creating your order');
    expect(await announcements(page)).toEqual(
      expect.arrayContaining(['Getting payment information', 'Creating order']),
    );
  });
});

test.describe('pointer presses', () => {
  // A field checked as it loses focus shows its message when the pointer goes down on
  // the button; the button must not move from under the pointer and lose the click.
  test('Continue and Place order & pay, pressed while a field is being typed in, act at once', async ({
    page,
  }) => {
    await readyBasket(page, { email: 'pointer@example.com' });
    await page.goto('/checkout/address');
    const form = page.getByRole('form', { name: 'Delivery address' });
    const firstName = form.getByRole('textbox', { name: 'First name' });
    await firstName.fill('');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout\/address$/);

    await page.goto('/checkout/payment');
    const card = page.getByRole('group', { name: 'Card details' });
    const number = card.getByRole('textbox', { name: 'Card number' });
    await number.fill('4111');
    await number.press('Tab');
    await expect(card.getByRole('textbox', { name: 'Expiry date' })).toBeFocused();
    await page.getByRole('button', { name: 'Place order & pay' }).click();
    // The first field in error: the name on the card, left empty.
    await expect(card.getByRole('textbox', { name: 'Name on card' })).toBeFocused();
    await expect(card.getByRole('textbox', { name: 'Expiry date' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
