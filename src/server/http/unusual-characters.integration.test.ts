/**
 * NUL and lone surrogates (issue 19): PostgreSQL's text refuses NUL and jsonb refuses a
 * lone surrogate, so either in any text field used to end as a 500 from the database.
 * They are refused as a validation error naming the field, before any handler runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSUAL_CHARACTERS_MESSAGE } from '../../domain/schemas/text.ts';
import { deliveryAddress } from '../testing/checkout.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

const refused = (field: string) => ({
  error_type: 'validation',
  message: expect.any(String),
  errors: { [field]: [UNUSUAL_CHARACTERS_MESSAGE] },
});

/** A JSON body as raw text, so a lone surrogate goes over the wire as `\ud800`. */
const rawJson = (text: string) => ({
  payload: text,
  headers: { 'content-type': 'application/json' },
});

describe.each(ENGINES)('NUL and lone surrogates in text on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const shopperWithBasket = async () => {
    const shopper = new Shopper(t.app);
    expect((await shopper.post('/api/v1/basket', { product_id: 2 })).status).toBe(200);
    return shopper;
  };

  it('refuses them in an address line with a message on that field, and stores nothing', async () => {
    const shopper = await shopperWithBasket();
    for (const line of ['10 Downing\u0000 Street', '10 Downing \ud800Street', '\udc0010 Downing']) {
      const reply = await shopper.put('/api/v1/basket/details', deliveryAddress({ line_1: line }));
      expect(reply.status, JSON.stringify(line)).toBe(422);
      expect(reply.body).toEqual(refused('delivery_address_line_1'));
    }
    const basket = await shopper.get('/api/v1/basket');
    expect(basket.body.data.delivery_address).toBeNull();
  });

  it('refuses a lone surrogate sent as a JSON escape', async () => {
    const shopper = await shopperWithBasket();
    const reply = await shopper.request({
      method: 'PUT',
      url: '/api/v1/basket/details',
      ...rawJson(JSON.stringify(deliveryAddress()).replace('"Ada"', '"Ada\\ud83c"')),
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused('delivery_address_first_name'));
  });

  it('refuses them in every other kind of field: emails, codes, notes, queries, paths', async () => {
    const shopper = await shopperWithBasket();
    const attempts = [
      [
        'PUT',
        '/api/v1/basket/details',
        { email_address: 'ada\u0000@example.com' },
        'email_address',
      ],
      ['PUT', '/api/v1/basket/voucher', { voucher_code: 'SPRING\u0000' }, 'voucher_code'],
      [
        'PUT',
        '/api/v1/basket/details',
        { delivery_safe_place_option: 'Other', delivery_safe_place_option_note: 'Shed\u0000' },
        'delivery_safe_place_option_note',
      ],
      [
        'POST',
        '/api/v1/orders/track',
        { order_number: 'EB-7K3Q9M2X', email_address: 'ada@example.com\u0000' },
        'email_address',
      ],
      ['GET', '/api/v1/basket/abandoned?id=%00', undefined, 'id'],
      ['GET', '/api/v1/wishlists/ab%00cd', undefined, 'shareId'],
    ] as const;
    for (const [method, url, payload, field] of attempts) {
      const reply = await shopper.request({
        method,
        url,
        ...(payload ? { payload } : {}),
      });
      expect(reply.status, `${method} ${url}`).toBe(422);
      expect(reply.body, `${method} ${url}`).toEqual(refused(field));
    }
  });

  it('keeps accepting characters beyond the basic plane (a surrogate pair is one character)', async () => {
    const shopper = await shopperWithBasket();
    const reply = await shopper.put(
      '/api/v1/basket/details',
      deliveryAddress({ line_2: 'The Fern House 🌿', company_name: 'Zoë & Søn' }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.delivery_address).toEqual(
      expect.objectContaining({ line_2: 'The Fern House 🌿', company_name: 'Zoë & Søn' }),
    );
  });
});
