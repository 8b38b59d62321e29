import { expect, test, type Page } from '@playwright/test';

/**
 * A payment the gateway loses (ADR 030): the test-mode gateway is told, through its
 * development-only fault switch, that the next sale fails with a network error before
 * any charge. The shopper sees the catalogue's message on the payment page, tries again
 * and reaches the thank-you page, with one order confirmed.
 */

const FAULTS = '/api/v1/test-mode/braintree/faults';
const THANK_YOU = /\/order\/thank-you\/([0-9a-f-]+)$/;
const EMAIL = `lost-connection-${Date.now()}@example.com`;
const EXPIRY = `01/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** A basket with a Boston fern, an email, an address and the first delivery option. */
async function readyBasket(page: Page) {
  const product = (await (
    await page.request.get('/api/v1/products/artificial-boston-fern')
  ).json()) as { data: { product: { variations: { id: number }[] } } };
  const added = await page.request.post('/api/v1/basket', {
    data: { product_id: product.data.product.variations[0]?.id },
  });
  expect(added.ok()).toBe(true);
  const details = await page.request.put('/api/v1/basket/details', {
    data: {
      email_address: EMAIL,
      delivery_address_title: 'Ms',
      delivery_address_first_name: 'Beatrix',
      delivery_address_last_name: 'Havergal',
      delivery_address_line_1: '1 Waterperry Lane',
      delivery_address_line_3: 'Oxford',
      delivery_address_line_4: 'Oxfordshire',
      delivery_address_postcode: 'OX33 1JZ',
      delivery_address_country_code: 'GBR',
      delivery_address_telephone: '01865 496123',
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

async function fillCard(page: Page) {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Name on card' }).fill('Beatrix Havergal');
  await card.getByRole('textbox', { name: 'Card number' }).fill('4000000000002701');
  await card.getByRole('textbox', { name: 'Expiry date' }).fill(EXPIRY);
  await card.getByRole('textbox', { name: 'Security code' }).fill('123');
}

test.afterEach(async ({ request }) => {
  await request.delete(FAULTS);
});

test('a payment lost to a gateway network error shows the catalogue message, and the retry is charged once', async ({
  page,
}) => {
  await readyBasket(page);
  const armed = await page.request.post(FAULTS, {
    data: { sales: [{ kind: 'network_error', charged: false }] },
  });
  expect(armed.ok()).toBe(true);

  await page.goto('/checkout/payment');
  await fillCard(page);
  await page.getByRole('button', { name: 'Place order & pay' }).click();
  await expect(page.getByText('There was an error creating your order')).toBeVisible();
  await expect(
    page.getByText('We were unable to take your payment, please try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  // The shopper tries again on the same page.
  const card = page.getByRole('group', { name: 'Card details' });
  if ((await card.getByRole('textbox', { name: 'Card number' }).inputValue()) === '')
    await fillCard(page);
  await page.getByRole('button', { name: 'Place order & pay' }).click();
  await expect(page).toHaveURL(THANK_YOU, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();

  const publicId = THANK_YOU.exec(page.url())?.[1];
  const order = (await (await page.request.get(`/api/v1/orders/${publicId}`)).json()) as {
    data: { order: { status: string; order_number: string } };
  };
  expect(order.data.order.status).toBe('paid');
  // One order confirmed for this shopper: the lost attempt took no money and made no order.
  const outbox = (await (
    await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(EMAIL)}`)
  ).json()) as { data: { emails: { subject: string; text_body: string }[] } };
  const confirmations = outbox.data.emails.filter((email) => /EB-/.test(email.text_body));
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0]?.text_body).toContain(order.data.order.order_number);
});
