/**
 * Authorization matrix. Every route the app serves is listed in route-inventory.ts: public
 * (nobody's data), development only, or someone's data, tried here (accounts, orders,
 * payments, wishlists, sign-in, stock alerts, metrics) or in
 * authorization-baskets.integration.test.ts. A route in no list fails the first test.
 *
 * Each attempt below is made by a guest or by another signed-in customer against the
 * owner's account and ids. It gets the catalogue's answer (spec section 8): a guest is
 * told to sign in (401) on account routes, another customer finds nothing (404, the same
 * answer as for an id that does not exist) or changes only their own data; no answer
 * carries anything of the owner's; and afterwards the owner's data is exactly as it was.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorType } from '../../domain/errors.ts';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import { outboxReader } from '../adapters/email/outbox.ts';
import { TEST_MODE_PUBLIC_KEY } from '../adapters/payments/test-mode.ts';
import { RESET_REQUESTED_MESSAGE } from '../modules/auth/auth.service.ts';
import {
  Browser,
  CAPTCHA_FIELD,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
} from '../testing/checkout.ts';
import { DEVELOPMENT_ROUTES, OWNED_ROUTES, PUBLIC_ROUTES } from '../testing/route-inventory.ts';
import { createTestApp, ENGINES, Shopper, type Reply, type TestApp } from '../testing/test-app.ts';

/**
 * Every route the apps in this file register, as 'METHOD /path' (HEAD left out: Fastify
 * adds one to each GET): each Fastify instance gets an onRoute hook as it is created,
 * before buildApp registers anything, so the list is the app's own.
 */
const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof Fastify>();
  const withRouteList = ((options?: object) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    });
    return app;
  }) as unknown as typeof fastify.default;
  return { ...fastify, default: withRouteList };
});

const OWNER_EMAIL = 'owner@example.com';
const OWNER_PASSWORD = 'the-owners-own-password';
const OTHER_EMAIL = 'other@example.com';
const OTHER_PASSWORD = 'a-long-enough-password';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An address for the address book. */
const SAVED = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: null,
  line_1: '12 Owner Street',
  line_2: null,
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SW1A 2AA',
  country_code: 'GBR',
  telephone: '02079460000',
  mobile: null,
};

/** The owner's ids the attempts aim at. */
interface Mine {
  order: string;
  orderNumber: string;
  card: string;
  wishlistItem: string;
  shareId: string;
  address: string;
  /** The payment vault's id for the owner (in their client token). */
  customerId: string;
  calathea: number;
  fern: number;
}

type Who = 'guest' | 'other' | 'remote';

interface Attempt {
  route: keyof typeof OWNED_ROUTES;
  /** guest: a browser not signed in; other: another customer; remote: a guest elsewhere. */
  who: Who;
  /** The URL, when not the route's own path. */
  url?: (mine: Mine) => string;
  body?: (mine: Mine) => unknown;
  headers?: Record<string, string>;
  /** The status, and the error type when it is an error. */
  answer: 200 | 201 | [number, ErrorType];
  /** Anything else the answer must show. */
  check?: (reply: Reply<any>, context: Context) => void | Promise<void>;
}

interface Context {
  mine: Mine;
  t: TestApp;
  /** The attacker's browser. */
  as: Browser;
}

const captcha = { [CAPTCHA_FIELD]: DUMMY_TOKEN };
const login = (email: string, password: string) => ({ email, password, ...captcha });
/** The vault customer a client token is for (the token is base64 JSON, as Braintree's). */
const customerIdOf = (reply: Reply<any>) =>
  (
    JSON.parse(Buffer.from(reply.body.data.token as string, 'base64').toString()) as {
      customerId?: string;
    }
  ).customerId;

/** The same request's answer for an id nobody has: a refusal must not tell them apart. */
const sameAsFor =
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  async (reply: Reply<any>, { as }: Context) => {
    const unknown = await as.request({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(reply.body).toEqual(unknown.body);
  };

const UNAUTHORIZED: [number, ErrorType] = [401, 'unauthorized'];

/**
 * The attempts, in order: each attacker is one browser throughout, so a later attempt
 * also shows what an earlier one did not give away (tracking before reading).
 */
const ATTEMPTS: Attempt[] = [
  // The customer's own details, preferences and password.
  { route: 'GET /api/v1/user', who: 'guest', answer: UNAUTHORIZED },
  { route: 'GET /api/v1/user', who: 'other', answer: 200 },
  ...(['personal', 'tax', 'newsletter', 'basket-reminders'] as const).flatMap((part): Attempt[] => {
    const body = {
      personal: { first_name: 'Mallory', last_name: 'Thief' },
      tax: { prices_exclude_tax: true },
      newsletter: { newsletter: true },
      'basket-reminders': { basket_reminders: true },
    }[part];
    const route = `PUT /api/v1/user/${part}` as const;
    return [
      { route, who: 'guest', body: () => body, answer: UNAUTHORIZED },
      {
        route,
        who: 'other',
        body: () => body,
        answer: 200,
        check: (reply) => expect(reply.body.data.email_address).toBe(OTHER_EMAIL),
      },
    ];
  }),
  ...(['guest', 'other'] as const).map((who): Attempt => ({
    route: 'PUT /api/v1/user/auth',
    who,
    // The owner's password is no key to anyone else's account.
    body: () => ({ current_password: OWNER_PASSWORD, password: 'a-stolen-new-password' }),
    answer: who === 'guest' ? UNAUTHORIZED : [422, 'validation'],
  })),
  { route: 'GET /api/v1/user/loyalty', who: 'guest', answer: UNAUTHORIZED },
  {
    route: 'GET /api/v1/user/loyalty',
    who: 'other',
    answer: 200,
    check: (reply) => expect(reply.body.data).toEqual({ balance: 0, history: [] }),
  },
  // Store credit (ADR 052): the owner holds some; another customer reads only their own.
  { route: 'GET /api/v1/user/credit', who: 'guest', answer: UNAUTHORIZED },
  {
    route: 'GET /api/v1/user/credit',
    who: 'other',
    answer: 200,
    check: (reply) => expect(reply.body.data).toEqual({ balance: 0, entries: [] }),
  },
  // UK GDPR (ADR 066): another customer exports only their own data, and the owner's
  // password erases nobody (the owner is left as they were).
  { route: 'GET /api/v1/user/export', who: 'guest', answer: UNAUTHORIZED },
  {
    route: 'GET /api/v1/user/export',
    who: 'other',
    answer: 200,
    check: (reply) => {
      expect(reply.body.data.account.email_address).toBe(OTHER_EMAIL);
      expect(JSON.stringify(reply.body)).not.toContain(OWNER_EMAIL);
    },
  },
  ...(['guest', 'other'] as const).map((who): Attempt => ({
    route: 'POST /api/v1/user/erase',
    who,
    body: () => ({ password: OWNER_PASSWORD }),
    answer: who === 'guest' ? UNAUTHORIZED : [422, 'validation'],
  })),

  // The address book.
  { route: 'GET /api/v1/user/addresses', who: 'guest', answer: UNAUTHORIZED },
  { route: 'GET /api/v1/user/addresses', who: 'other', answer: 200 },
  { route: 'POST /api/v1/user/addresses', who: 'guest', body: () => SAVED, answer: UNAUTHORIZED },
  {
    route: 'POST /api/v1/user/addresses',
    who: 'other',
    body: () => ({ ...SAVED, line_1: '1 Other Road', default_delivery: true }),
    answer: 200,
  },
  {
    route: 'PUT /api/v1/user/addresses/defaults',
    who: 'guest',
    body: (mine) => ({ default_delivery_address_id: mine.address }),
    answer: UNAUTHORIZED,
  },
  {
    // "Choose one of your saved addresses", exactly as for an id nobody has.
    route: 'PUT /api/v1/user/addresses/defaults',
    who: 'other',
    body: (mine) => ({
      default_delivery_address_id: mine.address,
      default_billing_address_id: mine.address,
    }),
    answer: [422, 'validation'],
    check: sameAsFor('PUT', '/api/v1/user/addresses/defaults', {
      default_delivery_address_id: 999_999,
      default_billing_address_id: 999_999,
    }),
  },
  ...(['guest', 'other'] as const).map((who): Attempt => ({
    route: 'PUT /api/v1/user/addresses/:id',
    who,
    url: (mine) => `/api/v1/user/addresses/${mine.address}`,
    body: () => ({ ...SAVED, line_1: '1 Thief Lane', default_delivery: true }),
    answer: who === 'guest' ? UNAUTHORIZED : [404, 'not_found'],
    ...(who === 'other'
      ? {
          check: sameAsFor('PUT', '/api/v1/user/addresses/999999', {
            ...SAVED,
            line_1: '1 Thief Lane',
          }),
        }
      : {}),
  })),

  // Orders: history, tracking (needs the number and the email ordered with), reading and
  // cancelling. The owner's order is a paid pre-order, so a cancel that got through would
  // change it.
  { route: 'GET /api/v1/user/orders', who: 'guest', answer: UNAUTHORIZED },
  {
    route: 'GET /api/v1/user/orders',
    who: 'other',
    answer: 200,
    check: (reply) => expect(reply.body.data.orders).toEqual([]),
  },
  ...(['guest', 'other'] as const).flatMap((who): Attempt[] => [
    {
      route: 'POST /api/v1/orders/track',
      who,
      body: (mine) => ({ order_number: mine.orderNumber, email_address: OTHER_EMAIL }),
      answer: [422, 'order_tracking_verification_failed'],
    },
    {
      route: 'GET /api/v1/orders/:public_id',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}`,
      answer: [404, 'order_not_found'],
      check: sameAsFor('GET', `/api/v1/orders/${UNKNOWN_ID}`),
    },
    {
      route: 'POST /api/v1/orders/:public_id/cancel',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}/cancel`,
      answer: [404, 'order_not_found'],
    },
    // The order's VAT invoice and credit notes (ADR 071): as missing as the order.
    {
      route: 'GET /api/v1/orders/:public_id/invoice',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}/invoice`,
      answer: [404, 'order_not_found'],
      check: sameAsFor('GET', `/api/v1/orders/${UNKNOWN_ID}/invoice`),
    },
    {
      route: 'GET /api/v1/orders/:public_id/credit-notes/:number',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}/credit-notes/CN-000001`,
      answer: [404, 'order_not_found'],
    },
    // Returns (ADR 070): the order's returns and starting one, as missing as the order.
    {
      route: 'GET /api/v1/orders/:public_id/returns',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}/returns`,
      answer: [404, 'order_not_found'],
      check: sameAsFor('GET', `/api/v1/orders/${UNKNOWN_ID}/returns`),
    },
    {
      route: 'POST /api/v1/orders/:public_id/returns',
      who,
      url: (mine) => `/api/v1/orders/${mine.order}/returns`,
      body: () => ({ items: [{ order_item_id: 1, quantity: 1 }], reason: 'damaged' }),
      answer: [404, 'order_not_found'],
    },
    {
      route: 'POST /api/v1/user/orders/:public_id/cancel',
      who,
      url: (mine) => `/api/v1/user/orders/${mine.order}/cancel`,
      answer: who === 'guest' ? UNAUTHORIZED : [404, 'order_not_found'],
      ...(who === 'other'
        ? { check: sameAsFor('POST', `/api/v1/user/orders/${UNKNOWN_ID}/cancel`) }
        : {}),
    },
  ]),

  // Wishlists: the owner's items and sharing are theirs; a shared link shows the list
  // (first name and items) to anyone holding it, and nothing else.
  { route: 'GET /api/v1/user/wishlist', who: 'guest', answer: UNAUTHORIZED },
  { route: 'GET /api/v1/user/wishlist', who: 'other', answer: 200 },
  ...(['guest', 'other'] as const).flatMap((who): Attempt[] => [
    {
      route: 'POST /api/v1/user/wishlist/items',
      who,
      body: (mine) => ({ product_id: mine.fern }),
      answer: who === 'guest' ? UNAUTHORIZED : 200,
    },
    {
      route: 'DELETE /api/v1/user/wishlist/items/:id',
      who,
      url: (mine) => `/api/v1/user/wishlist/items/${mine.wishlistItem}`,
      answer: who === 'guest' ? UNAUTHORIZED : [404, 'wishlist_item_not_found'],
      check: sameAsFor('DELETE', '/api/v1/user/wishlist/items/999999'),
    },
    {
      route: 'POST /api/v1/user/wishlist/share',
      who,
      answer: who === 'guest' ? UNAUTHORIZED : 200,
    },
    {
      // The other customer withdraws their own link; the owner's keeps working.
      route: 'DELETE /api/v1/user/wishlist/share',
      who,
      answer: who === 'guest' ? UNAUTHORIZED : 200,
    },
  ]),
  {
    route: 'GET /api/v1/wishlists/:shareId',
    who: 'guest',
    url: (mine) => `/api/v1/wishlists/${mine.shareId}`,
    answer: 200,
    check: (reply) =>
      expect(Object.keys(reply.body.data.wishlist).sort()).toEqual(['items', 'owner_first_name']),
  },
  {
    route: 'GET /api/v1/wishlists/:shareId',
    who: 'guest',
    url: () => `/api/v1/wishlists/${'A'.repeat(24)}`,
    answer: [404, 'wishlist_not_found'],
  },

  // Payments: a client token is for the caller's own vault (or none), whatever the body
  // says; the owner's cards are not found by anyone else; forged gateway calls are refused.
  {
    route: 'POST /api/v1/payments/token',
    who: 'guest',
    body: (mine) => ({ customerId: mine.customerId, customer_id: mine.customerId }),
    answer: 200,
    check: (reply) => expect(customerIdOf(reply)).toBeUndefined(),
  },
  {
    route: 'POST /api/v1/payments/token',
    who: 'other',
    body: (mine) => ({ customerId: mine.customerId, customer_id: mine.customerId }),
    answer: 200,
    check: (reply, { mine }) => {
      expect(customerIdOf(reply)).toMatch(/^\d+$/);
      expect(customerIdOf(reply)).not.toBe(mine.customerId);
    },
  },
  { route: 'GET /api/v1/payments/methods', who: 'guest', answer: UNAUTHORIZED },
  {
    route: 'GET /api/v1/payments/methods',
    who: 'other',
    answer: 200,
    check: (reply) => expect(reply.body.data.payment_methods).toEqual([]),
  },
  ...(['guest', 'other'] as const).flatMap((who): Attempt[] => [
    {
      route: 'PUT /api/v1/payments/methods/:id/default',
      who,
      url: (mine) => `/api/v1/payments/methods/${mine.card}/default`,
      answer: who === 'guest' ? UNAUTHORIZED : [404, 'not_found'],
    },
    {
      route: 'DELETE /api/v1/payments/methods/:id',
      who,
      url: (mine) => `/api/v1/payments/methods/${mine.card}`,
      answer: who === 'guest' ? UNAUTHORIZED : [404, 'not_found'],
      check: sameAsFor('DELETE', '/api/v1/payments/methods/nocard'),
    },
  ]),
  {
    // A forged "voided" notification for the owner's order.
    route: 'POST /api/v1/payments/webhooks',
    who: 'guest',
    body: (mine) => ({
      bt_signature: `${TEST_MODE_PUBLIC_KEY}|${'0'.repeat(64)}`,
      bt_payload: Buffer.from(
        JSON.stringify({
          kind: 'transaction_voided',
          subject: {
            transaction: { id: 'x', orderId: mine.order, amount: '1.00', status: 'voided' },
          },
        }),
      ).toString('base64'),
    }),
    answer: [403, 'unauthorized'],
  },
  {
    route: 'POST /api/v1/test-mode/braintree/client_api/nonces',
    who: 'guest',
    body: () => ({
      authorization_fingerprint: 'e30.forged',
      type: 'CreditCard',
      fake_nonce: 'fake-valid-visa-nonce',
    }),
    answer: UNAUTHORIZED,
  },
  {
    route: 'POST /api/v1/test-mode/braintree/client_api/three_d_secure',
    who: 'guest',
    body: () => ({
      authorization_fingerprint: 'e30.forged',
      nonce: 'tokencc_aa_bbbbbb_cccccc_dddddd_eeeeee_fff',
      amount: '10.00',
      outcome: 'authenticated',
    }),
    answer: UNAUTHORIZED,
  },

  // Signing in, registering, resetting and signing out.
  {
    route: 'POST /api/v1/auth/login',
    who: 'guest',
    body: () => login(OWNER_EMAIL, 'a-wrong-guess-at-it'),
    answer: [401, 'invalid_login'],
  },
  {
    // Already signed in: refused before anything is checked.
    route: 'POST /api/v1/auth/login',
    who: 'other',
    body: () => login(OWNER_EMAIL, OWNER_PASSWORD),
    answer: [409, 'authorized'],
  },
  {
    route: 'POST /api/v1/auth/register',
    who: 'guest',
    body: () => ({
      first_name: 'M',
      last_name: 'T',
      email: OWNER_EMAIL,
      password: 'x'.repeat(12),
      ...captcha,
    }),
    answer: [409, 'email_exists'],
  },
  {
    // The same reply as for an unknown address; the link goes to the owner's inbox only.
    route: 'POST /api/v1/auth/reset_password',
    who: 'guest',
    body: () => ({ email: OWNER_EMAIL, ...captcha }),
    answer: 200,
    check: async (reply, { t }) => {
      expect(reply.body.data).toEqual({ message: RESET_REQUESTED_MESSAGE });
      const sent = await outboxReader(t.handle.db).list();
      expect(
        sent.filter((email) => email.subject.includes('Reset')).map((e) => e.to_address),
      ).toEqual([OWNER_EMAIL]);
    },
  },
  {
    route: 'POST /api/v1/auth/reset_password/confirm',
    who: 'guest',
    body: () => ({ token: 'A'.repeat(43), password: 'a-stolen-new-password', email: OWNER_EMAIL }),
    answer: [422, 'validation'],
  },
  {
    // Signing out a browser that is not signed in ends nobody's session.
    route: 'POST /api/v1/auth/logout',
    who: 'guest',
    headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    answer: 200,
  },

  // Back-in-stock sign-ups: anyone may sign an address up (as the spec's form does);
  // the owner's sign-up stays as it is.
  {
    route: 'POST /api/v1/products/:id/stock_notifications',
    who: 'guest',
    url: (mine) => `/api/v1/products/${mine.calathea}/stock_notifications`,
    body: () => ({ email_address: OWNER_EMAIL }),
    answer: [409, 'product_stock_notification_exists'],
  },

  // Metrics: callers on this machine only (no METRICS_TOKEN), not relayed by a proxy.
  { route: 'GET /metrics', who: 'remote', answer: UNAUTHORIZED },
  {
    route: 'GET /metrics',
    who: 'guest',
    headers: { 'x-forwarded-for': '203.0.113.7' },
    answer: UNAUTHORIZED,
  },
];

describe('the route inventory', () => {
  const lists = [PUBLIC_ROUTES, DEVELOPMENT_ROUTES, OWNED_ROUTES].map((list) => Object.keys(list));

  it('names each route once', () => {
    const all = lists.flat();
    expect(all.length).toBe(new Set(all).size);
  });

  it('every route of the owned list is tried by an attempt here, or in the baskets suite', () => {
    const tried = new Set(ATTEMPTS.map((attempt) => attempt.route));
    const untried = Object.entries(OWNED_ROUTES)
      .filter(([route, suite]) => suite === 'accounts' && !tried.has(route as never))
      .map(([route]) => route);
    expect(untried).toEqual([]);
  });
});

describe.each(ENGINES)('who may read and change what on %s', (engine) => {
  let t: TestApp;
  let files: string;
  let owner: Browser;
  const mine = {} as Mine;
  const attackers = {} as Record<Who, Browser>;

  async function customer(email: string, password: string): Promise<Browser> {
    const browser = new Browser(t.app);
    await browser.signUp(email, password);
    return browser;
  }

  beforeAll(async () => {
    // The app as a development start builds it: web build, pictures, outbox and restock.
    files = await mkdtemp(join(tmpdir(), 'everbloom-authorization-'));
    await mkdir(join(files, 'web/assets'), { recursive: true });
    await mkdir(join(files, 'media'));
    await writeFile(join(files, 'web/index.html'), '<!doctype html><title>Everbloom</title>');
    await writeFile(join(files, 'web/assets/app.js'), '');
    t = await createTestApp(engine, {
      devOutbox: true,
      webDistDir: join(files, 'web'),
      mediaDir: join(files, 'media'),
    });
    const idOf = await variationIds(t.app);
    mine.calathea = idOf('CALATHEA-60');
    mine.fern = idOf('FERN-BOS');

    owner = await customer(OWNER_EMAIL, OWNER_PASSWORD);
    attackers.other = await customer(OTHER_EMAIL, OTHER_PASSWORD);
    attackers.guest = new Browser(t.app);
    attackers.remote = new Browser(t.app);
    attackers.remote.ip = '203.0.113.7';

    // A paid pre-order, with the card saved.
    await fillBasket(owner, idOf, [['WIS-ARCH', 1]]);
    const placed = await owner.pay(FRICTIONLESS_3DS, { save_payment_method: true });
    expect(placed.status).toBe(201);
    mine.order = placed.body.data.public_id as string;
    const order = (await owner.get(`/api/v1/orders/${mine.order}`)).body.data.order;
    mine.orderNumber = order.order_number as string;
    mine.card = (await owner.get('/api/v1/payments/methods')).body.data.payment_methods[0].id;
    mine.customerId = customerIdOf(await owner.post('/api/v1/payments/token'))!;

    const wished = await owner.post('/api/v1/user/wishlist/items', { product_id: mine.fern });
    mine.wishlistItem = String(wished.body.data.wishlist.items[0].id);
    mine.shareId = (await owner.post('/api/v1/user/wishlist/share')).body.data.wishlist.share_id;
    const saved = await owner.post('/api/v1/user/addresses', SAVED);
    mine.address = String(saved.body.data.address.id);
    await t.handle.db
      .updateTable('users')
      .set({ credit_balance: 4_321 })
      .where('email_address', '=', OWNER_EMAIL)
      .execute();
    const alert = await owner.post(`/api/v1/products/${mine.calathea}/stock_notifications`, {
      email_address: OWNER_EMAIL,
    });
    expect(alert.status).toBe(201);
    start = await ownerState();
  });
  afterAll(async () => {
    await t.close();
    await rm(files, { recursive: true, force: true });
  });

  it('lists every route the app serves as public, development only, or tried here', () => {
    const listed = new Set(
      [PUBLIC_ROUTES, DEVELOPMENT_ROUTES, OWNED_ROUTES].flatMap((list) => Object.keys(list)),
    );
    // The back office's routes are tried by admin-authorization.integration.test.ts:
    // every one of them, with no session, a customer's and each staff role's.
    const isAdmin = (route: string) => route.includes(' /api/v1/admin/');
    expect([...registered].filter((route) => !listed.has(route) && !isAdmin(route))).toEqual([]);
    // And nothing listed is gone (a renamed route would leave its old name behind).
    expect([...listed].filter((route) => !registered.has(route))).toEqual([]);
  });

  /** What the owner sees: after every attempt it must be as it was at the start. */
  const ownerState = async () => {
    const read = (url: string) => owner.get(url).then((reply) => reply.body as unknown);
    const [user, addresses, orders, loyalty, credit, wishlist, shared, cards, alerts] =
      await Promise.all([
        read('/api/v1/user'),
        read('/api/v1/user/addresses'),
        read('/api/v1/user/orders'),
        read('/api/v1/user/loyalty'),
        read('/api/v1/user/credit'),
        read('/api/v1/user/wishlist'),
        new Shopper(t.app).get(`/api/v1/wishlists/${mine.shareId}`).then((reply) => reply.body),
        // Each listing mints fresh nonces for the cards: compare the cards, not the nonces.
        owner
          .get('/api/v1/payments/methods')
          .then((reply) =>
            (reply.body.data.payment_methods as Record<string, unknown>[]).map(
              ({ nonce: _nonce, ...card }) => card,
            ),
          ),
        t.handle.db
          .selectFrom('stock_notifications')
          .select(['product_id', 'claimed_at', 'sent_at'])
          .where('email_address', '=', OWNER_EMAIL)
          .execute(),
      ]);
    return { user, addresses, orders, loyalty, credit, wishlist, shared, cards, alerts };
  };
  let start: Awaited<ReturnType<typeof ownerState>>;

  /** Strings only the owner's data holds: no attempt's answer may carry one. */
  const secrets = () => [
    OWNER_EMAIL,
    mine.order,
    mine.orderNumber,
    mine.card,
    mine.shareId,
    '12 Owner Street',
    '10 Downing Street',
  ];

  it.each(ATTEMPTS.map((attempt) => [`${attempt.route} by ${attempt.who}`, attempt] as const))(
    '%s',
    async (_name, attempt) => {
      const [, path = ''] = attempt.route.split(' ');
      const body = attempt.body?.(mine);
      const reply = await attackers[attempt.who].request({
        method: attempt.route.split(' ')[0] as 'GET',
        url: attempt.url?.(mine) ?? path,
        ...(body === undefined ? {} : { payload: body as object }),
        ...(attempt.headers ? { headers: attempt.headers } : {}),
      });
      const [status, type] = typeof attempt.answer === 'number' ? [attempt.answer] : attempt.answer;
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      if (type) expect(reply.body.error_type).toBe(type);
      const text = JSON.stringify(reply.body);
      for (const secret of secrets()) expect(text, secret).not.toContain(secret);
      await attempt.check?.(reply, { mine, t, as: attackers[attempt.who] });
      expect(await ownerState()).toEqual(start);
    },
  );

  it('the other customer’s own sign-out, password reset and change end only their sessions', async () => {
    const other = attackers.other;
    // Their reset link, sent with the owner's address alongside, resets their password only.
    await new Shopper(t.app).post('/api/v1/auth/reset_password', {
      email: OTHER_EMAIL,
      ...captcha,
    });
    const email = await outboxReader(t.handle.db).latest(OTHER_EMAIL);
    const token = /token=([A-Za-z0-9_-]+)/.exec(email?.text_body ?? '')?.[1];
    const reset = await other.post('/api/v1/auth/reset_password/confirm', {
      token,
      password: 'the-others-new-password',
      email: OWNER_EMAIL,
      email_address: OWNER_EMAIL,
    });
    expect(reset.status).toBe(200);
    expect((await other.get('/api/v1/user')).status).toBe(401);
    await other.logIn(OTHER_EMAIL, 'the-others-new-password');
    const changed = await other.put('/api/v1/user/auth', {
      current_password: 'the-others-new-password',
      password: 'the-others-third-password',
    });
    expect(changed.status).toBe(200);
    other.token = changed.body.data.token as string;
    expect((await other.post('/api/v1/auth/logout')).status).toBe(200);
    expect((await other.get('/api/v1/user')).status).toBe(401);

    expect(await ownerState()).toEqual(start);
    const again = new Browser(t.app);
    await again.logIn(OWNER_EMAIL, OWNER_PASSWORD);
    expect((await again.get('/api/v1/user')).body.data.email_address).toBe(OWNER_EMAIL);
  });

  it('the owner may do what the others were refused', async () => {
    const put = await owner.put(`/api/v1/user/addresses/${mine.address}`, {
      ...SAVED,
      line_1: '14 Owner Street',
    });
    expect(put.status).toBe(200);
    expect((await owner.delete(`/api/v1/user/wishlist/items/${mine.wishlistItem}`)).status).toBe(
      200,
    );
    expect((await owner.put(`/api/v1/payments/methods/${mine.card}/default`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/payments/methods/${mine.card}`)).status).toBe(200);
    const cancelled = await owner.post(`/api/v1/user/orders/${mine.order}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.status).toBe('cancelled');
  });
});
