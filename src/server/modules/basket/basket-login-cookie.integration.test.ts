/**
 * Logging in gives the browser a new basket cookie (ADR 044): a basket cookie planted in
 * the browser before login — or copied from it — reaches nothing of the customer's, even
 * when the page never calls POST /basket/acquire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import {
  Browser,
  CAPTCHA_FIELD,
  deliveryAddress,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../../testing/checkout.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import { BASKET_COOKIE } from './basket-cookie.ts';

describe.each(ENGINES)('the basket cookie at login, on %s', (engine) => {
  let t: TestApp;
  let idOf: (sku: string) => number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    idOf = await variationIds(t.app);
  });
  afterAll(() => t.close());

  async function register(email: string) {
    const browser = new Browser(t.app);
    const reply = await browser.post('/api/v1/auth/register', {
      first_name: 'Planted',
      last_name: 'Upon',
      email,
      password: 'a-long-enough-password',
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    expect(reply.status).toBe(200);
  }
  /** Logs in without calling /basket/acquire afterwards. */
  async function logInOnly(browser: Browser, email: string) {
    const reply = await browser.post('/api/v1/auth/login', {
      email,
      password: 'a-long-enough-password',
      [CAPTCHA_FIELD]: DUMMY_TOKEN,
    });
    expect(reply.status).toBe(200);
    browser.token = reply.body.data.token as string;
  }

  it('a planted basket cookie reaches neither the customer’s basket nor their order', async () => {
    await register('planted-upon@example.com');
    const attacker = new Browser(t.app);
    await attacker.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
    const planted = attacker.cookies.get(BASKET_COOKIE);
    expect(planted).toBeTruthy();

    const victim = new Browser(t.app);
    victim.cookies.set(BASKET_COOKIE, planted!);
    await logInOnly(victim, 'planted-upon@example.com');
    expect(victim.cookies.get(BASKET_COOKIE)).toBeTruthy();
    expect(victim.cookies.get(BASKET_COOKIE)).not.toBe(planted);

    await fillBasket(victim, idOf, [['EUC-SPRAY', 1]]);
    const paid = await victim.pay(FRICTIONLESS_3DS);
    expect(paid.status).toBe(201);

    const seen = (await attacker.get('/api/v1/basket')).body.data;
    expect(seen.items).toEqual([]);
    expect(seen.delivery_address).toBeNull();
    const order = await attacker.get(`/api/v1/orders/${paid.body.data.public_id}`);
    expect(order.status).toBe(404);
    expect(order.body.error_type).toBe('order_not_found');
  });

  it('a guest’s basket carries on after login under the new cookie, checkout details and all', async () => {
    await register('mid-checkout@example.com');
    const browser = new Browser(t.app);
    await fillBasket(browser, idOf, [['FERN-BOS', 2]], { email: 'mid-checkout@example.com' });
    const guestCookie = browser.cookies.get(BASKET_COOKIE);
    await logInOnly(browser, 'mid-checkout@example.com');
    expect(browser.cookies.get(BASKET_COOKIE)).not.toBe(guestCookie);

    const basket = (await browser.get('/api/v1/basket')).body.data;
    expect(basket.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
    expect(basket.delivery_address).toMatchObject({
      postcode: deliveryAddress().delivery_address_postcode,
    });
    expect(basket.delivery_option).toEqual({ id: 'uk-standard' });
    expect(basket.email_address).toBe('mid-checkout@example.com');
    // acquire afterwards (as the page does) answers the same basket.
    const acquired = (await browser.post('/api/v1/basket/acquire')).body.data;
    expect(acquired.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
  });
});
