import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import { createTestApp, Shopper, VIEW_REUSE_MODES, type TestApp } from '../../testing/test-app.ts';

type Data = { data: BasketView };

/** A browser: keeps cookies, and sends the bearer token once logged in. */
class Browser extends Shopper {
  token: string | null = null;
  override request<T = any>(options: Parameters<Shopper['request']>[0]) {
    return super.request<T>({
      ...options,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(options.headers ?? {}),
      },
    });
  }
  async logIn(email: string, password: string) {
    const reply = await this.post('/api/v1/auth/login', {
      email,
      password,
      'cf-turnstile-response': DUMMY_TOKEN,
    });
    expect(reply.status).toBe(200);
    this.token = reply.body.data.token;
    return (await this.post<Data>('/api/v1/basket/acquire')).body.data;
  }
}

describe.each(VIEW_REUSE_MODES)('customers’ baskets on $engine, views $views', (mode) => {
  let t: TestApp;
  const sku = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(mode.engine, mode.deps);
    const products = (
      await new Shopper(t.app).get<{ data: { products: FamilyView[] } }>(
        '/api/v1/products?per_page=100',
      )
    ).body.data.products;
    for (const family of products) for (const v of family.variations) sku.set(v.sku, v.id);
  });
  afterAll(() => t.close());
  const id = (code: string) => sku.get(code) ?? 0;

  it('keeps the guest basket on login, then merges a later guest basket into the customer’s', async () => {
    const first = new Browser(t.app);
    await first.post('/api/v1/basket', { product_id: id('FERN-BOS') });
    const acquired = await first.logIn('demo@example.com', 'plants-demo');
    expect(acquired.items.map((i) => [i.product.sku, i.quantity])).toEqual([['FERN-BOS', 1]]);
    expect(acquired.loyalty_points).toMatchObject({ available: 1250, using: false });

    const second = new Browser(t.app);
    await second.post('/api/v1/basket', { product_id: id('FERN-BOS'), quantity: 2 });
    await second.post('/api/v1/basket', { product_id: id('EUC-SPRAY') });
    await second.put('/api/v1/basket/voucher', { voucher_code: 'WELCOME10' });
    const merged = await second.logIn('demo@example.com', 'plants-demo');
    expect(merged.items.map((i) => [i.product.sku, i.quantity])).toEqual([
      ['FERN-BOS', 3],
      ['EUC-SPRAY', 1],
    ]);
    expect(merged.voucher?.code).toBe('WELCOME10');
    // The first browser sees the same basket.
    expect((await first.get<Data>('/api/v1/basket')).body.data.items).toHaveLength(2);
  });

  it('spends buds on the basket, never more than the items', async () => {
    const browser = new Browser(t.app);
    await browser.logIn('demo@example.com', 'plants-demo');
    const basket = (await browser.put<Data>('/api/v1/basket/loyalty', { use_loyalty_points: true }))
      .body.data;
    expect(basket.loyalty_points.using).toBe(true);
    expect(basket.loyalty_points.discount.amount).toBe(Math.min(1250, basket.prices.items.amount));
    const off = (await browser.put<Data>('/api/v1/basket/loyalty', { use_loyalty_points: false }))
      .body.data;
    expect(off.loyalty_points).toMatchObject({ using: false, discount: { amount: 0 } });
    const guest = await new Shopper(t.app).put('/api/v1/basket/loyalty', {
      use_loyalty_points: true,
    });
    expect(guest.status).toBe(401);
  });

  it('hides a customer’s basket from the browser once logged out', async () => {
    const browser = new Browser(t.app);
    await browser.logIn('demo@example.com', 'plants-demo');
    await browser.put('/api/v1/basket/details', { email_address: 'ada@example.com' });
    await browser.post('/api/v1/auth/logout');
    browser.token = null;
    const basket = (await browser.get<Data>('/api/v1/basket')).body.data;
    expect(basket.items).toEqual([]);
    expect(basket.email_address).toBeNull();
  });

  it('shows a trade customer prices excluding VAT', async () => {
    const browser = new Browser(t.app);
    await browser.post('/api/v1/basket', { product_id: id('FERN-BOS') });
    const basket = await browser.logIn('trade@example.com', 'plants-trade');
    expect(basket.prices_exclude_tax).toBe(true);
    expect(basket.tax_exempt).toBe(false);
  });

  it('shares a basket through a link that copies it into another browser', async () => {
    const empty = await new Shopper(t.app).post('/api/v1/basket/share');
    expect(empty.status).toBe(422);

    const owner = new Shopper(t.app);
    await owner.post('/api/v1/basket', { product_id: id('OLV-120-GRY'), quantity: 2 });
    await owner.put('/api/v1/basket/voucher', { voucher_code: 'TENOFF' });
    const shared = await owner.post('/api/v1/basket/share');
    expect(shared.status).toBe(200);
    expect(shared.body.data.url).toBe(`/basket?restore=${shared.body.data.id}`);

    const friend = new Shopper(t.app);
    await friend.post('/api/v1/basket', { product_id: id('FERN-BOS') });
    const copied = await friend.get<Data>(`/api/v1/basket/abandoned?id=${shared.body.data.id}`);
    expect(copied.status).toBe(200);
    expect(copied.body.data.items.map((i) => [i.product.sku, i.quantity])).toEqual([
      ['FERN-BOS', 1],
      ['OLV-120-GRY', 2],
    ]);
    expect(copied.body.data.voucher?.code).toBe('TENOFF');
    // The owner's basket is untouched and still theirs.
    expect((await owner.get<Data>('/api/v1/basket')).body.data.items).toHaveLength(1);

    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-link', '']) {
      const reply = await new Shopper(t.app).get(`/api/v1/basket/abandoned?id=${bad}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('This basket link has expired or could not be found.');
    }
  });
});
