import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import type { SharedWishlistView, WishlistView } from '../../../domain/api/wishlist.ts';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

type Data = { data: { wishlist: WishlistView } };
type SharedData = { data: { wishlist: SharedWishlistView } };

/** A client that sends the bearer token once logged in. */
class Customer extends Shopper {
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
    return this;
  }
}

describe.each(ENGINES)('wishlists on %s', (engine) => {
  let t: TestApp;
  const sku = new Map<string, number>();
  const familyOf = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(engine);
    const products = (
      await new Shopper(t.app).get<{ data: { products: FamilyView[] } }>(
        '/api/v1/products?per_page=100',
      )
    ).body.data.products;
    for (const family of products) {
      for (const v of family.variations) {
        sku.set(v.sku, v.id);
        familyOf.set(v.sku, family.id);
      }
    }
  });
  afterAll(() => t.close());
  const id = (code: string) => sku.get(code) ?? 0;
  const demo = () => new Customer(t.app).logIn('demo@example.com', 'plants-demo');
  const trade = () => new Customer(t.app).logIn('trade@example.com', 'plants-trade');

  it('starts empty and unshared, then keeps saved variations newest first in the Product shape', async () => {
    const ada = await demo();
    const empty = await ada.get<Data>('/api/v1/user/wishlist');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: { wishlist: { share_id: null, items: [] } } });

    await ada.post('/api/v1/user/wishlist/items', { product_id: id('OLV-120-GRY') });
    const reply = await ada.post<Data>('/api/v1/user/wishlist/items', {
      product_id: id('FERN-BOS'),
    });
    expect(reply.status).toBe(200);
    const items = reply.body.data.wishlist.items;
    expect(items.map((i) => i.product.sku)).toEqual(['FERN-BOS', 'OLV-120-GRY']);
    expect(items[1]?.product).toMatchObject({
      id: id('OLV-120-GRY'),
      sku: 'OLV-120-GRY',
      prices: { price: { currency_code: 'GBP' } },
      preview_image: { src: expect.stringMatching(/^\/media\//) },
    });
    expect(items[1]?.product.options.length).toBeGreaterThan(0);
    expect(Date.parse(items[0]?.added_at ?? '')).not.toBeNaN();

    // The same list is read back.
    const again = await ada.get<Data>('/api/v1/user/wishlist');
    expect(again.body.data.wishlist.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('saves a variation once however often it is added', async () => {
    const tom = await trade();
    const first = await tom.post<Data>('/api/v1/user/wishlist/items', {
      product_id: id('EUC-SPRAY'),
    });
    const second = await tom.post<Data>('/api/v1/user/wishlist/items', {
      product_id: id('EUC-SPRAY'),
    });
    expect(second.status).toBe(200);
    expect(second.body.data.wishlist.items).toEqual(first.body.data.wishlist.items);
    expect(second.body.data.wishlist.items).toHaveLength(1);
    await tom.delete(`/api/v1/user/wishlist/items/${second.body.data.wishlist.items[0]?.id}`);
  });

  it('takes a family with one variation as that variation, and asks which for a family with several', async () => {
    const tom = await trade();
    const single = await tom.post<Data>('/api/v1/user/wishlist/items', {
      product_id: familyOf.get('FERN-BOS'),
    });
    expect(single.status).toBe(200);
    expect(single.body.data.wishlist.items.map((i) => i.product.id)).toEqual([id('FERN-BOS')]);
    await tom.delete(`/api/v1/user/wishlist/items/${single.body.data.wishlist.items[0]?.id}`);

    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { product_id: ['Please choose a product'] }],
      [{ product_id: 'abc' }, { product_id: ['Please choose a product'] }],
      [{ product_id: -3 }, { product_id: ['Please choose a product'] }],
      [{ product_id: 999999 }, { product_id: ['This product could not be found.'] }],
      [
        { product_id: familyOf.get('OLV-120-GRY') },
        { product_id: ['Please choose a size and pot'] },
      ],
      [{ product_id: familyOf.get('FIG-120') }, { product_id: ['Please choose a size'] }],
    ];
    for (const [payload, errors] of cases) {
      const reply = await tom.post('/api/v1/user/wishlist/items', payload);
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ error_type: 'validation', errors });
    }
    expect((await tom.get<Data>('/api/v1/user/wishlist')).body.data.wishlist.items).toEqual([]);
  });

  it('removes an item, and answers wishlist_item_not_found for one that is not in it', async () => {
    const tom = await trade();
    const added = await tom.post<Data>('/api/v1/user/wishlist/items', {
      product_id: id('FIG-120'),
    });
    const itemId = added.body.data.wishlist.items[0]?.id;
    const removed = await tom.delete<Data>(`/api/v1/user/wishlist/items/${itemId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.wishlist.items).toEqual([]);

    for (const path of [`${itemId}`, '999999', 'abc']) {
      const reply = await tom.delete(`/api/v1/user/wishlist/items/${path}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        error_type: 'wishlist_item_not_found',
        message: 'The item requested could not be found in this wishlist.',
      });
    }
  });

  it('never shows or removes another customer’s item', async () => {
    const ada = await demo();
    const tom = await trade();
    const adas = await ada.post<Data>('/api/v1/user/wishlist/items', {
      product_id: id('EUC-SPRAY'),
    });
    const adaItem = adas.body.data.wishlist.items.find((i) => i.product.sku === 'EUC-SPRAY');
    expect(adaItem).toBeDefined();

    const toms = await tom.get<Data>('/api/v1/user/wishlist');
    expect(toms.body.data.wishlist.items.map((i) => i.id)).not.toContain(adaItem?.id);
    const attempt = await tom.delete(`/api/v1/user/wishlist/items/${adaItem?.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toMatchObject({ error_type: 'wishlist_item_not_found' });
    const still = await ada.get<Data>('/api/v1/user/wishlist');
    expect(still.body.data.wishlist.items.map((i) => i.id)).toContain(adaItem?.id);
  });

  it('refuses guests on every /user/wishlist endpoint', async () => {
    const guest = new Shopper(t.app);
    const replies = [
      await guest.get('/api/v1/user/wishlist'),
      await guest.post('/api/v1/user/wishlist/items', { product_id: id('FERN-BOS') }),
      await guest.delete('/api/v1/user/wishlist/items/1'),
      await guest.post('/api/v1/user/wishlist/share'),
      await guest.delete('/api/v1/user/wishlist/share'),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ error_type: 'unauthorized' });
    }
  });

  it('shares the list through an unguessable link anyone can read until it is withdrawn', async () => {
    const ada = await demo();
    await ada.post('/api/v1/user/wishlist/items', { product_id: id('FERN-BOS') });
    const shared = await ada.post<Data>('/api/v1/user/wishlist/share');
    expect(shared.status).toBe(200);
    const shareId = shared.body.data.wishlist.share_id;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Sharing again keeps the same link.
    const again = await ada.post<Data>('/api/v1/user/wishlist/share');
    expect(again.body.data.wishlist.share_id).toBe(shareId);

    const stranger = new Shopper(t.app);
    const view = await stranger.get<SharedData>(`/api/v1/wishlists/${shareId}`);
    expect(view.status).toBe(200);
    expect(view.body.data.wishlist.owner_first_name).toBe('Ada');
    expect(view.body.data.wishlist.items.map((i) => i.product.sku)).toEqual(
      (await ada.get<Data>('/api/v1/user/wishlist')).body.data.wishlist.items.map(
        (i) => i.product.sku,
      ),
    );
    expect(view.body.data.wishlist).not.toHaveProperty('share_id');

    const stopped = await ada.delete<Data>('/api/v1/user/wishlist/share');
    expect(stopped.body.data.wishlist.share_id).toBeNull();
    const gone = await stranger.get(`/api/v1/wishlists/${shareId}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error_type: 'wishlist_not_found',
      message: 'The wishlist requested could not be found.',
    });

    // Sharing afresh makes a new link; the old one stays dead.
    const reshared = await ada.post<Data>('/api/v1/user/wishlist/share');
    expect(reshared.body.data.wishlist.share_id).not.toBe(shareId);
    expect((await stranger.get(`/api/v1/wishlists/${shareId}`)).status).toBe(404);
  });

  it('answers wishlist_not_found for an unknown link', async () => {
    for (const shareId of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'nope', 'x'.repeat(80)]) {
      const reply = await new Shopper(t.app).get(`/api/v1/wishlists/${shareId}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ error_type: 'wishlist_not_found' });
    }
  });
});
