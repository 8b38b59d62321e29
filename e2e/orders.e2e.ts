import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readyBasket } from './support/basket.ts';

/**
 * Order tracking and pre-order cancellation, end to end (issue 11, ADR 023): a guest's
 * order is tracked from another browser by number and email; a customer's pre-order is
 * cancelled from the tracking page; a guest's pre-order is cancelled on another device
 * through the confirmation email's signed link (ADR 044). Orders are placed through the API with the page's
 * own cookies (and login), paying with the test-mode gateway's frictionless 3-D Secure
 * nonce; the tracking page itself is driven as a shopper would.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';

interface PlacedOrder {
  public_id: string;
  order_number: string;
  status: string;
}

/** The page's login, for API calls made on its behalf. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ba_auth_token')?.value;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Places an order of `slug`'s first variation from this page's browser, through the API. */
async function placeOrder(page: Page, slug: string, email: string | null): Promise<PlacedOrder> {
  const headers = await bearer(page);
  await readyBasket(page, { slug, email, headers });
  const placed = await page.request.post('/api/v1/basket/order', {
    headers,
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status()).toBe(201);
  const { public_id } = ((await placed.json()) as { data: { public_id: string } }).data;
  const read = await page.request.get(`/api/v1/orders/${public_id}`, { headers });
  return ((await read.json()) as { data: { order: PlacedOrder } }).data.order;
}

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

async function track(page: Page, orderNumber: string, email: string) {
  const form = page.getByRole('form', { name: 'Track your order' });
  await form.getByLabel(/Order number/).fill(orderNumber);
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Track order' }).click();
}

test.describe('order tracking', () => {
  test('a guest’s order is tracked from another browser by number and email', async ({
    page,
    browser,
  }) => {
    const order = await placeOrder(page, 'artificial-boston-fern', 'gertrude@example.com');
    expect(order.order_number).toMatch(/^EB-[A-Z0-9]{8}$/);

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto('/');
    await other
      .getByRole('navigation', { name: 'Help and policies' })
      .getByRole('link', { name: 'Track your order' })
      .click();
    await expect(other).toHaveURL(/\/track-order$/);
    await expect(other).toHaveTitle(/^Track your order \| Everbloom$/);

    // A wrong email: the catalogue's message and both fields to check.
    await track(other, order.order_number, 'someone@example.com');
    await expect(other.getByRole('alert')).toContainText(
      'Order tracking verification failed, please check the information provided below.',
    );
    await expect(other.getByLabel('Email address')).toHaveAccessibleDescription(
      'Please check the email address you ordered with',
    );

    await track(other, order.order_number.toLowerCase(), 'Gertrude@Example.com');
    await expect(
      other.getByRole('heading', { level: 1, name: `Order ${order.order_number}` }),
    ).toBeVisible();
    await expect(other.getByText('Order placed')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Your items' })).toContainText(
      'Artificial Boston Fern',
    );
    await expect(other.getByRole('region', { name: 'Delivery' })).toContainText('8 Orchard Lane');
    await expect(other.getByRole('region', { name: 'Cancellation' })).toContainText(
      'This order cannot be cancelled online.',
    );
    // Tracked, this browser may now read the order itself.
    expect((await other.request.get(`/api/v1/orders/${order.public_id}`)).status()).toBe(200);
    // And its VAT invoice (ADR 071), saved as a PDF.
    const saving = other.waitForEvent('download');
    await other.getByRole('button', { name: 'Download VAT invoice (PDF)' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe(`Everbloom-${order.order_number}-invoice.pdf`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    await elsewhere.close();
  });

  test('the tracking page is accessible at 375px and 1280px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/track-order');
      await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
    // And with an order shown, a pre-order with its 'Cancel pre-order' button.
    const order = await placeOrder(page, 'artificial-wisteria-arch', 'vita@example.com');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/track-order');
      await track(page, order.order_number, 'vita@example.com');
      await expect(page.getByRole('button', { name: 'Cancel pre-order' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

/** Removes every item from the browser's (or signed-in customer's) basket. */
async function emptyBasket(page: Page) {
  const headers = await bearer(page);
  const reply = await page.request.get('/api/v1/basket', { headers });
  const basket = (await reply.json()) as { data: { items: { id: number }[] } };
  for (const item of basket.data.items) {
    expect((await page.request.delete(`/api/v1/basket/${item.id}`, { headers })).ok()).toBe(true);
  }
}

test.describe('pre-order cancellation', () => {
  test('the confirmation email’s link opens a guest’s pre-order on another device, which cancels it', async ({
    page,
    browser,
  }) => {
    const email = 'linden@example.com';
    const order = await placeOrder(page, 'artificial-wisteria-arch', email);
    // Emails are sent by a job (ADR 069): the confirmation arrives a moment after the order.
    let href: string | undefined;
    await expect(async () => {
      const outbox = (await (
        await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { data: { emails: { text_body: string }[] } };
      const confirmation = outbox.data.emails.find((e) => e.text_body.includes(order.order_number));
      href = /View your order: (\S+)/.exec(confirmation?.text_body ?? '')?.[1];
      expect(href).toBeTruthy();
    }).toPass({ timeout: 15_000 });
    const link = new URL(href!);

    const phone = await browser.newContext();
    const other = await phone.newPage();
    // Without the link's key, another device sees nothing of the order; with a bad key neither.
    await other.goto(link.pathname);
    await expect(other.getByRole('heading', { level: 1, name: 'Order not found.' })).toBeVisible();
    await other.goto(`${link.pathname}?key=1999999999.${'A'.repeat(43)}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Order not found.' })).toBeVisible();

    await other.goto(link.pathname + link.search);
    await expect(
      other.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeVisible();
    await expect(other.getByText(order.order_number)).toBeVisible();
    await other.getByRole('button', { name: 'Cancel pre-order' }).click();
    const dialog = other.getByRole('dialog', { name: 'Cancel this pre-order?' });
    await dialog.getByRole('button', { name: 'Yes, cancel pre-order' }).click();
    await expect(other.getByText('Your pre-order has been cancelled.')).toBeVisible();
    // The device keeps the order without the link.
    const read = await other.request.get(`/api/v1/orders/${order.public_id}`);
    expect(((await read.json()) as { data: { order: PlacedOrder } }).data.order.status).toBe(
      'cancelled',
    );
    await phone.close();
  });

  test('a customer cancels a pre-order from the tracking page, once', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('plants-demo');
    await login.getByRole('checkbox', { name: /not a robot/ }).check();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    // The demo customer's basket may hold what other journeys left in it: start empty.
    await emptyBasket(page);

    const order = await placeOrder(page, 'artificial-wisteria-arch', null);
    await page.goto('/track-order');
    await track(page, order.order_number, 'demo@example.com');
    await expect(page.getByText('1 on pre-order')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel pre-order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this pre-order?' });
    await expect(dialog).toContainText(`Order ${order.order_number} will be cancelled`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, cancel pre-order' }).click();

    await expect(page.getByText('Your pre-order has been cancelled.')).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/This order was cancelled on .* will not be taken\./),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel pre-order' })).toHaveCount(0);

    // In the customer's order history too; asking again changes nothing.
    const headers = await bearer(page);
    const list = (await (await page.request.get('/api/v1/user/orders', { headers })).json()) as {
      data: { orders: PlacedOrder[] };
    };
    expect(list.data.orders.find((o) => o.public_id === order.public_id)?.status).toBe('cancelled');
    const again = await page.request.post(`/api/v1/user/orders/${order.public_id}/cancel`, {
      headers,
    });
    expect(again.status()).toBe(200);
  });
});
