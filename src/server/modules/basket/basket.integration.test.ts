import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { deliveryAddress } from '../../testing/checkout.ts';
import { createTestApp, Shopper, VIEW_REUSE_MODES, type TestApp } from '../../testing/test-app.ts';

type Data = { data: BasketView };

const address = (prefix: string, overrides: Record<string, string | null> = {}) =>
  deliveryAddress(overrides, prefix);

describe.each(VIEW_REUSE_MODES)('basket API on $engine, views $views', (mode) => {
  let t: TestApp;
  const sku = new Map<string, number>();
  /** Product family ids by the sku of one of their variations. */
  const familyOf = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(mode.engine, mode.deps);
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

  const id = (code: string) => {
    const value = sku.get(code);
    if (value === undefined) throw new Error(`No variation ${code}`);
    return value;
  };

  async function shopperWith(items: [string, number][]) {
    const shopper = new Shopper(t.app);
    for (const [code, quantity] of items) {
      const reply = await shopper.post<Data>('/api/v1/basket', { product_id: id(code), quantity });
      expect(reply.status).toBe(200);
    }
    return shopper;
  }

  describe('reading', () => {
    it('gives a browser without a basket an empty one and no cookie', async () => {
      const reply = await new Shopper(t.app).get<Data>('/api/v1/basket');
      expect(reply.status).toBe(200);
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(reply.body.data).toMatchObject({
        items: [],
        promotion_items: [],
        prices: { total: { amount: 0, label: '£0.00', currency_code: 'GBP' } },
        discounted_prices: null,
        discounts: [],
        voucher: null,
        delivery_address: null,
        billing_address: null,
        delivery_option: null,
        email_address: null,
        tax_exempt: false,
        prices_exclude_tax: false,
        payment_required: false,
        loyalty_points: { using: false, available: 0, discount: { amount: 0 } },
      });
      expect(reply.body.data.available_delivery_options.map((o) => o.id)).toEqual([
        'uk-standard',
        'uk-next-day',
        'uk-saturday',
      ]);
    });

    it('ignores a forged basket cookie', async () => {
      const owner = await shopperWith([['FERN-BOS', 1]]);
      const thief = new Shopper(t.app);
      const raw = [...owner.cookies.values()][0] ?? '';
      const unsignedId = decodeURIComponent(raw).split('.')[0] ?? '';
      thief.cookies.set('everbloom_basket', `${unsignedId}.forgedsignature`);
      const reply = await thief.get<Data>('/api/v1/basket');
      expect(reply.body.data.items).toEqual([]);
      // The real value still works, and padding it makes it worthless.
      thief.cookies.set('everbloom_basket', raw);
      expect((await thief.get<Data>('/api/v1/basket')).body.data.items).toHaveLength(1);
      thief.cookies.set('everbloom_basket', `${raw}${'x'.repeat(4000)}`);
      const padded = await thief.get<Data>('/api/v1/basket');
      expect(padded.status).toBe(200);
      expect(padded.body.data.items).toEqual([]);
    });
  });

  describe('adding items', () => {
    it('creates the basket on first write with a signed HttpOnly SameSite=Lax cookie', async () => {
      const shopper = new Shopper(t.app);
      const reply = await shopper.post<Data>('/api/v1/basket', {
        product_id: id('OLV-120-GRY'),
        quantity: 2,
      });
      expect(reply.status).toBe(200);
      const cookie = String(reply.headers['set-cookie']);
      expect(cookie).toMatch(/^everbloom_basket=[^;]+\.[^;]+;/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const item = reply.body.data.items[0];
      expect(item).toMatchObject({
        name: 'Artificial Olive Tree — 120cm, Grey pot',
        quantity: 2,
        preorder: false,
        preorder_quantity: 0,
        is_promotion_item: false,
        discontinued: false,
        price: { amount: 7999, label: '£79.99' },
        total_price: {
          amount: 15998,
          label: '£159.98',
          excluding_tax: { amount: 13332 },
          tax: { amount: 2666 },
        },
        discounted_price: null,
        product: { sku: 'OLV-120-GRY', quantity_available: 14 },
      });
      expect(typeof item?.id).toBe('number');
      expect(reply.body.data.payment_required).toBe(true);
      const again = await shopper.get<Data>('/api/v1/basket');
      expect(again.body.data.items).toHaveLength(1);
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it('defaults the quantity to 1 and merges repeat adds', async () => {
      const shopper = new Shopper(t.app);
      await shopper.post('/api/v1/basket', { product_id: id('FERN-BOS') });
      const reply = await shopper.post<Data>('/api/v1/basket', {
        product_id: String(id('FERN-BOS')),
      });
      expect(reply.body.data.items).toHaveLength(1);
      expect(reply.body.data.items[0]?.quantity).toBe(2);
    });

    it('counts every one of many simultaneous adds, on one line', async () => {
      const shopper = await shopperWith([['EUC-SPRAY', 1]]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          shopper.post('/api/v1/basket', { product_id: id('EUC-SPRAY') }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      const basket = (await shopper.get<Data>('/api/v1/basket')).body.data;
      expect(basket.items.map((i) => [i.product.sku, i.quantity])).toEqual([['EUC-SPRAY', 11]]);
    });

    it('never lets simultaneous adds overshoot the stock', async () => {
      const shopper = await shopperWith([['BOP-150', 1]]);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          shopper.post('/api/v1/basket', { product_id: id('BOP-150') }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(4);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(4);
      expect((await shopper.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(5);
    });

    it('ignores anything price-like in the request', async () => {
      const shopper = new Shopper(t.app);
      const reply = await shopper.post<Data>('/api/v1/basket', {
        product_id: id('FERN-BOS'),
        quantity: 1,
        price: 1,
        total: 0,
        prices: { total: { amount: 0 } },
      });
      expect(reply.body.data.prices.items.amount).toBe(3499);
    });

    it('refuses quantities beyond stock with a clear message', async () => {
      const shopper = await shopperWith([['BOP-150', 5]]);
      const reply = await shopper.post('/api/v1/basket', {
        product_id: id('BOP-150'),
        quantity: 1,
      });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error_type: 'insufficient_stock',
        message: 'Sorry, only 5 of Artificial Bird of Paradise are available.',
        errors: { quantity: ['Sorry, only 5 of Artificial Bird of Paradise are available.'] },
      });
      expect((await shopper.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(5);
    });

    it('keeps a line to 99, however it is reached, and leaves the basket as it was', async () => {
      const shopper = await shopperWith([['WIS-ARCH', 98]]);
      const before = (await shopper.get<Data>('/api/v1/basket')).body.data;
      const reply = await shopper.post('/api/v1/basket', {
        product_id: id('WIS-ARCH'),
        quantity: 2,
      });
      const message = 'You can add up to 99 of one item to your basket.';
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        error_type: 'validation',
        message: expect.any(String),
        errors: { quantity: [message] },
      });
      expect((await shopper.get<Data>('/api/v1/basket')).body.data).toEqual(before);
      const last = await shopper.post<Data>('/api/v1/basket', { product_id: id('WIS-ARCH') });
      expect(last.body.data.items[0]?.quantity).toBe(99);
    });

    it('accepts pre-order quantities beyond stock and reports them', async () => {
      const shopper = await shopperWith([
        ['WIS-ARCH', 2],
        ['MAPLE-150', 3],
      ]);
      const basket = (await shopper.get<Data>('/api/v1/basket')).body.data;
      const [arch, maple] = basket.items;
      expect(arch).toMatchObject({
        preorder: true,
        preorder_quantity: 2,
        preorder_restock_date: '2027-01-15',
      });
      expect(maple).toMatchObject({
        preorder: true,
        preorder_quantity: 1,
        preorder_restock_date: null,
      });
      expect(basket.preorder_restock_dates).toEqual({
        [String(id('WIS-ARCH'))]: { name: 'Artificial Wisteria Arch', date: '2027-01-15' },
        [String(id('MAPLE-150'))]: { name: 'Artificial Japanese Maple', date: null },
      });
    });

    it('refuses a discontinued variation', async () => {
      const reply = await new Shopper(t.app).post('/api/v1/basket', { product_id: id('FIG-150') });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error_type: 'product_unavailable',
        message:
          'Sorry, this variation has been discontinued and is no longer available to purchase.',
      });
    });

    // Changes the catalogue behind the reference-data cache, which reused views see
    // only once it expires: run where reference data is reloaded on every request.
    it.skipIf(mode.views === 'reused')('keeps a discontinued line out of the totals', async () => {
      const shopper = await shopperWith([
        ['FIG-120', 1],
        ['FERN-BOS', 1],
      ]);
      await t.handle.db
        .updateTable('products')
        .set({ discontinued: true })
        .where('sku', '=', 'FIG-120')
        .execute();
      try {
        const basket = (await shopper.get<Data>('/api/v1/basket')).body.data;
        expect(basket.items.map((i) => [i.product.sku, i.discontinued])).toEqual([
          ['FIG-120', true],
          ['FERN-BOS', false],
        ]);
        expect(basket.prices.items.amount).toBe(3499);
        expect(basket.item_count).toBe(1);
      } finally {
        await t.handle.db
          .updateTable('products')
          .set({ discontinued: false })
          .where('sku', '=', 'FIG-120')
          .execute();
      }
    });

    it('adds a bundle while its components are in stock', async () => {
      const shopper = await shopperWith([['BUNDLE-TRIO', 1]]);
      const item = (await shopper.get<Data>('/api/v1/basket')).body.data.items[0];
      expect(item?.product.is_bundle).toBe(true);
      expect(item?.product.bundle_components).toHaveLength(3);
    });

    it('links a related item to one already in the basket', async () => {
      const shopper = await shopperWith([['OLV-120-GRY', 1]]);
      const parent = (await shopper.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
      const reply = await shopper.post<Data>('/api/v1/basket', {
        product_id: id('FERN-BOS'),
        related_item_id: parent,
      });
      expect(reply.body.data.items[1]?.related_item_id).toBe(parent);
      const bad = await shopper.post('/api/v1/basket', {
        product_id: id('FERN-BOS'),
        related_item_id: 999999,
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ related_item_id: ['This item is not in your basket.'] });
      // Removing the parent removes what was added with it.
      const after = await shopper.delete<Data>(`/api/v1/basket/${parent}`);
      expect(after.body.data.items).toEqual([]);
    });

    it('validates the payload with per-field messages', async () => {
      const shopper = new Shopper(t.app);
      const cases: [unknown, Record<string, string[]>][] = [
        [{}, { product_id: ['Please choose a product'] }],
        [{ product_id: 'abc' }, { product_id: ['Please choose a product'] }],
        [{ product_id: 999999 }, { product_id: ['This product could not be found.'] }],
        [
          { product_id: id('FERN-BOS'), quantity: 0 },
          { quantity: ['Please enter a quantity between 1 and 99'] },
        ],
        [
          { product_id: id('FERN-BOS'), quantity: 1.5 },
          { quantity: ['Please enter a quantity between 1 and 99'] },
        ],
        [
          { product_id: id('FERN-BOS'), quantity: 1e9 },
          { quantity: ['Please enter a quantity between 1 and 99'] },
        ],
        [[1, 2], { body: ['Please send a JSON object'] }],
        // A product with variations needs one chosen: its options say which.
        [
          { product_id: familyOf.get('OLV-120-GRY') },
          { product_id: ['Please choose a size and pot'] },
        ],
        [{ product_id: familyOf.get('FIG-120') }, { product_id: ['Please choose a size'] }],
      ];
      for (const [payload, errors] of cases) {
        const reply = await shopper.post('/api/v1/basket', payload);
        expect(reply.status).toBe(422);
        expect(reply.headers['set-cookie']).toBeUndefined();
        expect(reply.body).toEqual({
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors,
        });
      }
    });
  });

  describe('changing and removing items', () => {
    it('changes a quantity and refuses one beyond stock', async () => {
      const shopper = await shopperWith([['BOP-150', 1]]);
      const itemId = (await shopper.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
      const up = await shopper.patch<Data>(`/api/v1/basket/${itemId}`, { quantity: 4 });
      expect(up.body.data.items[0]?.quantity).toBe(4);
      const over = await shopper.patch(`/api/v1/basket/${itemId}`, { quantity: 6 });
      expect(over.status).toBe(409);
      expect(over.body.error_type).toBe('insufficient_stock');
      const defaulted = await shopper.patch<Data>(`/api/v1/basket/${itemId}`, {});
      expect(defaulted.body.data.items[0]?.quantity).toBe(1);
      const invalid = await shopper.patch(`/api/v1/basket/${itemId}`, { quantity: -1 });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({
        quantity: ['Please enter a quantity between 1 and 99'],
      });
    });

    it('answers 404 for an item that is not in this basket', async () => {
      const owner = await shopperWith([['FERN-BOS', 1]]);
      const itemId = (await owner.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
      const other = await shopperWith([['EUC-SPRAY', 1]]);
      for (const reply of [
        await other.patch(`/api/v1/basket/${itemId}`, { quantity: 3 }),
        await other.delete(`/api/v1/basket/${itemId}`),
        await other.delete('/api/v1/basket/not-a-number'),
        await new Shopper(t.app).delete(`/api/v1/basket/${itemId}`),
      ]) {
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ error_type: 'not_found', message: 'Not found' });
      }
      expect((await owner.get<Data>('/api/v1/basket')).body.data.items[0]?.quantity).toBe(1);
    });

    it('removes an item', async () => {
      const shopper = await shopperWith([
        ['FERN-BOS', 1],
        ['EUC-SPRAY', 2],
      ]);
      const itemId = (await shopper.get<Data>('/api/v1/basket')).body.data.items[0]?.id;
      const reply = await shopper.delete<Data>(`/api/v1/basket/${itemId}`);
      expect(reply.body.data.items.map((i) => i.product.sku)).toEqual(['EUC-SPRAY']);
      expect(reply.body.data.prices.items.amount).toBe(1798);
    });
  });

  describe('details', () => {
    it('saves the email and a delivery address, and offers the mainland options', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const reply = await shopper.put<Data>('/api/v1/basket/details', {
        email_address: 'Ada@Example.com',
        ...address('delivery_address_', { postcode: 'sw1a 2aa' }),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data.email_address).toBe('ada@example.com');
      expect(reply.body.data.delivery_address).toMatchObject({
        full_name: 'Mrs Ada Lovelace',
        line_1: '10 Downing Street',
        postcode: 'SW1A 2AA',
        country_code: 'GBR',
      });
      expect(reply.body.data.available_delivery_options).toEqual([
        expect.objectContaining({
          id: 'uk-standard',
          name: 'Standard delivery',
          price: expect.objectContaining({
            amount: 495,
            label: '£4.95',
            excluding_tax: { amount: 412, label: '£4.12' },
          }),
        }),
        expect.objectContaining({
          id: 'uk-next-day',
          price: expect.objectContaining({ amount: 795, label: '£7.95' }),
        }),
        expect.objectContaining({
          id: 'uk-saturday',
          price: expect.objectContaining({ amount: 1295 }),
        }),
      ]);
      const cleared = await shopper.put<Data>('/api/v1/basket/details', { email_address: null });
      expect(cleared.body.data.email_address).toBeNull();
      expect(cleared.body.data.delivery_address?.line_1).toBe('10 Downing Street');
    });

    it('gives the spec’s messages keyed by the request’s field names', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const reply = await shopper.put('/api/v1/basket/details', {
        email_address: 'not-an-email',
        delivery_address_title: 'Lord',
        delivery_address_first_name: '',
        delivery_address_line_1: '   ',
        billing_address_postcode: 'SW1A 2AA',
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        error_type: 'validation',
        message: 'There is a problem submitting the form, please check the notice(s) below.',
        errors: {
          email_address: ['This must be an email address'],
          delivery_address_title: ['Please select an option'],
          delivery_address_first_name: ['Please enter your first name'],
          delivery_address_last_name: ['Please enter your last name'],
          delivery_address_line_1: ['Please enter the first line of your address'],
          delivery_address_line_3: ['Required'],
          delivery_address_line_4: ['Please enter the address county'],
          delivery_address_postcode: ['Please enter your postcode'],
          delivery_address_country_code: ['Please select your country'],
          delivery_address_telephone: [
            'Please enter a phone number for us to contact you on if we have questions about your order.',
          ],
          billing_address_title: ['Please select an option'],
          billing_address_first_name: ['Please enter your first name'],
          billing_address_last_name: ['Please enter your last name'],
          billing_address_line_1: ['Please enter the first line of your address'],
          billing_address_line_3: ['Required'],
          billing_address_line_4: ['Please enter the address county'],
          billing_address_country_code: ['Please select your country'],
          billing_address_telephone: [
            'Please enter a phone number for us to contact you on if we have questions about your order.',
          ],
        },
      });
      // Nothing was saved.
      expect((await shopper.get<Data>('/api/v1/basket')).body.data.email_address).toBeNull();
    });

    it('stores SQL-looking and odd text as plain text, and refuses over-long input', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const sneaky = "Robert'); DROP TABLE baskets;--";
      const ok = await shopper.put<Data>(
        '/api/v1/basket/details',
        address('delivery_address_', { line_2: sneaky }),
      );
      expect(ok.body.data.delivery_address?.line_2).toBe(sneaky);
      const long = await shopper.put(
        '/api/v1/basket/details',
        address('delivery_address_', { line_1: 'x'.repeat(500) }),
      );
      expect(long.status).toBe(422);
      expect(long.body.errors.delivery_address_line_1).toEqual([
        'Please enter no more than 100 characters',
      ]);
      expect((await shopper.get<Data>('/api/v1/basket')).body.data.items).toHaveLength(1);
    });

    it('composes the safe-place text from the option and note', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const reply = await shopper.put<Data>('/api/v1/basket/details', {
        delivery_safe_place_option: 'With a neighbour',
        delivery_safe_place_option_note: 'No. 12',
        delivery_safe_place: 'ignored: the server composes it',
      });
      expect(reply.body.data).toMatchObject({
        delivery_safe_place_option: 'With a neighbour',
        delivery_safe_place_option_note: 'No. 12',
        delivery_safe_place: 'Leave at No. 12',
      });
      const tooLong = await shopper.put('/api/v1/basket/details', {
        delivery_safe_place_option: 'With a neighbour',
        delivery_safe_place_option_note: 'The Old Rectory, Church Lane',
      });
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors).toEqual({
        delivery_safe_place_option_note: ['Please enter no more than 16 characters'],
      });
      const porch = await shopper.put<Data>('/api/v1/basket/details', {
        delivery_safe_place_option: 'Porch',
      });
      expect(porch.body.data.delivery_safe_place).toBe('Leave in porch');
    });

    it('stores only the composed safe-place text, whatever text is sent', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const safePlace = async () => {
        const { delivery_safe_place, delivery_safe_place_option, delivery_safe_place_option_note } =
          (await shopper.get<Data>('/api/v1/basket')).body.data;
        return [delivery_safe_place, delivery_safe_place_option, delivery_safe_place_option_note];
      };
      const textOnly = await shopper.put('/api/v1/basket/details', {
        delivery_safe_place: 'Behind the bins',
      });
      expect(textOnly.status).toBe(200);
      expect(await safePlace()).toEqual([null, null, null]);

      await shopper.put('/api/v1/basket/details', {
        delivery_safe_place_option: 'Other',
        delivery_safe_place_option_note: 'Under the bench',
        delivery_safe_place: 'Leave anywhere',
      });
      expect(await safePlace()).toEqual(['Under the bench', 'Other', 'Under the bench']);

      // A note alone goes with the option already chosen; text alone changes nothing.
      await shopper.put('/api/v1/basket/details', {
        delivery_safe_place_option_note: 'By the shed',
      });
      expect(await safePlace()).toEqual(['By the shed', 'Other', 'By the shed']);
      await shopper.put('/api/v1/basket/details', { delivery_safe_place: 'x'.repeat(500) });
      expect(await safePlace()).toEqual(['By the shed', 'Other', 'By the shed']);

      // Clearing the option clears the note (it shows only for some options).
      await shopper.put('/api/v1/basket/details', { delivery_safe_place_option: null });
      expect(await safePlace()).toEqual(['Safe place not set', null, null]);
    });
  });

  describe('delivery', () => {
    async function withAddress(
      overrides: Record<string, string | null>,
      items: [string, number][] = [['FERN-BOS', 1]],
    ) {
      const shopper = await shopperWith(items);
      const reply = await shopper.put<Data>(
        '/api/v1/basket/details',
        address('delivery_address_', overrides),
      );
      expect(reply.status).toBe(200);
      return { shopper, basket: reply.body.data };
    }

    it('sets an option that applies and prices it', async () => {
      const { shopper } = await withAddress({});
      const reply = await shopper.put<Data>('/api/v1/basket/delivery', {
        option_id: 'uk-next-day',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data.delivery_option).toEqual({ id: 'uk-next-day' });
      expect(reply.body.data.prices.delivery.amount).toBe(795);
      expect(reply.body.data.prices.total.amount).toBe(3499 + 795);
    });

    it('refuses an option that does not apply, or any before an address', async () => {
      const { shopper } = await withAddress({});
      for (const optionId of ['eu-standard', 'no-such-option']) {
        const reply = await shopper.put('/api/v1/basket/delivery', { option_id: optionId });
        expect(reply.status).toBe(422);
        expect(reply.body).toEqual({
          error_type: 'invalid_delivery_option',
          message: "That delivery option isn't valid for this basket, please choose another.",
        });
      }
      const noAddress = await shopperWith([['FERN-BOS', 1]]);
      expect(
        (await noAddress.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status,
      ).toBe(422);
      expect((await noAddress.put('/api/v1/basket/delivery', {})).body.errors).toEqual({
        option_id: ['Please choose a delivery option'],
      });
    });

    it('makes standard delivery free over £50 and shows it as Free', async () => {
      const { basket } = await withAddress({}, [['FERN-BOS', 2]]);
      const standard = basket.available_delivery_options.find((o) => o.id === 'uk-standard');
      expect(standard?.price).toMatchObject({
        amount: 0,
        label: 'Free',
        excluding_tax: { label: 'Free' },
      });
    });

    it('offers fewer, dearer options to the Highlands and Islands and Northern Ireland', async () => {
      const highlands = (
        await withAddress({ postcode: 'HS1 2AB', line_3: 'Stornoway', line_4: 'Isle of Lewis' })
      ).basket;
      expect(highlands.available_delivery_options.map((o) => o.id)).toEqual([
        'hi-standard',
        'hi-express',
      ]);
      const ni = (
        await withAddress({ postcode: 'BT1 5GS', line_3: 'Belfast', line_4: 'County Antrim' })
      ).basket;
      expect(ni.available_delivery_options.map((o) => o.id)).toEqual(['ni-standard']);
      expect(ni.tax_exempt).toBe(false);
    });

    it('charges the Channel Islands and Europe without VAT', async () => {
      const { shopper, basket } = await withAddress({
        postcode: 'JE2 3AB',
        line_3: 'St Helier',
        line_4: 'Jersey',
      });
      expect(basket.tax_exempt).toBe(true);
      expect(basket.prices_exclude_tax).toBe(true);
      expect(basket.available_delivery_options.map((o) => o.id)).toEqual(['ci-standard']);
      expect(basket.prices.items).toMatchObject({ amount: 2916, tax: { amount: 0 } });
      const chosen = await shopper.put<Data>('/api/v1/basket/delivery', {
        option_id: 'ci-standard',
      });
      expect(chosen.body.data.prices.delivery).toMatchObject({ amount: 1246, tax: { amount: 0 } });
      const france = (
        await withAddress({
          country_code: 'FRA',
          postcode: '75001',
          line_3: 'Paris',
          line_4: 'Île-de-France',
        })
      ).basket;
      expect(france.tax_exempt).toBe(true);
      expect(france.available_delivery_options.map((o) => o.id)).toEqual([
        'eu-standard',
        'eu-tracked',
      ]);
    });

    it('offers nothing to the rest of the world and drops an option that no longer applies', async () => {
      const { shopper } = await withAddress({});
      await shopper.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
      const reply = await shopper.put<Data>(
        '/api/v1/basket/details',
        address('delivery_address_', {
          country_code: 'USA',
          postcode: '10001',
          line_3: 'New York',
          line_4: 'NY',
        }),
      );
      expect(reply.body.data.available_delivery_options).toEqual([]);
      expect(reply.body.data.delivery_option).toBeNull();
    });
  });

  describe('vouchers and promotions', () => {
    it('applies WELCOME10 to items, forcing upper case', async () => {
      const shopper = await shopperWith([['OLV-120-GRY', 2]]);
      const reply = await shopper.put<Data>('/api/v1/basket/voucher', {
        voucher_code: 'welcome10',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data.voucher).toEqual({ code: 'WELCOME10', valid: true, message: null });
      expect(reply.body.data.discounts).toEqual([
        { label: 'WELCOME10: 10% off', amount: 1600, amount_label: '-£16.00' },
      ]);
      expect(reply.body.data.discounted_prices?.total).toMatchObject({
        amount: 14398,
        label: '£143.98',
      });
      expect(reply.body.data.items[0]?.discounted_total_price?.amount).toBe(14398);
    });

    it('keeps an unknown or expired code as invalid', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      for (const code of ['NOSUCH99', 'EXPIRED2024']) {
        const reply = await shopper.put<Data>('/api/v1/basket/voucher', { voucher_code: code });
        expect(reply.body.data.voucher).toEqual({ code, valid: false, message: null });
        expect(reply.body.data.discounts).toEqual([]);
        expect(reply.body.data.discounted_prices).toBeNull();
      }
    });

    it('refuses a code with other characters', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const reply = await shopper.put('/api/v1/basket/voucher', {
        voucher_code: "TEN-OFF' OR 1=1",
      });
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual({
        voucher_code: ['Please enter only capital letters and numbers'],
      });
    });

    it('applies TENOFF only over £50', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      const under = await shopper.put<Data>('/api/v1/basket/voucher', { voucher_code: 'TENOFF' });
      expect(under.body.data.voucher).toEqual({
        code: 'TENOFF',
        valid: false,
        message: 'Spend £50.00 or more on items to use this code.',
      });
      await shopper.post('/api/v1/basket', { product_id: id('FERN-BOS') });
      const over = (await shopper.get<Data>('/api/v1/basket')).body.data;
      expect(over.voucher?.valid).toBe(true);
      expect(over.discounted_prices?.total.amount).toBe(6998 - 1000);
    });

    it('makes delivery free with FREEDEL', async () => {
      const shopper = await shopperWith([['FERN-BOS', 1]]);
      await shopper.put('/api/v1/basket/details', address('delivery_address_'));
      await shopper.put('/api/v1/basket/delivery', { option_id: 'uk-next-day' });
      const reply = await shopper.put<Data>('/api/v1/basket/voucher', { voucher_code: 'FREEDEL' });
      expect(reply.body.data.discounts).toEqual([
        { label: 'FREEDEL: free delivery', amount: 795, amount_label: '-£7.95' },
      ]);
      expect(reply.body.data.discounted_prices?.total.amount).toBe(3499);
    });

    it('makes the basket free with FREEORDER, and removing the code restores it', async () => {
      const shopper = await shopperWith([['OLV-120-GRY', 1]]);
      await shopper.put('/api/v1/basket/details', address('delivery_address_'));
      await shopper.put('/api/v1/basket/delivery', { option_id: 'uk-saturday' });
      const free = await shopper.put<Data>('/api/v1/basket/voucher', { voucher_code: 'FREEORDER' });
      expect(free.body.data.discounted_prices?.total).toMatchObject({
        amount: 0,
        tax: { amount: 0 },
      });
      expect(free.body.data.payment_required).toBe(false);
      const removed = await shopper.put<Data>('/api/v1/basket/voucher', { voucher_code: null });
      expect(removed.body.data.voucher).toBeNull();
      expect(removed.body.data.payment_required).toBe(true);
      expect(removed.body.data.discounted_prices).toBeNull();
    });

    it('adds the free gift, badged, to baskets of £75 or more', async () => {
      const under = await shopperWith([['FERN-BOS', 2]]);
      expect((await under.get<Data>('/api/v1/basket')).body.data.promotion_items).toEqual([]);
      const over = await shopperWith([['OLV-120-GRY', 1]]);
      const basket = (await over.get<Data>('/api/v1/basket')).body.data;
      expect(basket.promotion_items).toEqual([
        expect.objectContaining({
          name: 'Mini Succulent in Pot',
          is_promotion_item: true,
          badge: 'Free gift',
          quantity: 1,
          total_price: expect.objectContaining({ amount: 0 }),
        }),
      ]);
      expect(basket.prices.items.amount).toBe(7999);
    });
  });
});
