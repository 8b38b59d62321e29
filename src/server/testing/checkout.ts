/**
 * Shared steps for HTTP suites that shop: a browser that signs in, the catalogue's
 * variation ids by SKU, and a basket filled up to the point of paying.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BasketView } from '../../domain/api/basket.ts';
import type { FamilyView } from '../../domain/api/catalogue.ts';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import { Shopper } from './test-app.ts';

/** A test-mode nonce whose 3-D Secure check passes without a challenge. */
export const FRICTIONLESS_3DS =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
export const DEVICE_DATA = JSON.stringify({ correlation_id: 'a'.repeat(32) });
export const CAPTCHA_FIELD = 'cf-turnstile-response';

/**
 * A complete UK delivery address as the basket's details take it (or, with another
 * prefix, as billing details or the address book do).
 */
export function deliveryAddress(
  overrides: Record<string, string | null> = {},
  prefix = 'delivery_address_',
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries({
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: null,
      line_1: '10 Downing Street',
      line_2: null,
      line_3: 'London',
      line_4: 'Greater London',
      postcode: 'SW1A 2AA',
      country_code: 'GBR',
      telephone: '02079460000',
      mobile: null,
      ...overrides,
    }).map(([key, value]) => [`${prefix}${key}`, value]),
  );
}

/**
 * A browser: keeps cookies, sends the bearer token once signed in, and may come from
 * its own IP address.
 */
export class Browser extends Shopper {
  token: string | null = null;
  ip: string | undefined;

  override request<T = any>(options: Parameters<Shopper['request']>[0]) {
    return super.request<T>({
      ...options,
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(options.headers ?? {}),
      },
    });
  }

  /** Signs in and takes this browser's basket into the account; answers that basket. */
  async logIn(email: string, password: string): Promise<BasketView> {
    const reply = await this.post('/api/v1/auth/login', {
      email,
      password,
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    expect(reply.status).toBe(200);
    this.token = reply.body.data.token as string;
    return (await this.post<{ data: BasketView }>('/api/v1/basket/acquire')).body.data;
  }

  /** Registers a new customer (password 'a-long-enough-password') and signs in. */
  async signUp(email: string, password = 'a-long-enough-password'): Promise<void> {
    const registered = await this.post('/api/v1/auth/register', {
      first_name: 'A',
      last_name: 'B',
      email,
      password,
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    expect(registered.status).toBeLessThan(300);
    await this.logIn(email, password);
  }

  order(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.request<any>({
      method: 'POST',
      url: '/api/v1/basket/order',
      payload: body,
      headers,
    });
  }

  pay(nonce: string, extra: Record<string, unknown> = {}) {
    return this.order({ payment_method_nonce: nonce, device_data: DEVICE_DATA, ...extra });
  }
}

/**
 * The catalogue's variation ids by SKU (the demo catalogue's: one page of 100 holds it
 * all); asking for an unknown SKU throws.
 */
export async function variationIds(app: FastifyInstance): Promise<(sku: string) => number> {
  const reply = await new Shopper(app).get<{ data: { products: FamilyView[] } }>(
    '/api/v1/products?per_page=100',
  );
  const ids = new Map<string, number>();
  for (const family of reply.body.data.products)
    for (const variation of family.variations) ids.set(variation.sku, variation.id);
  return (sku) => {
    const id = ids.get(sku);
    if (id === undefined) throw new Error(`No variation ${sku}`);
    return id;
  };
}

export interface FillOptions {
  /** Guests' email address (signed-in browsers use their account's). */
  email?: string;
  /** Delivery option id, 'uk-standard' unless given. */
  option?: string;
  voucher?: string;
  /** Spend the customer's buds. */
  buds?: boolean;
  /** Spend the customer's store credit (ADR 052). */
  credit?: boolean;
}

/**
 * Fills `browser`'s basket up to the point of paying: items, email, delivery address
 * and option (and a voucher or buds when asked), each step answered 200.
 */
export async function fillBasket(
  browser: Browser,
  idOf: (sku: string) => number,
  items: [sku: string, quantity: number][],
  options: FillOptions = {},
): Promise<Browser> {
  for (const [sku, quantity] of items) {
    const added = await browser.post('/api/v1/basket', { product_id: idOf(sku), quantity });
    expect(added.status, `add ${sku}`).toBe(200);
  }
  const details = await browser.put('/api/v1/basket/details', {
    ...(browser.token ? {} : { email_address: options.email ?? 'ada@example.com' }),
    ...deliveryAddress(),
  });
  expect(details.status, 'details').toBe(200);
  const delivery = await browser.put('/api/v1/basket/delivery', {
    option_id: options.option ?? 'uk-standard',
  });
  expect(delivery.status, 'delivery').toBe(200);
  if (options.voucher) {
    const voucher = await browser.put('/api/v1/basket/voucher', { voucher_code: options.voucher });
    expect(voucher.status, 'voucher').toBe(200);
  }
  if (options.buds) {
    const buds = await browser.put('/api/v1/basket/loyalty', { use_loyalty_points: true });
    expect(buds.status, 'buds').toBe(200);
  }
  if (options.credit) {
    const credit = await browser.put('/api/v1/basket/credit', { use_credit: true });
    expect(credit.status, 'credit').toBe(200);
  }
  return browser;
}
