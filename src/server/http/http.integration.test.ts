import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

describe.each(ENGINES)('HTTP error handling on %s', (engine) => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    // Routes that fail the way real code can, to prove what the caller sees.
    t = await createTestApp(engine, {}, (app) => {
      app.get('/api/v1/test/crash', async () => {
        throw new Error('database exploded at /srv/secret/path.ts:12');
      });
      app.get('/api/v1/test/refuse', async () => {
        throw new AppError('rate_limit');
      });
    });
    shopper = new Shopper(t.app);
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400', async () => {
    const reply = await shopper.request({
      method: 'POST',
      url: '/api/v1/basket',
      headers: { 'content-type': 'application/json' },
      payload: '{"product_id": 1,',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error_type: 'bad_request',
      message: 'The request could not be read, please try again.',
    });
  });

  it("answers a body over its route's limit with 413", async () => {
    const reply = await shopper.request({
      method: 'PUT',
      url: '/api/v1/basket/details',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email_address: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body.error_type).toBe('payload_too_large');
  });

  it('answers an unsupported content type with 415', async () => {
    const reply = await shopper.request({
      method: 'POST',
      url: '/api/v1/basket',
      headers: { 'content-type': 'application/xml' },
      payload: '<product_id>1</product_id>',
    });
    expect(reply.status).toBe(415);
    expect(reply.body.error_type).toBe('unsupported_media_type');
  });

  it('answers unknown routes and methods with 404 Not found', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/products'],
      ['GET', '/api/v2/basket'],
    ] as const) {
      const reply = await shopper.request({ method, url });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error_type: 'not_found', message: 'Not found' });
    }
  });

  it('hides unexpected failures behind internal_error with no stack trace', async () => {
    const reply = await shopper.get('/api/v1/test/crash');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      error_type: 'internal_error',
      message: 'An error occurred, if this problem persists please contact us.',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/secret|exploded|at /);
  });

  it('reports catalogue errors with their status', async () => {
    const reply = await shopper.get('/api/v1/test/refuse');
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({
      error_type: 'rate_limit',
      message: 'This action has been attempted too many times, please try again later.',
    });
  });

  it('tags every reply with a request id, keeping a sane one from the caller', async () => {
    const made = await shopper.get('/api/v1/basket');
    expect(String(made.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await shopper.request({
      method: 'GET',
      url: '/api/v1/basket',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await shopper.request({
      method: 'GET',
      url: '/api/v1/basket',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    // A made-up id instead (asserting it lacks 'bad' would fail on a UUID such as …-4bad-…).
    expect(String(replaced.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the basket compressed to browsers that accept it', async () => {
    const browser = new Shopper(t.app);
    const products = await browser.get('/api/v1/products');
    await browser.post('/api/v1/basket', { product_id: products.body.data.products[0].id });
    const plain = await browser.get('/api/v1/basket');
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/v1/basket',
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'accept-encoding': accepted,
        },
      });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['vary']).toContain('accept-encoding');
      expect(JSON.parse(decode(reply.rawPayload).toString())).toEqual(plain.body);
    }
  });

  it('sends the product list compressed to browsers that accept it', async () => {
    const plain = await shopper.get('/api/v1/products');
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(reply.rawPayload).toString())).toEqual(plain.body);
  });

  it('sends security headers on answers and errors alike', async () => {
    const reply = await shopper.get('/api/v1/basket');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(reply.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');
    const missing = await shopper.get('/api/v1/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(String(missing.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('refuses a body that would set an object prototype, and changes nothing', async () => {
    // Sent as text: an object literal's __proto__ sets its prototype and never reaches the wire.
    const olive = await shopper.get('/api/v1/products/artificial-olive-tree');
    const product = olive.body.data.product.variations[0].id as number;
    for (const payload of [
      `{"__proto__": {"admin": true}, "product_id": ${product}, "quantity": 1}`,
      `{"constructor": {"prototype": {"admin": true}}, "product_id": ${product}, "quantity": 1}`,
    ]) {
      const guest = new Shopper(t.app);
      const reply = await guest.request({
        method: 'POST',
        url: '/api/v1/basket',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(reply.status, payload).toBe(400);
      expect(reply.body).toEqual({
        error_type: 'bad_request',
        message: 'The request could not be read, please try again.',
      });
      // Nothing was added: the guest still has no basket and the prototype is untouched.
      expect(guest.cookies.size).toBe(0);
      expect((await guest.get('/api/v1/basket')).body.data.items).toEqual([]);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    }
    // The same request without the hostile key is accepted, so the key is what was refused.
    const control = await new Shopper(t.app).request({
      method: 'POST',
      url: '/api/v1/basket',
      headers: { 'content-type': 'application/json' },
      payload: `{"product_id": ${product}, "quantity": 1}`,
    });
    expect(control.status).toBeLessThan(300);
    expect(control.body.data.items).toHaveLength(1);
  });

  it('survives a burst of hostile payloads without a 500', async () => {
    const payloads: unknown[] = [
      null,
      'string',
      42,
      { product_id: { $gt: 0 } },
      { product_id: Number.MAX_SAFE_INTEGER },
      { product_id: -1 },
      { product_id: '1; DROP TABLE products' },
      { voucher_code: ['A'] },
      { option_id: { id: 'uk-standard' } },
      { email_address: 12 },
      { delivery_address_title: ['Mr'] },
    ];
    for (const url of [
      '/api/v1/basket',
      '/api/v1/basket/details',
      '/api/v1/basket/voucher',
      '/api/v1/basket/delivery',
    ]) {
      for (const payload of payloads) {
        const method = url === '/api/v1/basket' ? 'POST' : 'PUT';
        const reply = await shopper.request({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(reply.status, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toHaveProperty('error_type');
      }
    }
  });
});
