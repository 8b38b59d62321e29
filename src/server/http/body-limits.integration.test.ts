/**
 * Body limits per route and a bound on JSON depth (issue 19): a large body of nested
 * brackets held the event loop while it was parsed, so every route now reads only what
 * it needs and deep JSON is refused before parsing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_DATA, FRICTIONLESS_3DS } from '../testing/checkout.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  jsonDeeperThan,
  MAX_JSON_DEPTH,
  ROUTE_BODY_LIMITS,
} from './body-limits.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the JSON depth scan', () => {
  it('counts objects and arrays, and ignores brackets inside strings', () => {
    expect(jsonDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonDeeperThan('{"a":"[[[[{{{{","b":"\\"[[[["}', 1)).toBe(false);
  });
});

describe.each(ENGINES)('request bodies on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (shopper: Shopper, method: 'POST' | 'PUT', url: string, payload: string) =>
    shopper.request({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('reads a few KiB on ordinary routes: a larger body is 413, an ordinary one is served', async () => {
    const shopper = new Shopper(t.app);
    const padded = JSON.stringify({
      product_id: 2,
      note: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES),
    });
    const tooLarge = await send(shopper, 'POST', '/api/v1/basket', padded);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      error_type: 'payload_too_large',
      message: 'The request was too large to process.',
    });
    expect(tooLarge.headers['set-cookie']).toBeUndefined();
    const ordinary = await send(shopper, 'POST', '/api/v1/basket', '{"product_id":2}');
    expect(ordinary.status).toBe(200);
  });

  it('refuses a megabyte of nested brackets unread, and shallower-than-the-limit nesting is read as usual', async () => {
    const shopper = new Shopper(t.app);
    const attack = await send(shopper, 'PUT', '/api/v1/basket/details', nested(512 * 1024));
    expect(attack.status).toBe(413);

    const tooDeep = await send(
      shopper,
      'PUT',
      '/api/v1/basket/details',
      `{"email_address":${nested(MAX_JSON_DEPTH)}}`,
    );
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual({
      error_type: 'bad_request',
      message: 'The request could not be read, please try again.',
    });
    // At the limit the body is parsed, and validated like any other.
    const deepest = await send(
      shopper,
      'POST',
      '/api/v1/basket',
      `{"product_id":${nested(MAX_JSON_DEPTH - 1)}}`,
    );
    expect(deepest.status).toBe(422);
    expect(deepest.body.errors).toEqual({ product_id: ['Please choose a product'] });
  });

  it('still refuses prototype poisoning, as Fastify’s own parser does', async () => {
    const reply = await send(
      new Shopper(t.app),
      'POST',
      '/api/v1/basket',
      '{"product_id":2,"__proto__":{"admin":true}}',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error_type).toBe('bad_request');
  });

  it('lets the order route read a nonce and Braintree’s largest device data', async () => {
    expect(ROUTE_BODY_LIMITS['POST /api/v1/basket/order']).toBeGreaterThan(
      DEFAULT_BODY_LIMIT_BYTES,
    );
    const shopper = new Shopper(t.app);
    const reply = await send(
      shopper,
      'POST',
      '/api/v1/basket/order',
      JSON.stringify({
        payment_method_nonce: FRICTIONLESS_3DS,
        device_data: DEVICE_DATA.padEnd(16_000, ' '),
      }),
    );
    // Read and refused for what it says (no basket to order), not for its size.
    expect(reply.status).not.toBe(413);
    expect(reply.body.error_type).not.toBe('payload_too_large');
  });

  it('lets Braintree’s webhook post a notification of tens of KiB', async () => {
    const reply = await new Shopper(t.app).request({
      method: 'POST',
      url: '/api/v1/payments/webhooks',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        bt_signature: 'not-a-signature',
        bt_payload: 'A'.repeat(40 * 1024),
      }).toString(),
    });
    // Read, and refused for its signature.
    expect(reply.status).toBe(403);
  });
});
