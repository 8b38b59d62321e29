import { expectAxeClean } from './support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { ADA_ADDRESS, FRICTIONLESS_3DS } from './support/paid-order.ts';

/**
 * The account area's orders and wishlist pages, end to end (issue 11): the demo
 * customer's order history lists a pre-order placed through the API, its page cancels
 * it, and the wishlist page lists a saved item; each page is checked with axe at 375px
 * and 1280px. The journey puts the demo account back as it found it (the wishlist item
 * removed; the cancellation takes back the buds the order earned).
 */

const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what);

/** The page's login as a bearer header, for API calls made on its behalf. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ba_auth_token')?.value;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function firstVariation(page: Page, slug: string): Promise<number> {
  const reply = await page.request.get(`/api/v1/products/${slug}`);
  const body = (await reply.json()) as { data: { product: { variations: { id: number }[] } } };
  const id = body.data.product.variations[0]?.id;
  if (id === undefined) throw new Error(`${slug} has no variation`);
  return id;
}

test('a customer finds a pre-order in their orders, cancels it there, and sees their wishlist', async ({
  page,
}) => {
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email address').fill('demo@example.com');
  await login.getByLabel('Password', { exact: true }).fill('plants-demo');
  await login.getByRole('checkbox', { name: /not a robot/ }).check();
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  const headers = await bearer(page);
  expect(headers.authorization, 'the login is stored').toBeDefined();

  // A pre-order of the wisteria arch, alone in the basket, paid through the API.
  const basket = (await (await page.request.get('/api/v1/basket', { headers })).json()) as {
    data: { items: { id: number }[] };
  };
  for (const item of basket.data.items) {
    expect((await page.request.delete(`/api/v1/basket/${item.id}`, { headers })).ok()).toBe(true);
  }
  const arch = await firstVariation(page, 'artificial-wisteria-arch');
  expect(
    (await page.request.post('/api/v1/basket', { headers, data: { product_id: arch } })).ok(),
  ).toBe(true);
  const details = await page.request.put('/api/v1/basket/details', {
    headers,
    data: ADA_ADDRESS,
  });
  expect(details.ok()).toBe(true);
  const delivery = await page.request.put('/api/v1/basket/delivery', {
    headers,
    data: { option_id: 'uk-standard' },
  });
  expect(delivery.ok()).toBe(true);
  const placed = await page.request.post('/api/v1/basket/order', {
    headers,
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { public_id } = ((await placed.json()) as { data: { public_id: string } }).data;
  const order = (
    (await (await page.request.get(`/api/v1/orders/${public_id}`, { headers })).json()) as {
      data: { order: { order_number: string } };
    }
  ).data.order;

  // The history lists it, newest first; its page offers the cancellation.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  const link = page.getByRole('link', { name: `Order ${order.order_number}`, exact: true });
  await expect(link).toBeVisible();
  await expectAccessible(page, 'order history');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${public_id}$`));
  await expect(page.getByRole('region', { name: 'Your items' })).toContainText(
    'Artificial Wisteria Arch',
  );
  await expectAccessible(page, 'order page');

  await page.getByRole('button', { name: 'Cancel pre-order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this pre-order?' });
  await expect(dialog).toContainText(`Order ${order.order_number} will be cancelled`);
  await dialog.getByRole('button', { name: 'Yes, cancel pre-order' }).click();
  await expect(page.getByText('Your pre-order has been cancelled.')).toBeVisible();
  await expectAccessible(page, 'cancelled order page');

  // The wishlist page lists a saved item (then the journey removes it again).
  const maple = await firstVariation(page, 'artificial-japanese-maple');
  const saved = await page.request.post('/api/v1/user/wishlist/items', {
    headers,
    data: { product_id: maple },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/account/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
  await expect(page.getByText('Artificial Japanese Maple').first()).toBeVisible();
  await expectAccessible(page, 'wishlist page');
  const list = (await (await page.request.get('/api/v1/user/wishlist', { headers })).json()) as {
    data: { wishlist: { items: { id: number }[] } };
  };
  for (const item of list.data.wishlist.items) {
    await page.request.delete(`/api/v1/user/wishlist/items/${item.id}`, { headers });
  }
});
