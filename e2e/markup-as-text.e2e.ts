/**
 * Markup in what the shop shows is shown as text (issue 12): a product name, a typed
 * address and a typed discount code holding HTML appear as their literal characters;
 * no element is created from them and no script runs.
 *
 * Product names come from the database, so this journey starts its own shop (like the
 * Turnstile one) on a database prepared here: the demo data with the Boston fern
 * renamed. The demo data the other journeys use is untouched. It serves the web build
 * the main server made.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { startOwnShop, type OwnShop } from './support/own-shop.ts';

const IMG = '<img src=x onerror=window.__xss=1>';
const BOLD = '<b>bold</b>';
const BREAKOUT = '"><script>window.__xss=2</script>';
const PRODUCT_NAME = `Fern ${IMG} ${BOLD} ${BREAKOUT}`;

declare global {
  interface Window {
    __xss?: unknown;
  }
}

let shop: OwnShop | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The demo data, with markup in a product's name (family and variation alike).
  shop = await startOwnShop('markup', {
    prepare: async (databaseDir) => {
      const handle = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
      await migrate(handle);
      await seedDemoData(handle.db);
      const fern = await handle.db
        .selectFrom('products')
        .select('id')
        .where('slug', '=', 'artificial-boston-fern')
        .executeTakeFirstOrThrow();
      await handle.db
        .updateTable('products')
        .set({ name: PRODUCT_NAME })
        .where((eb) => eb.or([eb('id', '=', fern.id), eb('parent_id', '=', fern.id)]))
        .execute();
      await handle.close();
    },
  });
  origin = shop.origin;
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Records dialogs (alert() from an injected script would open one). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Nothing the markup would have made: no such image, bold text or script, no flag set. */
async function expectNoInjection(page: Page, dialogs: string[]) {
  const found = await page.evaluate(() => ({
    xss: window.__xss,
    images: document.querySelectorAll('img[src="x"], [onerror]').length,
    bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'bold').length,
    // Executable scripts only: the page's data blocks (the server render's page state,
    // the JSON-LD for search engines) carry the name as data, escaped, never run.
    scripts: [...document.querySelectorAll('script')].filter(
      (s) => !/^application\/(ld\+)?json$/.test(s.type) && s.text.includes('__xss'),
    ).length,
  }));
  expect(found).toEqual({ xss: undefined, images: 0, bold: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

test('a product name, an address and a discount code holding markup are shown as text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);

  // The product page: the name, literally, as its heading.
  await page.goto(`${origin}/products/artificial-boston-fern`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRODUCT_NAME);
  await expectNoInjection(page, dialogs);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Added to your basket')).toBeVisible();

  // The basket: the line's name, literally.
  await page.goto(`${origin}/basket`);
  await expect(page.getByText(PRODUCT_NAME, { exact: true }).first()).toBeVisible();
  await expectNoInjection(page, dialogs);

  // A discount code is capital letters and numbers: markup typed in the field is refused
  // with a message that does not echo it, and the server refuses it too.
  const discount = page.getByRole('textbox', { name: 'Discount code' });
  const apply = page.getByRole('button', { name: 'Apply' });
  for (const code of [IMG, BOLD, BREAKOUT]) {
    await discount.fill(code);
    await apply.click();
    await expect(page.getByText('Please enter only capital letters and numbers')).toBeVisible();
    // The field keeps what was typed, as the field shows codes: upper case, 32 at most.
    await expect(discount).toHaveValue(code.toUpperCase().slice(0, 32));
    await expectNoInjection(page, dialogs);
  }
  const refused = await page.request.put(`${origin}/api/v1/basket/voucher`, {
    data: { voucher_code: IMG },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).not.toContain('<img');
  // An unknown code is echoed back, as text.
  await discount.fill('NOSUCH99');
  await apply.click();
  await expect(page.getByText('"NOSUCH99" could not be found.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove discount code NOSUCH99' }).click();
  await expect(discount).toBeVisible();

  // The checkout: an address typed by hand, with markup in its names and first line.
  await page.goto(`${origin}/checkout`);
  const guest = page.getByRole('form', { name: 'Guest checkout' });
  await guest.getByRole('textbox', { name: 'Email address' }).fill('markup@example.com');
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/address$/);
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByRole('button', { name: 'Enter manually' }).click();
  await form.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
  await form.getByRole('textbox', { name: 'First name' }).fill(IMG);
  await form.getByRole('textbox', { name: 'Last name' }).fill(BOLD);
  await form.getByRole('textbox', { name: 'Telephone' }).fill('01423 496123');
  await form.getByRole('textbox', { name: 'Address Line 1' }).fill(BREAKOUT);
  await form.getByRole('textbox', { name: 'Town/City' }).fill('Harrogate');
  await form.getByRole('textbox', { name: 'County' }).fill('North Yorkshire');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('HG1 2AB');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('GBR');
  await form.getByRole('button', { name: 'Continue' }).click();

  // The delivery step shows the address as typed.
  await expect(page).toHaveURL(/\/checkout\/delivery$/);
  await expect(page.getByText(BREAKOUT).first()).toBeVisible();
  await expect(page.getByText(`Ms ${IMG} ${BOLD}`).first()).toBeVisible();
  await expect(page.getByText(PRODUCT_NAME).first()).toBeVisible();
  await expectNoInjection(page, dialogs);
  const options = page.getByRole('group', { name: 'Choose a delivery option' });
  await options.getByRole('radio').first().check();
  await page
    .getByRole('form', { name: 'Delivery instructions' })
    .getByRole('button', { name: 'Continue to payment' })
    .click();

  // The payment step, likewise.
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByText(BREAKOUT).first()).toBeVisible();
  await expectNoInjection(page, dialogs);
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Name on card' }).fill('Gertrude Jekyll');
  await card.getByRole('textbox', { name: 'Card number' }).fill('4000000000002701');
  await card
    .getByRole('textbox', { name: 'Expiry date' })
    .fill(`01/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await card.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('button', { name: 'Place order & pay' }).click();

  // The thank-you page: the order's address and item, as text.
  await expect(page).toHaveURL(/\/order\/thank-you\/[0-9a-f-]+$/, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();
  await expect(page.getByText(BREAKOUT).first()).toBeVisible();
  await expect(page.getByText(`${IMG} ${BOLD}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(PRODUCT_NAME).first()).toBeVisible();
  await expectNoInjection(page, dialogs);
});
