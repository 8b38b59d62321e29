/**
 * The lookup through the whole app: what GET /api/v1/config tells the browser, the
 * test-mode stand-in at that base, and a looked-up address carried into the basket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddressLookupConfig,
  lookupResultToAddress,
  lookupUrl,
} from '../../../domain/address-lookup.ts';
import { parseLookupReply } from '../../../domain/address-lookup-reply.ts';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { createTestApp, Shopper, type TestApp } from '../../testing/test-app.ts';
import { postcoderLookup } from './postcoder.ts';
import { TEST_MODE_LOOKUP_BASE } from './test-mode.ts';

describe('the address lookup in test mode (no POSTCODER_API_KEY)', () => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    shopper = new Shopper(t.app);
  });
  afterAll(() => t.close());

  const lookupConfig = async () =>
    (await shopper.get<{ data: { address_lookup: AddressLookupConfig } }>('/api/v1/config')).body
      .data.address_lookup;

  it('tells the browser to use the shop’s own stand-in', async () => {
    expect(await lookupConfig()).toEqual({
      mode: 'test',
      base_url: TEST_MODE_LOOKUP_BASE,
      identifier: 'Everbloom checkout',
    });
  });

  it('serves the browser’s lookup URL on that base', async () => {
    const config = await lookupConfig();
    const reply = await shopper.get(lookupUrl(config.base_url, 'ze1 0qj', config.identifier));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(
      (parseLookupReply(reply.body) ?? []).map((result) => lookupResultToAddress(result)),
    ).toContainEqual({
      company_name: 'Bressay Sound Crafts',
      line_1: 'The Old Net Store',
      line_2: 'Haaf Lane',
      line_3: 'Shetland',
      line_4: 'Shetland Islands',
      postcode: 'ZE1 0QJ',
      country_code: 'GBR',
    });
  });

  it('gives an address that, saved to the basket, brings its zone’s delivery options', async () => {
    const products = (await shopper.get<{ data: { products: FamilyView[] } }>('/api/v1/products'))
      .body.data.products;
    const variation = products
      .flatMap((family) => family.variations)
      .find((v) => v.sku === 'FERN-BOS');
    expect(
      (await shopper.post('/api/v1/basket', { product_id: variation?.id, quantity: 1 })).status,
    ).toBe(200);
    const config = await lookupConfig();
    const results = parseLookupReply(
      (await shopper.get(lookupUrl(config.base_url, 'IV2 4QW', config.identifier))).body,
    );
    const chosen = results?.[0];
    if (!chosen) throw new Error('no address for IV2 4QW');
    const address = {
      ...lookupResultToAddress(chosen),
      title: 'Mr',
      first_name: 'Angus',
      last_name: 'Fraser',
      telephone: '01463 496000',
    };
    const reply = await shopper.put<{ data: BasketView }>(
      '/api/v1/basket/details',
      Object.fromEntries(Object.entries(address).map(([k, v]) => [`delivery_address_${k}`, v])),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.delivery_address).toMatchObject({
      line_1: '1 Drumossie Crescent',
      line_3: 'Inverness',
      postcode: 'IV2 4QW',
      country_code: 'GBR',
    });
    expect(reply.body.data.available_delivery_options.map((option) => option.id)).toEqual([
      'hi-standard',
      'hi-express',
    ]);
  });
});

describe('the address lookup with a Postcoder key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      addressLookup: postcoderLookup({ apiKey: 'PCW45-12345-12345-1234X', identifier: 'Shop A' }),
    });
  });
  afterAll(() => t.close());

  it('tells the browser to call Postcoder with the key, and serves no stand-in', async () => {
    const shopper = new Shopper(t.app);
    const config = await shopper.get('/api/v1/config');
    expect(config.body.data.address_lookup).toEqual({
      mode: 'postcoder',
      base_url: 'https://ws.postcoder.com/pcw/PCW45-12345-12345-1234X',
      identifier: 'Shop A',
    });
    const standIn = await shopper.get(`${TEST_MODE_LOOKUP_BASE}/address/UK/IV2%204QW?lines=4`);
    expect(standIn.status).toBe(404);
  });
});
