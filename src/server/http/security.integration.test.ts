import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_SECRET_PASS, DUMMY_SITE_KEY } from '../adapters/captcha/test-mode.ts';
import { turnstileVerifier } from '../adapters/captcha/turnstile.ts';
import { postcoderLookup } from '../adapters/address-lookup/postcoder.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import {
  createTestApp,
  ENGINES,
  openTestDatabase,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
  type TestDatabase,
} from '../testing/test-app.ts';
import { contentSecurityDirectives } from './security.ts';

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

const FORBIDDEN = {
  error_type: 'unauthorized',
  message: 'You do not have permission to perform that action.',
};

/** Apps configured differently over one test database. */
function appsOver(engine: (typeof ENGINES)[number]) {
  let handle: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle.close();
  });
  return async (deps: Partial<AppDeps>, extend?: (app: FastifyInstance) => void) => {
    const app = await buildApp({
      db: handle.db,
      cookieSecret: TEST_COOKIE_SECRET,
      logger: false,
      ...deps,
    });
    extend?.(app);
    await app.ready();
    apps.push(app);
    return app;
  };
}

describe.each(ENGINES)('content security policy on %s', (engine) => {
  const appWith = appsOver(engine);
  let plain: FastifyInstance;
  let withTurnstile: FastifyInstance;
  beforeAll(async () => {
    plain = await appWith({});
    withTurnstile = await appWith({
      captcha: turnstileVerifier({ siteKey: DUMMY_SITE_KEY, secretKey: DUMMY_SECRET_PASS }),
    });
  });

  it('allows only the shop itself when no vendor is configured', async () => {
    const policy = policyOf(
      (await new Shopper(plain).get('/api/v1/health')).headers['content-security-policy'],
    );
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.has('frame-src')).toBe(false);
    expect(String([...policy.values()].flat())).not.toContain('cloudflare');
  });

  it("adds Turnstile's script and frame origin, and nothing else, when it is configured", async () => {
    const reply = await new Shopper(withTurnstile).get('/api/v1/config');
    expect(reply.body.data.captcha.mode).toBe('turnstile');
    const policy = policyOf(reply.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, sources] of policy) {
      if (name.startsWith('script')) expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });

  it('lets the page connect to Postcoder when a Postcoder key is configured', async () => {
    const withPostcoder = await appWith({
      addressLookup: postcoderLookup({ apiKey: 'PCW45-12345-12345-1234X' }),
    });
    const reply = await new Shopper(withPostcoder).get('/api/v1/config');
    expect(reply.body.data.address_lookup.mode).toBe('postcoder');
    const policy = policyOf(reply.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://ws.postcoder.com']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.has('frame-src')).toBe(false);
  });

  it('merges several vendors and refuses a source that is not an https origin', () => {
    const directives = contentSecurityDirectives([
      {
        'script-src': ['https://js.vendor-a.example'],
        'connect-src': ['https://api.vendor-a.example'],
      },
      { 'script-src': ['https://js.vendor-a.example', 'https://pay.vendor-b.example'] },
    ]);
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://js.vendor-a.example',
      'https://pay.vendor-b.example',
    ]);
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.vendor-a.example']);
    for (const bad of ["'unsafe-inline'", 'https:', 'http://js.vendor.example', '*']) {
      expect(() => contentSecurityDirectives([{ 'script-src': [bad] }]), bad).toThrow(
        /must be an https origin/,
      );
    }
  });
});

describe.each(ENGINES)('requests from other origins on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://shop.example' });
  });
  afterAll(() => t.close());

  const addItem = (headers: Record<string, string>) =>
    new Shopper(t.app).request({
      method: 'POST',
      url: '/api/v1/basket',
      headers,
      payload: { product_id: 2, quantity: 1 },
    });

  it('refuses a write whose Origin is another site, before it changes anything', async () => {
    const before = await t.handle.db
      .selectFrom('baskets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const origin of ['https://evil.example', 'null', 'http://shop.example']) {
      const reply = await addItem({ origin });
      expect(reply.status, origin).toBe(403);
      expect(reply.body).toEqual(FORBIDDEN);
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    const after = await t.handle.db
      .selectFrom('baskets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a write the browser marks cross-site, even without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const reply = await addItem({ 'sec-fetch-site': site });
      expect(reply.status, site).toBe(403);
      expect(reply.body).toEqual(FORBIDDEN);
    }
    const login = await new Shopper(t.app).request({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'demo@example.com', password: 'plants-demo' },
    });
    expect(login.status).toBe(403);
  });

  it('refuses the abandoned-basket link from another site, which would change the basket', async () => {
    const owner = new Shopper(t.app);
    expect((await owner.post('/api/v1/basket', { product_id: 2, quantity: 1 })).status).toBe(200);
    const shared = await owner.post('/api/v1/basket/share');
    const url = `/api/v1/basket/abandoned?id=${shared.body.data.id}`;
    const victim = new Shopper(t.app);
    const forged = await victim.request({
      method: 'GET',
      url,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual(FORBIDDEN);
    expect(victim.cookies.size).toBe(0);
    const own = await victim.request({
      method: 'GET',
      url,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.items).toHaveLength(1);
  });

  it('refuses the abandoned-basket link from another site however its path is spelt or asked', async () => {
    const owner = new Shopper(t.app);
    expect((await owner.post('/api/v1/basket', { product_id: 2, quantity: 1 })).status).toBe(200);
    const shared = await owner.post('/api/v1/basket/share');
    const victim = new Shopper(t.app);
    expect((await victim.post('/api/v1/basket', { product_id: 3, quantity: 1 })).status).toBe(200);
    const spellings = [
      ['GET', '/api/v1/basket/abandone%64'],
      ['GET', '/api/v1/basket/%61bandoned'],
      ['GET', '/api/v1/b%61sket/abandoned'],
      ['GET', '/api/v1/basket/abandoned/'],
      ['HEAD', '/api/v1/basket/abandoned'],
    ] as const;
    for (const [method, path] of spellings) {
      const forged = await victim.request({
        method,
        url: `${path}?id=${shared.body.data.id}`,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(forged.status, `${method} ${path}`).toBe(403);
    }
    // The victim's own basket is untouched: still only what they put in it.
    const basket = await victim.get('/api/v1/basket');
    expect(
      basket.body.data.items.map((i: { product: { id: number }; quantity: number }) => [
        i.product.id,
        i.quantity,
      ]),
    ).toEqual([[3, 1]]);
  });

  it("accepts the shop's own origin, its PUBLIC_URL, and callers that are not browsers", async () => {
    const own = await addItem({
      host: 'shop.internal:3000',
      origin: 'http://shop.internal:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const behindProxy = await addItem({
      host: 'shop.internal:3000',
      origin: 'https://shop.example',
    });
    expect(behindProxy.status).toBe(200);
    const typedByShopper = await addItem({ 'sec-fetch-site': 'none' });
    expect(typedByShopper.status).toBe(200);
    const curl = await addItem({});
    expect(curl.status).toBe(200);
  });

  it('lets other sites read public data, but never opens CORS', async () => {
    const read = await new Shopper(t.app).request({
      method: 'GET',
      url: '/api/v1/products',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await new Shopper(t.app).request({
      method: 'OPTIONS',
      url: '/api/v1/basket',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe.each(ENGINES)('client addresses behind a proxy on %s', (engine) => {
  const ipRoute = (app: FastifyInstance) =>
    app.get('/api/v1/test/ip', async (request) => ({ data: { ip: request.ip } }));
  const ipOf = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/v1/test/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return (reply.json() as { data: { ip: string } }).data.ip;
  };
  const appWith = appsOver(engine);
  const appTrusting = (trustProxy: false | number | string[]) => appWith({ trustProxy }, ipRoute);

  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    const t = await appTrusting(false);
    expect(await ipOf(t, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('believes only the entry the trusted load balancer added (one hop)', async () => {
    const t = await appTrusting(1);
    // The client wrote the first entry itself; the load balancer appended the second.
    expect(await ipOf(t, '10.0.0.2', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('believes X-Forwarded-For only from the listed proxy addresses', async () => {
    const t = await appTrusting(['10.0.0.0/8']);
    expect(await ipOf(t, '10.0.0.2', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // A client connecting directly cannot choose its address (and rate-limit bucket).
    expect(await ipOf(t, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });
});
