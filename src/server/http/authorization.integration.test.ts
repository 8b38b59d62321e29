/**
 * Authorization matrix (compact): the account, order, wishlist and stored-card endpoints
 * tried by a guest, by another customer and by the owner. Nobody but the owner reads the
 * owner's order, cards, wishlist or addresses, and nobody else changes them: guests are
 * told to sign in, the other customer finds nothing, and the owner's data is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../testing/checkout.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

const NONCE = 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
const ADDRESS = {
  delivery_address_title: 'Mrs',
  delivery_address_first_name: 'Ada',
  delivery_address_last_name: 'Lovelace',
  delivery_address_company_name: null,
  delivery_address_line_1: '12 Owner Street',
  delivery_address_line_2: null,
  delivery_address_line_3: 'London',
  delivery_address_line_4: 'Greater London',
  delivery_address_postcode: 'SW1A 2AA',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '02079460000',
  delivery_address_mobile: null,
};

/** The same address as the address book keeps it (no delivery_address_ prefix). */
const SAVED = Object.fromEntries(
  Object.entries(ADDRESS).map(([key, value]) => [key.replace('delivery_address_', ''), value]),
);

describe.each(ENGINES)('who may read and change what on %s', (engine) => {
  let t: TestApp;
  let owner: Browser;
  let other: Browser;
  const mine = { order: '', orderNumber: '', card: '', wishlistItem: '', address: '' };

  async function customer(email: string): Promise<Browser> {
    const browser = new Browser(t.app);
    await browser.signUp(email);
    return browser;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await customer('owner@example.com');
    other = await customer('other@example.com');
    expect((await owner.post('/api/v1/basket', { product_id: 2, quantity: 1 })).status).toBe(200);
    expect((await owner.put('/api/v1/basket/details', ADDRESS)).status).toBe(200);
    await owner.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
    const placed = await owner.post('/api/v1/basket/order', {
      payment_method_nonce: NONCE,
      device_data: JSON.stringify({ correlation_id: 'c'.repeat(32) }),
      save_payment_method: true,
    });
    expect(placed.status).toBe(201);
    mine.order = placed.body.data.public_id as string;
    mine.orderNumber = (await owner.get(`/api/v1/orders/${mine.order}`)).body.data.order
      .order_number as string;
    mine.card =
      (await owner.get('/api/v1/payments/methods')).body.data.payment_methods[0]?.id ?? '';
    const added = await owner.post('/api/v1/user/wishlist/items', { product_id: 2 });
    expect(added.status).toBe(200);
    mine.wishlistItem = String(added.body.data.wishlist?.items?.[0]?.id ?? '');
    expect((await owner.post('/api/v1/user/addresses', SAVED)).status).toBe(200);
    const addresses = await owner.get('/api/v1/user/addresses');
    mine.address = String(addresses.body.data.addresses[0]?.id ?? '');
  });
  afterAll(() => t.close());

  it('found the owner’s order, card and wishlist item to attack', () => {
    expect(mine.order).not.toBe('');
    expect(mine.card).not.toBe('');
    expect(mine.wishlistItem).not.toBe('');
    expect(mine.address).not.toBe('');
  });

  /** What the owner can see: every attempt below must leave it as it is. */
  const ownerState = async () => ({
    order: (await owner.get(`/api/v1/orders/${mine.order}`)).body.data.order.status as unknown,
    // Each listing mints fresh nonces for the cards: compare the cards, not the nonces.
    cards: (
      (await owner.get('/api/v1/payments/methods')).body.data.payment_methods as Record<
        string,
        unknown
      >[]
    ).map(({ nonce: _nonce, ...card }) => card),
    wishlist: (await owner.get('/api/v1/user/wishlist')).body.data as unknown,
    addresses: (await owner.get('/api/v1/user/addresses')).body.data as unknown,
  });

  const reads = [
    '/api/v1/user',
    '/api/v1/user/orders',
    '/api/v1/user/addresses',
    '/api/v1/user/loyalty',
    '/api/v1/user/wishlist',
    '/api/v1/payments/methods',
  ];

  it.each(reads)(
    'GET %s: a guest must sign in; another customer sees only their own',
    async (url) => {
      expect((await new Shopper(t.app).get(url)).status).toBe(401);
      const theirs = await other.get(url);
      expect(theirs.status).toBe(200);
      const text = JSON.stringify(theirs.body);
      for (const value of [
        'owner@example.com',
        mine.order,
        mine.orderNumber,
        mine.card,
        '12 Owner Street',
      ])
        expect(text, value).not.toContain(value);
      expect((await owner.get(url)).status).toBe(200);
    },
  );

  it('the order is read only by its owner', async () => {
    expect((await new Shopper(t.app).get(`/api/v1/orders/${mine.order}`)).status).toBe(404);
    expect((await other.get(`/api/v1/orders/${mine.order}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/orders/${mine.order}`)).status).toBe(200);
  });

  /** [method, url, body, guest's status]: the other customer always finds nothing (404). */
  const writes = (): [string, string, unknown, number][] => [
    ['POST', `/api/v1/user/orders/${mine.order}/cancel`, undefined, 401],
    // The guest's cancel (the order remembered by this browser): not this browser's order.
    ['POST', `/api/v1/orders/${mine.order}/cancel`, undefined, 404],
    ['DELETE', `/api/v1/payments/methods/${mine.card}`, undefined, 401],
    ['PUT', `/api/v1/payments/methods/${mine.card}/default`, undefined, 401],
    ['DELETE', `/api/v1/user/wishlist/items/${mine.wishlistItem}`, undefined, 401],
    ['PUT', `/api/v1/user/addresses/${mine.address}`, { ...SAVED, line_1: '1 Thief Lane' }, 401],
  ];

  it('nobody else changes the owner’s order, cards, wishlist or addresses', async () => {
    const before = await ownerState();
    for (const [method, url, payload, guestStatus] of writes()) {
      const asGuest = await new Shopper(t.app).request({
        method: method as 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(asGuest.status, `guest ${method} ${url}`).toBe(guestStatus);
      const asOther = await other.request({
        method: method as 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(asOther.status, `other ${method} ${url}`).toBe(404);
    }
    expect(await ownerState()).toEqual(before);
    // The same requests work for the owner: the refusals above were about who asked.
    const own = await owner.put(`/api/v1/user/addresses/${mine.address}`, {
      ...SAVED,
      line_1: '14 Owner Street',
    });
    expect(own.status).toBe(200);
    const removed = await owner.delete(`/api/v1/user/wishlist/items/${mine.wishlistItem}`);
    expect(removed.status).toBe(200);
    expect((await owner.delete(`/api/v1/payments/methods/${mine.card}`)).status).toBe(200);
    // Only pre-orders can be cancelled: the owner is told so (409), where others got 404.
    expect((await owner.post(`/api/v1/user/orders/${mine.order}/cancel`)).status).toBe(409);
    expect(await ownerState()).not.toEqual(before);
  });
});
