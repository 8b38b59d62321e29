import { expect, test, type Page } from '@playwright/test';
import { readyBasket } from './support/basket.ts';

/**
 * Payments the test-mode gateway is told, through its development-only fault switch,
 * to lose or to take slowly (ADR 030):
 * - a sale that fails with a network error before any charge: the shopper sees the
 *   catalogue's message on the payment page, tries again and reaches the thank-you
 *   page, with one order confirmed;
 * - a slow sale while the basket is changed in another tab: the change is refused with
 *   the catalogue's message (ADR 035), and the order is the basket as it was priced.
 */

const FAULTS = '/api/v1/test-mode/braintree/faults';
const THANK_YOU = /\/order\/thank-you\/([0-9a-f-]+)$/;
const EMAIL = `lost-connection-${Date.now()}@example.com`;
const EXPIRY = `01/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function fillCard(page: Page) {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Name on card' }).fill('Gertrude Jekyll');
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
  await readyBasket(page, { email: EMAIL });
  const armed = await page.request.post(FAULTS, {
    data: { sales: [{ kind: 'network_error', charged: false }] },
  });
  expect(armed.ok()).toBe(true);

  await page.goto('/checkout/payment');
  await fillCard(page);
  await page.getByRole('button', { name: 'Place order & pay' }).click();
  await expect(page.getByText('There was an error creating your order')).toBeVisible();
  // The spec's words for order_failed, with the reason beside them.
  await expect(page.getByText('We were unable to create your order.')).toBeVisible();
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
  // Emails are sent by a job (ADR 069): the confirmation arrives a moment after the order.
  await expect(async () => {
    const outbox = (await (
      await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(EMAIL)}`)
    ).json()) as { data: { emails: { subject: string; text_body: string }[] } };
    const confirmations = outbox.data.emails.filter((email) => /EB-/.test(email.text_body));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.text_body).toContain(order.data.order.order_number);
  }).toPass({ timeout: 15_000 });
  // And no second one follows.
  await page.waitForTimeout(1_000);
  const outbox = (await (
    await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(EMAIL)}`)
  ).json()) as { data: { emails: { subject: string; text_body: string }[] } };
  expect(outbox.data.emails.filter((email) => /EB-/.test(email.text_body))).toHaveLength(1);
});

test('a basket changed in another tab while its payment is being taken: the change is refused with a message, and the order is the basket as priced', async ({
  page,
  context,
}) => {
  await readyBasket(page, { email: `slow-sale-${Date.now()}@example.com` });
  const armed = await page.request.post(FAULTS, {
    data: { sales: [{ kind: 'slow', delay_ms: 6_000 }] },
  });
  expect(armed.ok()).toBe(true);
  const other = await context.newPage();
  await other.goto('/basket');
  const quantity = other.getByRole('group', { name: /^Quantity of / });
  await expect(quantity.getByRole('spinbutton')).toHaveValue('1');

  await page.goto('/checkout/payment');
  await fillCard(page);
  await page.getByRole('button', { name: 'Place order & pay' }).click();
  // The order is being paid for once a write to the basket is refused (removing no
  // voucher changes nothing when it goes through).
  await expect
    .poll(
      async () =>
        (
          await other.request.put('/api/v1/basket/voucher', { data: { voucher_code: null } })
        ).status(),
      { timeout: 5_000 },
    )
    .toBe(409);

  await quantity.getByRole('button', { name: /^Increase / }).click();
  await expect(other.getByRole('alert')).toContainText(
    "Your basket's order is being paid for, so the basket can't be changed. Please wait a moment and try again.",
  );

  await expect(page).toHaveURL(THANK_YOU, { timeout: 20_000 });
  const publicId = THANK_YOU.exec(page.url())?.[1];
  const order = (await (await page.request.get(`/api/v1/orders/${publicId}`)).json()) as {
    data: { order: { status: string; items: { quantity: number }[] } };
  };
  expect(order.data.order.status).toBe('paid');
  expect(order.data.order.items.map((item) => item.quantity)).toEqual([1]);
  // The other tab's basket is closed with the order; it starts again empty.
  await other.reload();
  await expect(other.getByText('Your basket is empty')).toBeVisible();
});
