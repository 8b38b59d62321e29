/**
 * The security headers on every kind of reply — pages, API successes and errors (404,
 * 422, 401, 403, 429), the payment webhook, media and static assets — for a shop with no
 * vendor on plain http (development) and for one with Turnstile, Postcoder and Braintree
 * behind HTTPS (production): the policy allows the configured vendors' hosts only, never
 * inline scripts, no site may frame the shop, and HSTS is sent in production only.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import {
  DUMMY_SECRET_PASS,
  DUMMY_SITE_KEY,
  testModeVerifier,
} from '../adapters/captcha/test-mode.ts';
import { turnstileVerifier } from '../adapters/captcha/turnstile.ts';
import { postcoderLookup } from '../adapters/address-lookup/postcoder.ts';
import { braintreeContentSources, braintreeGateway } from '../adapters/payments/braintree.ts';
import type { AppDeps } from '../app.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

const INDEX =
  '<!doctype html><html lang="en-GB"><head><title>Everbloom</title></head><body><div id="root"></div></body></html>';

/** The policy header as directive → sources. */
function policyOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

interface Row {
  name: string;
  status: number;
  /** Sends the request (after any requests it needs first). */
  send: (app: TestApp['app']) => Promise<{ status: number; headers: Record<string, unknown> }>;
}

const get = (url: string) => (app: TestApp['app']) => new Shopper(app).get(url);

const ROUTES: Row[] = [
  { name: 'home page', status: 200, send: get('/') },
  { name: 'payment page', status: 200, send: get('/checkout/payment') },
  { name: 'thank-you page', status: 200, send: get('/order/thank-you/x') },
  { name: 'tracking page', status: 200, send: get('/track-order') },
  { name: 'static asset', status: 200, send: get('/assets/app-1a2b3c.js') },
  { name: 'media', status: 200, send: get('/media/olive.jpg') },
  { name: 'API GET', status: 200, send: get('/api/v1/products') },
  { name: 'API GET basket', status: 200, send: get('/api/v1/basket') },
  { name: 'API unknown route (404)', status: 404, send: get('/api/v1/no-such-thing') },
  { name: 'API unknown order (404)', status: 404, send: get('/api/v1/orders/not-an-order') },
  { name: 'API signed out (401)', status: 401, send: get('/api/v1/user') },
  {
    name: 'API POST invalid (422)',
    status: 422,
    send: (app) => new Shopper(app).post('/api/v1/basket', { product_id: 'x', quantity: -1 }),
  },
  {
    name: 'API POST created',
    status: 200,
    send: (app) => new Shopper(app).post('/api/v1/basket', { product_id: 2, quantity: 1 }),
  },
  {
    name: 'API rate-limited login (429)',
    status: 429,
    send: async (app) => {
      const shopper = new Shopper(app);
      const email = 'rate.limited@example.com';
      const same = () =>
        shopper.post('/api/v1/auth/login', {
          email,
          password: 'not-the-password',
          'cf-turnstile-response': DUMMY_TOKEN,
        });
      for (let i = 0; i < 5; i++) await same();
      return same();
    },
  },
  {
    name: 'payment webhook (unsigned: 403)',
    status: 403,
    send: (app) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/payments/webhooks',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'bt_signature=x&bt_payload=y',
        })
        .then((reply) => ({ status: reply.statusCode, headers: reply.headers })),
  },
];

describe.each(ENGINES)('security headers on every reply on %s', (engine) => {
  let distDir: string;
  let mediaDir: string;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'everbloom-sec-web-'));
    await writeFile(join(distDir, 'index.html'), INDEX);
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log(1);\n');
    mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-sec-media-'));
    await writeFile(join(mediaDir, 'olive.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await rm(distDir, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  });

  const appWith = async (deps: Partial<AppDeps>) => {
    const t = await createTestApp(engine, { webDistDir: distDir, mediaDir, ...deps });
    apps.push(t);
    return t.app;
  };

  const turnstile = turnstileVerifier({ siteKey: DUMMY_SITE_KEY, secretKey: DUMMY_SECRET_PASS });
  const braintreeScripts = braintreeContentSources('sandbox')['script-src'] ?? [];

  const configurations = [
    {
      name: 'development, no vendor',
      deps: {} satisfies Partial<AppDeps>,
      scriptSrc: ["'self'"],
      hsts: undefined,
    },
    {
      name: 'production with Turnstile, Postcoder and Braintree',
      deps: {
        secureCookies: true,
        // Turnstile's browser sources, with verification kept offline for the test.
        captcha: { ...testModeVerifier({}), contentSources: turnstile.contentSources ?? {} },
        addressLookup: postcoderLookup({ apiKey: 'PCW45-12345-12345-1234X' }),
        payments: braintreeGateway({
          environment: 'sandbox',
          merchantId: 'm',
          publicKey: 'pub',
          privateKey: 'priv',
        }),
      } satisfies Partial<AppDeps>,
      scriptSrc: [
        "'self'",
        ...new Set([...(turnstile.contentSources?.['script-src'] ?? []), ...braintreeScripts]),
      ],
      hsts: 'max-age=31536000; includeSubDomains',
    },
  ];

  describe.each(configurations)('$name', ({ deps, scriptSrc, hsts }) => {
    let app: TestApp['app'];
    beforeAll(async () => {
      app = await appWith(deps);
    });

    it.each(ROUTES)('$name', async ({ status, send }) => {
      const reply = await send(app);
      expect(reply.status).toBe(status);
      const policy = policyOf(reply.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(scriptSrc);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      for (const [name, sources] of policy) {
        if (name.startsWith('script') || name === 'default-src') {
          expect(sources, name).not.toContain("'unsafe-inline'");
          expect(sources, name).not.toContain("'unsafe-eval'");
          expect(sources, name).not.toContain('*');
        }
      }
      expect(reply.headers['strict-transport-security']).toBe(hsts);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });
});
