import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The checkout's address and delivery steps, end to end (issue 9): postcode lookup,
 * saved addresses, zones with their own options, the no-options view, the mobile
 * summary, accessibility and keyboard-only use.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Fills the page's basket with one fern (£34.99) through the API, sharing the page's cookies. */
async function addFern(page: Page) {
  const response = await page.request.get('/api/v1/products/artificial-boston-fern');
  const product = (await response.json()) as {
    data: { product: { variations: { id: number }[] } };
  };
  const added = await page.request.post('/api/v1/basket', {
    data: { product_id: product.data.product.variations[0]?.id },
  });
  expect(added.ok()).toBe(true);
}

/** From the entry step as a guest to the delivery address step. */
async function guestToAddress(page: Page, email: string) {
  await page.goto('/checkout');
  const guest = page.getByRole('form', { name: 'Guest checkout' });
  await guest.getByRole('textbox', { name: 'Email address' }).fill(email);
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/address$/);
}

/** Searches a postcode with the test-mode lookup and picks one of its addresses. */
async function lookUp(page: Page, postcode: string, address: string) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByRole('textbox', { name: 'Enter your postcode' }).fill(postcode);
  await form.getByRole('button', { name: 'Search' }).click();
  const select = form.getByRole('combobox', { name: 'Select your address' });
  await expect(select).toBeVisible();
  await select.selectOption({ label: address });
}

/** The name and telephone fields every delivery address needs. */
async function fillContact(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
  await form.getByRole('textbox', { name: 'First name' }).fill('Gertrude');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Jekyll');
  await form.getByRole('textbox', { name: 'Telephone' }).fill('01423 496123');
}

/** Presses Tab until `target` has the focus (keyboard only: no clicks). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens the manual address fields and fills a United States address (no delivery zone). */
async function enterUsAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByRole('button', { name: 'Enter manually' }).click();
  await form.getByRole('textbox', { name: 'Address Line 1' }).fill('350 Fifth Avenue');
  await form.getByRole('textbox', { name: 'Town/City' }).fill('New York');
  await form.getByRole('textbox', { name: 'County' }).fill('NY');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('10118');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('USA');
}

/** The current basket as the server sees it (the page's cookies). */
async function basket(page: Page) {
  const response = await page.request.get('/api/v1/basket');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

test.describe('checkout steps: address and delivery', () => {
  test('a guest finds the address by postcode and reaches the payment step', async ({ page }) => {
    await page.goto('/products/artificial-boston-fern');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();

    await guestToAddress(page, 'gertrude@example.com');
    await expect(page).toHaveTitle(/^Delivery address \| Everbloom$/);
    const form = page.getByRole('form', { name: 'Delivery address' });

    // An unknown postcode says so, and the form stays on the search.
    await form.getByRole('textbox', { name: 'Enter your postcode' }).fill('ZZ9 9ZZ');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(
      form.getByText('Postcode not found, please try another or enter your address manually.'),
    ).toBeVisible();

    await lookUp(page, 'HG1 2AB', '8 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB');
    // The chosen address opens in the form's fields.
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '8 Orchard Lane',
    );
    await expect(form.getByRole('textbox', { name: 'Town/City' })).toHaveValue('Harrogate');
    await expect(form.getByRole('textbox', { name: 'Postcode' })).toHaveValue('HG1 2AB');
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('GBR');
    await fillContact(page);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/basket/details') && response.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Continue' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expect(page).toHaveTitle(/^Delivery options \| Everbloom$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery options' })).toBeVisible();

    const options = page.getByRole('group', { name: 'Choose a delivery option' });
    await expect(options.getByRole('radio')).toHaveCount(3);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const deliveryLine = summary.locator('.basket-totals__row', { hasText: 'Delivery' });

    await options.getByRole('radio', { name: /^Next working day\s*, £7\.95$/ }).check();
    await expect(deliveryLine).toContainText('Next working day');
    await expect(deliveryLine).toContainText('£7.95');
    await expect(summary.getByText('£42.94')).toBeVisible();

    await options.getByRole('radio', { name: /^Standard delivery\s*, £4\.95$/ }).check();
    await expect(deliveryLine).toContainText('Standard delivery');
    await expect(deliveryLine).toContainText('£4.95');
    await expect(summary.getByText('£39.94')).toBeVisible();

    const instructions = page.getByRole('form', { name: 'Delivery instructions' });
    await instructions.getByRole('radio', { name: 'With a neighbour' }).check();
    await instructions
      .getByRole('textbox', { name: 'Please specify a house name or number' })
      .fill('No. 10');
    await instructions.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    const stored = await basket(page);
    expect(stored['delivery_safe_place_option']).toBe('With a neighbour');
    expect(stored['delivery_safe_place_option_note']).toBe('No. 10');
    expect(stored['delivery_safe_place']).toBe('Leave at No. 10');
    expect((stored['delivery_option'] as { id: string } | null)?.id).toBe('uk-standard');
  });

  test('a signed-in customer starts from the default saved address and can switch to another', async ({
    page,
  }) => {
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('plants-demo');
    await login.getByRole('checkbox', { name: /not a robot/ }).check();
    await login.getByRole('button', { name: 'Log in' }).click();
    // Logged in once the account page greets her (the session token and basket claim
    // are the page's own: the test's API requests carry no token, so they stay out).
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    await page.goto('/products/artificial-boston-fern');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText('Added to your basket')).toBeVisible();

    // A signed-in customer skips the entry step.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/address$/);
    const form = page.getByRole('form', { name: 'Delivery address' });

    // The default delivery address is chosen and filled in.
    const saved = form.getByRole('combobox', { name: 'Saved addresses' });
    await expect(saved.locator('option:checked')).toHaveText(
      'Mrs Ada Lovelace, 12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB, United Kingdom',
    );
    await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '12 Orchard Lane',
    );
    await expect(form.getByRole('textbox', { name: 'Telephone' })).toHaveValue('01423 496000');

    await form.getByRole('button', { name: 'Select a saved address' }).click();
    const modal = page.getByRole('dialog', { name: 'Select a saved address' });
    await expect(modal.getByRole('button')).not.toHaveCount(0);
    await modal
      .getByRole('button', {
        name: 'Mrs Ada Lovelace, Analytical Engines Ltd, Unit 4, Riverside Works, Canal Street, Leeds, West Yorkshire, LS1 4DL, United Kingdom',
      })
      .click();
    await expect(modal).toBeHidden();
    await expect(form.getByRole('textbox', { name: 'Company name' })).toHaveValue(
      'Analytical Engines Ltd',
    );
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      'Unit 4, Riverside Works',
    );
    await expect(form.getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS1 4DL');

    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    // Saved on the basket: read afresh from the server, the address step shows it.
    await page.goto('/checkout/address');
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      'Unit 4, Riverside Works',
    );
    await expect(form.getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS1 4DL');

    // And back to the home address, through the selector this time. (Her basket is
    // kept between visits, so this also leaves it as a rerun expects to find it.)
    await form.getByRole('combobox', { name: 'Saved addresses' }).selectOption({
      label:
        'Mrs Ada Lovelace, 12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB, United Kingdom',
    });
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '12 Orchard Lane',
    );
    await expect(form.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expect(
      page.getByRole('complementary', { name: 'Order summary' }).getByText('12 Orchard Lane'),
    ).toBeVisible();
  });

  test('a Highlands address has the Highlands and Islands options, not the mainland ones', async ({
    page,
  }) => {
    await addFern(page);
    await guestToAddress(page, 'inverness@example.com');
    await lookUp(page, 'IV2 4QW', '1 Drumossie Crescent, Inverness, Inverness-shire, IV2 4QW');
    await fillContact(page);
    await page
      .getByRole('form', { name: 'Delivery address' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(/\/checkout\/delivery$/);

    const options = page.getByRole('group', { name: 'Choose a delivery option' });
    await expect(options.getByRole('radio')).toHaveCount(2);
    await expect(
      options.getByRole('radio', { name: /^Standard delivery\s*, £9\.95$/ }),
    ).toBeVisible();
    await expect(
      options.getByRole('radio', { name: /^Express delivery\s*, £19\.95$/ }),
    ).toBeVisible();
    await expect(options.getByRole('radio', { name: /Next working day/ })).toHaveCount(0);
    await expect(options.getByRole('radio', { name: /Saturday delivery/ })).toHaveCount(0);

    await options.getByRole('radio', { name: /^Express delivery/ }).check();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.locator('.basket-totals__row', { hasText: 'Delivery' })).toContainText(
      '£19.95',
    );
  });

  test('an address outside every delivery zone reaches the no-options view', async ({ page }) => {
    await addFern(page);
    await guestToAddress(page, 'new.york@example.com');
    await enterUsAddress(page);
    await fillContact(page);
    const form = page.getByRole('form', { name: 'Delivery address' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/delivery$/);

    await expect(page.getByRole('heading', { name: 'No options available' })).toBeVisible();
    await expect(
      page.getByText("It looks like there are no delivery options for the address you've entered."),
    ).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: 'Find out more about our delivery' }),
    ).toHaveAttribute('href', '/help-centre/topics/orders/delivery');

    await page.getByRole('link', { name: 'Edit delivery address' }).click();
    await expect(page).toHaveURL(/\/checkout\/address$/);
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('USA');
  });

  test.describe('on a 375px screen', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the order summary is a tab that opens over the page and closes on a new step', async ({
      page,
    }) => {
      await addFern(page);
      await guestToAddress(page, 'small.screen@example.com');
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      const toggle = summary.getByRole('button', { name: /order summary/ });
      await expect(toggle).toContainText('Show order summary');
      await expect(toggle).toContainText('1 item');
      await expect(toggle).toContainText('£34.99');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(summary.getByText('Sub total')).not.toBeInViewport();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toContainText('Hide order summary');
      await expect(summary.getByText('Artificial Boston Fern')).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');

      // Open on one step, it is closed on the next.
      await lookUp(page, 'HG1 2AB', '10 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB');
      await fillContact(page);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.goBack();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.goForward();
      await expect(page).toHaveURL(/\/checkout\/address$/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
    });
  });

  for (const width of [375, 1280]) {
    test(`the address, delivery and no-options views have no WCAG 2.2 A/AA violations at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await addFern(page);
      await guestToAddress(page, `axe.${width}@example.com`);
      const form = page.getByRole('form', { name: 'Delivery address' });
      await expect(form.getByRole('textbox', { name: 'Enter your postcode' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // With the lookup's results, then the opened address.
      await form.getByRole('textbox', { name: 'Enter your postcode' }).fill('SE1 9QX');
      await form.getByRole('button', { name: 'Search' }).click();
      await expect(form.getByRole('combobox', { name: 'Select your address' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('combobox', { name: 'Select your address' }).selectOption({ index: 1 });
      await expect(form.getByRole('textbox', { name: 'Address Line 1' })).not.toHaveValue('');
      // Errors shown on submit are part of the page too.
      await form.getByRole('button', { name: 'Continue' }).click();
      await expect(form.getByText('Please enter your first name')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await fillContact(page);
      await form.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/checkout\/delivery$/);
      const options = page.getByRole('group', { name: 'Choose a delivery option' });
      await options.getByRole('radio').first().check();
      await expect(page.getByRole('form', { name: 'Delivery instructions' })).toBeVisible();
      await page
        .getByRole('form', { name: 'Delivery instructions' })
        .getByRole('radio', { name: 'Other' })
        .check();
      await expect(
        page.getByRole('textbox', { name: 'Let us know where we can leave the items' }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Return to delivery address' }).click();
      await expect(page).toHaveURL(/\/checkout\/address$/);
      await form.getByRole('combobox', { name: 'Country' }).selectOption('USA');
      await form.getByRole('textbox', { name: 'Postcode' }).fill('10118');
      await form.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'No options available' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the address and delivery steps can be completed with the keyboard alone', async ({
    page,
  }) => {
    await addFern(page);
    await guestToAddress(page, 'keyboard@example.com');
    const form = page.getByRole('form', { name: 'Delivery address' });

    await tabTo(page, form.getByRole('combobox', { name: 'Title' }));
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('combobox', { name: 'Title' })).toHaveValue('Mr');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Capability');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Brown');

    // Enter in the postcode field searches rather than submitting.
    await tabTo(page, form.getByRole('textbox', { name: 'Enter your postcode' }));
    await page.keyboard.type('HG1 2AB');
    await page.keyboard.press('Enter');
    const results = form.getByRole('combobox', { name: 'Select your address' });
    await tabTo(page, results);
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue(
      '8 Orchard Lane',
    );

    await tabTo(page, form.getByRole('textbox', { name: 'Telephone' }));
    await page.keyboard.type('01423 496321');
    await tabTo(page, form.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/delivery$/);

    // Arrow keys move through the options, choosing as they go.
    const options = page.getByRole('group', { name: 'Choose a delivery option' });
    await tabTo(page, options.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(options.getByRole('radio').first()).toBeChecked();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const deliveryLine = summary.locator('.basket-totals__row', { hasText: 'Delivery' });
    await expect(deliveryLine).toContainText('£4.95');
    // Saving the choice keeps the focus on it, so the arrow keys carry on from there.
    await expect(options.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(options.getByRole('radio', { name: /^Next working day/ })).toBeChecked();
    await expect(deliveryLine).toContainText('£7.95');

    const instructions = page.getByRole('form', { name: 'Delivery instructions' });
    await tabTo(page, instructions.getByRole('radio', { name: 'With a neighbour' }));
    await page.keyboard.press('Space');
    await tabTo(
      page,
      instructions.getByRole('textbox', { name: 'Please specify a house name or number' }),
    );
    await page.keyboard.type('Rose Cottage');
    await tabTo(page, instructions.getByRole('button', { name: 'Continue to payment' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/payment$/);

    const stored = await basket(page);
    expect(stored['delivery_safe_place']).toBe('Leave at Rose Cottage');
    expect((stored['delivery_option'] as { id: string } | null)?.id).toBe('uk-next-day');
  });
});
