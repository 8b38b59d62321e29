/**
 * The OpenAPI document (ADR 031): served, well formed, complete (every route the app
 * registers is in it), and true: complete HTTP journeys run through the app, and every
 * reply must be one the document declares for its route and status, its body valid
 * against the declared schema (JSON Schema 2020-12, ajv).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../domain/api/catalogue.ts';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import { TEST_MODE_CLIENT_API } from '../adapters/payments/test-mode.ts';
import { createTestApp, ENGINES, Shopper, type Reply, type TestApp } from '../testing/test-app.ts';
import { deliveryAddress } from '../testing/checkout.ts';
import { signedInStaff } from '../testing/staff.ts';
import { OPENAPI_PATH, openApiPath, type OpenApiDocument } from './openapi.ts';

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content: Record<string, { schema?: unknown }> }>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operations(doc: OpenApiDocument): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map(
      (method) =>
        [path, method, item[method] as unknown as Operation] as [string, string, Operation],
    ),
  );
}

/** A JSON pointer into the document, as a URI fragment ajv resolves. */
const pointer = (...tokens: string[]) =>
  '#/' +
  tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

function resolvePointer(doc: unknown, ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(token in node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/** Checks replies against the document, and counts the routes and statuses seen. */
class ReplyChecker {
  readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly seen = new Set<string>();
  private readonly templates: { path: string; pattern: RegExp; params: number }[];

  constructor(readonly doc: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc, 'openapi.json');
    this.templates = Object.keys(doc.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(
          `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}/?$`,
        ),
        params: (path.match(/\{/g) ?? []).length,
      }))
      // Fastify prefers a static segment to a parameter (/addresses/defaults before /:id).
      .sort((a, b) => a.params - b.params);
  }

  /** Fails unless the document declares this reply for this route and status. */
  check(method: string, url: string, reply: Reply) {
    const path = url.split('?')[0] ?? '';
    const template = this.templates.find((t) => t.pattern.test(path));
    const what = `${method} ${url} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
    expect(template, `no documented path for ${what}`).toBeDefined();
    const verb = method.toLowerCase();
    const operation = this.doc.paths[template!.path]?.[verb] as Operation | undefined;
    expect(operation, `no documented operation for ${what}`).toBeDefined();
    const response = operation!.responses[String(reply.status)];
    expect(response, `status not documented: ${what}`).toBeDefined();
    const contentType = String(reply.headers['content-type'] ?? '');
    const [mediaType, media] = Object.entries(response!.content)[0]!;
    expect(contentType.startsWith(mediaType), `${contentType} is not ${mediaType}: ${what}`).toBe(
      true,
    );
    if (media.schema) {
      const ref = `openapi.json${pointer('paths', template!.path, verb, 'responses', String(reply.status), 'content', mediaType, 'schema')}`;
      const validate = this.ajv.getSchema(ref);
      expect(validate, ref).toBeDefined();
      const valid = validate!(reply.body);
      expect(valid, `${what}\n${this.ajv.errorsText(validate!.errors, { separator: '\n' })}`).toBe(
        true,
      );
    }
    this.seen.add(`${verb} ${template!.path} ${reply.status}`);
  }
}

/** A browser whose every reply is checked against the document. */
class Browser extends Shopper {
  token: string | null = null;
  constructor(
    app: FastifyInstance,
    private readonly checker: ReplyChecker,
  ) {
    super(app);
  }
  override async request<T = any>(options: InjectOptions): Promise<Reply<T>> {
    const reply = await super.request<T>({
      ...options,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(options.headers ?? {}),
      },
    });
    this.checker.check(String(options.method ?? 'GET'), String(options.url), reply);
    return reply;
  }
}

const address = (prefix: string) => deliveryAddress({}, prefix);

describe('the OpenAPI document', () => {
  let test: TestApp;
  let dist: string;
  let media: string;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'openapi-dist-'));
    media = await mkdtemp(join(tmpdir(), 'openapi-media-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Everbloom</title>');
    await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(media, 'rose.webp'), 'not really a picture');
    // Every optional route on: the dev outbox and restock, media and the web app.
    test = await createTestApp(ENGINES[0]!, { devOutbox: true, webDistDir: dist, mediaDir: media });
    doc = (await test.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  });
  afterAll(async () => {
    await test.close();
    await rm(dist, { recursive: true, force: true });
    await rm(media, { recursive: true, force: true });
  });

  it('is served as JSON to anyone, cacheable for a few minutes', async () => {
    const reply = await test.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['cache-control']).toBe('public, max-age=300');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.paths['/api/v1/basket']?.get).toBeDefined();
  });

  it('is well formed: unique operation ids, declared path parameters, resolvable $refs, schemas that compile', () => {
    expect(doc.info.title).toBeTruthy();
    const all = operations(doc);
    expect(all.length).toBeGreaterThan(40);
    const ids = all.map(([, , operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, method, operation] of all) {
      const declared = (operation.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(declared, `${method} ${path}`).toEqual(inPath);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${method} ${path}`,
      ).toBe(true);
      expect(statuses.every((s) => /^[1-5]\d\d$/.test(s))).toBe(true);
    }
    for (const ref of refsIn(doc)) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolvePointer(doc, ref), ref).toBeDefined();
    }
    // Every schema compiles as JSON Schema 2020-12 (ajv refuses malformed ones).
    const checker = new ReplyChecker(doc);
    for (const [path, method, operation] of all) {
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(
          ([type, m]) => ['requestBody', 'content', type, m] as const,
        ),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.entries(response.content).map(
            ([type, m]) => ['responses', status, 'content', type, m] as const,
          ),
        ),
      ];
      for (const entry of media) {
        const m = entry[entry.length - 1] as { schema?: unknown };
        if (!m.schema) continue;
        const tokens = entry.slice(0, -1) as string[];
        const ref = `openapi.json${pointer('paths', path, method, ...tokens, 'schema')}`;
        expect(checker.ajv.getSchema(ref), ref).toBeDefined();
      }
    }
  });

  it('describes every route the app registers, but the static files and web app pages', () => {
    const files = new Set(['/index.html', '/assets/app.js']);
    const staticRoute = (url: string) => url.startsWith('/media/') || files.has(url);
    const registered = test.app.registeredRoutes.filter((route) => !staticRoute(route.url));
    // The recorder saw the routes registered first and last.
    const urls = registered.map((route) => route.url);
    expect(urls).toEqual(expect.arrayContaining(['/healthz', '/metrics', '/dev/outbox']));
    const missing = registered
      .filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // And it describes nothing else.
    expect(operations(doc).length).toBe(registered.length);
  });
});

describe.each(ENGINES)('real replies match the OpenAPI document on %s', (engine) => {
  let test: TestApp;
  let checker: ReplyChecker;
  const browser = () => new Browser(test.app, checker);
  let inStock: number;

  beforeAll(async () => {
    test = await createTestApp(engine, { devOutbox: true });
    checker = new ReplyChecker(
      (await test.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApiDocument,
    );
    const products = (await browser().get<{ data: { products: FamilyView[] } }>('/api/v1/products'))
      .body.data.products;
    const variation = products
      .flatMap((family) => family.variations)
      .find((v) => !v.preorder && !v.discontinued && v.quantity_available >= 5);
    inStock = variation!.id;
  });
  afterAll(async () => {
    console.info(`openapi journeys (${engine}): ${checker.seen.size} route+status pairs checked`);
    await test.close();
  });

  it('catalogue reads', async () => {
    const shopper = browser();
    const list = await shopper.get('/api/v1/products?sort=price_asc');
    expect(list.status).toBe(200);
    const family = list.body.data.products[0];
    expect((await shopper.get(`/api/v1/products/${family.id}`)).status).toBe(200);
    expect((await shopper.get('/api/v1/categories')).status).toBe(200);
    expect((await shopper.get('/api/v1/config')).status).toBe(200);
    expect((await shopper.get('/api/v1/health')).status).toBe(200);
    expect((await shopper.get('/healthz')).status).toBe(200);
    expect((await shopper.get('/readyz')).status).toBe(200);
    expect((await shopper.get('/metrics')).status).toBe(200);
    expect((await shopper.get(OPENAPI_PATH)).status).toBe(200);
    // Refusals: an unknown product, a bad sort.
    expect((await shopper.get('/api/v1/products/no-such-plant')).status).toBe(404);
    const badSort = await shopper.get('/api/v1/products?sort=cheapest');
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors.sort).toBeDefined();
  });

  it('a guest checkout to an order through the test-mode gateway, then tracking and reading it', async () => {
    const guest = browser();
    expect((await guest.get('/api/v1/basket')).status).toBe(200);
    const added = await guest.post('/api/v1/basket', { product_id: inStock, quantity: 2 });
    expect(added.status).toBe(200);
    const lineId = added.body.data.items[0].id;
    expect((await guest.patch(`/api/v1/basket/${lineId}`, { quantity: 1 })).status).toBe(200);
    expect((await guest.post('/api/v1/basket/share')).status).toBe(200);
    const details = await guest.put('/api/v1/basket/details', {
      email_address: 'openapi-guest@example.com',
      ...address('delivery_address_'),
    });
    expect(details.status).toBe(200);
    expect((await guest.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status).toBe(
      200,
    );
    const voucher = await guest.put('/api/v1/basket/voucher', { voucher_code: 'NOSUCHCODE' });
    expect(voucher.status).toBe(200);
    expect((await guest.put('/api/v1/basket/voucher', { voucher_code: null })).status).toBe(200);

    // The browser's payment step: a client token, a nonce for a test card, 3-D Secure.
    const token = await guest.post('/api/v1/payments/token');
    expect(token.status).toBe(200);
    const fingerprint = JSON.parse(Buffer.from(token.body.data.token, 'base64').toString())
      .authorizationFingerprint as string;
    const minted = await guest.post(`${TEST_MODE_CLIENT_API}/nonces`, {
      authorization_fingerprint: fingerprint,
      type: 'CreditCard',
      fake_nonce: 'fake-valid-visa-nonce',
      details: { cardType: 'Visa', lastFour: '1111', bin: '411111' },
    });
    expect(minted.status).toBe(200);
    const secured = await guest.post(`${TEST_MODE_CLIENT_API}/three_d_secure`, {
      authorization_fingerprint: fingerprint,
      nonce: minted.body.data.nonce,
      amount: details.body.data.prices.total.price,
      outcome: 'authenticated',
    });
    expect(secured.status).toBe(200);

    const placed = await guest.post('/api/v1/basket/order', {
      payment_method_nonce: secured.body.data.nonce,
      device_data: JSON.stringify({ correlation_id: 'a'.repeat(32) }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = await guest.get(`/api/v1/orders/${placed.body.data.public_id}`);
    expect(order.status).toBe(200);

    // Another browser tracks it by number and email, then may read it.
    const other = browser();
    const tracked = await other.post('/api/v1/orders/track', {
      order_number: order.body.data.order.order_number,
      email_address: 'openapi-guest@example.com',
    });
    expect(tracked.status).toBe(200);
    // Not a pre-order: it cannot be cancelled.
    const cancel = await other.post(`/api/v1/orders/${placed.body.data.public_id}/cancel`);
    expect(cancel.status).toBe(409);
    const wrong = await browser().post('/api/v1/orders/track', {
      order_number: order.body.data.order.order_number,
      email_address: 'someone-else@example.com',
    });
    expect(wrong.status).toBe(422);
    expect((await browser().get(`/api/v1/orders/${placed.body.data.public_id}`)).status).toBe(404);

    // The emails it sent, in the development outbox.
    const outbox = await browser().get('/api/v1/dev/outbox?to=openapi-guest@example.com');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data.emails.length).toBeGreaterThan(0);
  });

  it('an account: sign-up, login, details, addresses, orders, wishlist, buds, cards, logout', async () => {
    const customer = browser();
    const body = {
      title: 'Dr',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'openapi-grace@example.com',
      password: 'compilers-1952',
      newsletter: true,
      'cf-turnstile-response': DUMMY_TOKEN,
    };
    const registered = await customer.post('/api/v1/auth/register', body);
    expect(registered.status).toBe(200);
    // The same address again: 409 email_exists.
    expect((await browser().post('/api/v1/auth/register', body)).status).toBe(409);
    const login = await customer.post('/api/v1/auth/login', {
      email: body.email,
      password: body.password,
      'cf-turnstile-response': DUMMY_TOKEN,
      redirect_uri: '/account',
    });
    expect(login.status).toBe(200);
    customer.token = login.body.data.token;
    // Logging in while logged in: 409 authorized.
    expect(
      (
        await customer.post('/api/v1/auth/login', {
          email: body.email,
          password: body.password,
          'cf-turnstile-response': DUMMY_TOKEN,
        })
      ).status,
    ).toBe(409);

    expect((await customer.get('/api/v1/user')).status).toBe(200);
    const personal = { title: 'Dr', first_name: 'Grace', last_name: 'Hopper-Murray' };
    expect((await customer.put('/api/v1/user/personal', personal)).status).toBe(200);
    expect((await customer.put('/api/v1/user/tax', { prices_exclude_tax: true })).status).toBe(200);
    expect((await customer.put('/api/v1/user/newsletter', { newsletter: false })).status).toBe(200);
    expect(
      (await customer.put('/api/v1/user/basket-reminders', { basket_reminders: true })).status,
    ).toBe(200);

    const plain = Object.fromEntries(
      Object.entries(address('')).map(([key, value]) => [key, value]),
    );
    const created = await customer.post('/api/v1/user/addresses', plain);
    expect(created.status).toBe(200);
    const addressId = created.body.data.address.id;
    const second = await customer.post('/api/v1/user/addresses', { ...plain, line_1: '1 Mall' });
    expect(second.status).toBe(200);
    expect(
      (await customer.put(`/api/v1/user/addresses/${addressId}`, { ...plain, line_2: 'Flat 2' }))
        .status,
    ).toBe(200);
    expect(
      (
        await customer.put('/api/v1/user/addresses/defaults', {
          default_delivery_address_id: second.body.data.address.id,
          default_billing_address_id: addressId,
        })
      ).status,
    ).toBe(200);
    expect((await customer.get('/api/v1/user/addresses')).status).toBe(200);
    // Someone else's (or no) address: 404; an invalid one: 422 with field errors.
    expect((await customer.put('/api/v1/user/addresses/999999', plain)).status).toBe(404);
    const invalid = await customer.post('/api/v1/user/addresses', { ...plain, postcode: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.postcode).toBeDefined();

    // A basket as a customer, with buds, paid with a saved card.
    const basket = await customer.post('/api/v1/basket', { product_id: inStock });
    expect(basket.status).toBe(200);
    expect((await customer.post('/api/v1/basket/acquire')).status).toBe(200);
    expect(
      (await customer.put('/api/v1/basket/loyalty', { use_loyalty_points: false })).status,
    ).toBe(200);
    expect(
      (await customer.put('/api/v1/basket/details', address('delivery_address_'))).status,
    ).toBe(200);
    expect(
      (await customer.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status,
    ).toBe(200);
    const placed = await customer.post('/api/v1/basket/order', {
      payment_method_nonce:
        'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
      device_data: JSON.stringify({ correlation_id: 'b'.repeat(32) }),
      save_payment_method: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await customer.get('/api/v1/user/orders')).status).toBe(200);
    expect((await customer.get('/api/v1/user/loyalty')).status).toBe(200);
    const cards = await customer.get('/api/v1/payments/methods');
    expect(cards.status).toBe(200);
    const card = cards.body.data.payment_methods[0];
    if (card) {
      expect((await customer.put(`/api/v1/payments/methods/${card.id}/default`)).status).toBe(200);
      expect((await customer.delete(`/api/v1/payments/methods/${card.id}`)).status).toBe(200);
    }
    expect((await customer.delete('/api/v1/payments/methods/no-such-card')).status).toBe(404);
    expect(
      (await customer.post(`/api/v1/user/orders/${placed.body.data.public_id}/cancel`)).status,
    ).toBe(409);

    // The wishlist, shared and read by anyone, then withdrawn.
    expect((await customer.get('/api/v1/user/wishlist')).status).toBe(200);
    const saved = await customer.post('/api/v1/user/wishlist/items', { product_id: inStock });
    expect(saved.status).toBe(200);
    const shared = await customer.post('/api/v1/user/wishlist/share');
    expect(shared.status).toBe(200);
    const shareId = shared.body.data.wishlist.share_id;
    expect((await browser().get(`/api/v1/wishlists/${shareId}`)).status).toBe(200);
    expect((await customer.delete('/api/v1/user/wishlist/share')).status).toBe(200);
    expect((await browser().get(`/api/v1/wishlists/${shareId}`)).status).toBe(404);
    const itemId = saved.body.data.wishlist.items[0].id;
    expect((await customer.delete(`/api/v1/user/wishlist/items/${itemId}`)).status).toBe(200);
    expect((await customer.delete(`/api/v1/user/wishlist/items/${itemId}`)).status).toBe(404);

    const password = await customer.put('/api/v1/user/auth', {
      current_password: body.password,
      password: 'compilers-1953',
    });
    expect(password.status).toBe(200);
    customer.token = password.body.data.token;
    expect((await customer.post('/api/v1/auth/logout')).status).toBe(200);
    // The token no longer works: 401.
    expect((await customer.get('/api/v1/user')).status).toBe(401);
  });

  it('refusals: validation, unauthorized, not found, conflict, rate limit, unreadable bodies', async () => {
    const guest = browser();
    const invalid = await guest.post('/api/v1/basket', { product_id: 'a rose', quantity: 0 });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['quantity']));
    for (const url of [
      '/api/v1/user',
      '/api/v1/user/orders',
      '/api/v1/user/wishlist',
      '/api/v1/payments/methods',
    ]) {
      expect((await guest.get(url)).status).toBe(401);
    }
    expect((await guest.post('/api/v1/basket/acquire')).status).toBe(401);
    expect((await guest.delete('/api/v1/basket/12345')).status).toBe(404);
    expect((await guest.get('/api/v1/orders/not-an-order')).status).toBe(404);
    expect((await guest.get('/api/v1/wishlists/nothing-shared-here')).status).toBe(404);
    expect((await guest.post('/api/v1/basket/share')).status).toBe(422);
    expect(
      (await guest.post('/api/v1/products/999999/stock_notifications', { email_address: 'a@b.co' }))
        .status,
    ).toBe(404);
    // Another site's page may not write (403), nor send anything but JSON (415), nor broken JSON (400).
    expect(
      (
        await guest.request({
          method: 'POST',
          url: '/api/v1/basket',
          payload: { product_id: inStock },
          headers: { origin: 'https://elsewhere.example' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await guest.request({
          method: 'PUT',
          url: '/api/v1/basket/delivery',
          payload: 'option_id=uk-standard',
          headers: { 'content-type': 'application/xml' },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await guest.request({
          method: 'PUT',
          url: '/api/v1/basket/delivery',
          payload: '{"option_id":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await guest.put('/api/v1/basket/delivery', { option_id: 'by-carrier-pigeon' })).status,
    ).toBe(422);
    // Wrong passwords until the login is rate limited: 401 then 429.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12 && !statuses.includes(429); attempt++) {
      const reply = await browser().post('/api/v1/auth/login', {
        email: 'demo@example.com',
        password: 'not-the-password',
        'cf-turnstile-response': DUMMY_TOKEN,
      });
      statuses.push(reply.status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    expect(
      (await guest.post('/api/v1/payments/webhooks', { bt_signature: 'x', bt_payload: 'y' }))
        .status,
    ).toBe(403);
  });

  it('the back office: the audit trail, its CSV export and the dashboard', async () => {
    const staffOf = async (role: 'owner' | 'dispatcher') => {
      const signedIn = await signedInStaff(test.app, test.handle.db, role);
      const staff = browser();
      for (const [name, value] of signedIn.browser.cookies) staff.cookies.set(name, value);
      return staff;
    };
    const owner = await staffOf('owner');
    expect((await owner.get('/api/v1/admin/dashboard')).status).toBe(200);
    expect((await owner.get('/api/v1/admin/audit?limit=5')).status).toBe(200);
    expect((await owner.get('/api/v1/admin/audit?from=2026-02-31')).status).toBe(422);
    const csv = await owner.get('/api/v1/admin/audit.csv?from=2026-01-01&to=2026-01-31');
    expect(csv.status).toBe(200);
    expect((await owner.get('/api/v1/admin/audit.csv?from=2026-01-01')).status).toBe(422);
    expect((await (await staffOf('dispatcher')).get('/api/v1/admin/audit')).status).toBe(403);
    expect((await browser().get('/api/v1/admin/dashboard')).status).toBe(401);
  });

  it('the back office: a product’s pictures (ADR 063)', async () => {
    const signedIn = await signedInStaff(test.app, test.handle.db, 'owner');
    const owner = browser();
    for (const [name, value] of signedIn.browser.cookies) owner.cookies.set(name, value);
    const family = (await browser().get('/api/v1/products')).body.data.products[0];
    const base = `/api/v1/admin/products/${family.id}/pictures`;
    expect((await owner.get(base)).status).toBe(200);
    expect((await owner.put(`${base}/order`, { ids: [] })).status).toBe(200);
    expect((await owner.put(`${base}/order`, { ids: [1] })).status).toBe(422);
    expect((await owner.patch(`${base}/999999`, { alt: 'An olive tree' })).status).toBe(404);
    expect((await owner.delete(`${base}/999999`)).status).toBe(404);
    expect((await owner.post(`${base}/999999/restore`)).status).toBe(404);
    expect((await owner.post(base, { alt: 'x' })).status).toBe(415);
    expect((await owner.get('/api/v1/admin/products/999999/pictures')).status).toBe(404);
    expect((await browser().get(base)).status).toBe(401);
  });
});
