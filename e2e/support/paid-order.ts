/**
 * A new customer's paid order, made through the API, for journeys that start after the
 * checkout (the back office, refunds, reports): register, fill the basket, a delivery
 * address and standard delivery, and pay by card with frictionless 3-D Secure.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** A test card nonce whose 3-D Secure check passes without a challenge. */
export const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
/** The test-mode captcha's answer. */
export const CAPTCHA = { 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX' };

/** The customers' password. */
export const PASSWORD = 'a-long-password';

/** The delivery address these orders go to (unless the caller gives another). */
export const ADA_ADDRESS = {
  delivery_address_title: 'Mrs',
  delivery_address_first_name: 'Ada',
  delivery_address_last_name: 'Lovelace',
  delivery_address_line_1: '12 Orchard Lane',
  delivery_address_line_3: 'Harrogate',
  delivery_address_line_4: 'North Yorkshire',
  delivery_address_postcode: 'HG1 2AB',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '01423 496000',
};

/** The first variation of the product family `slug`. */
export async function variationId(request: APIRequestContext, slug: string): Promise<number> {
  const reply = await request.get(`/api/v1/products/${slug}`);
  expect(reply.ok(), await reply.text()).toBe(true);
  const body = (await reply.json()) as { data: { product: { variations: { id: number }[] } } };
  return body.data.product.variations[0]!.id;
}

export interface PaidOrderOptions {
  /** What goes in the basket: each family's first variation (default one olive tree). */
  items?: { slug: string; quantity?: number }[];
  /** The start of the customer's email address, made unique by the time. */
  emailPrefix?: string;
  /** The customer's name (default Ada Lovelace). */
  name?: { first_name: string; last_name: string };
  /** The delivery address (default ADA_ADDRESS). */
  address?: Record<string, string>;
}

export interface PaidOrder {
  email: string;
  /** The customer's Authorization header, for their own API calls. */
  headers: Record<string, string>;
  publicId: string;
  orderNumber: string;
}

/** Registers a new customer and places their paid order. */
export async function paidOrder(
  request: APIRequestContext,
  options: PaidOrderOptions = {},
): Promise<PaidOrder> {
  const {
    items = [{ slug: 'artificial-olive-tree' }],
    emailPrefix = 'paid-order',
    name = { first_name: 'Ada', last_name: 'Lovelace' },
    address = ADA_ADDRESS,
  } = options;
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  const registered = await request.post('/api/v1/auth/register', {
    data: { ...name, email, password: PASSWORD, ...CAPTCHA },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  for (const { slug, quantity } of items) {
    const added = await request.post('/api/v1/basket', {
      headers,
      data: { product_id: await variationId(request, slug), ...(quantity ? { quantity } : {}) },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const details = await request.put('/api/v1/basket/details', { headers, data: address });
  expect(details.ok(), await details.text()).toBe(true);
  const delivery = await request.put('/api/v1/basket/delivery', {
    headers,
    data: { option_id: 'uk-standard' },
  });
  expect(delivery.ok(), await delivery.text()).toBe(true);
  const placed = await request.post('/api/v1/basket/order', {
    headers,
    data: { payment_method_nonce: FRICTIONLESS_3DS, device_data: '' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const publicId = ((await placed.json()) as { data: { public_id: string } }).data.public_id;
  const order = (
    (await (await request.get(`/api/v1/orders/${publicId}`, { headers })).json()) as {
      data: { order: { order_number: string } };
    }
  ).data.order;
  return { email, headers, publicId, orderNumber: order.order_number };
}
