/**
 * Authorization matrix, baskets (the routes route-inventory.ts assigns to 'baskets'). A
 * basket belongs to the browser holding its signed cookie, and a customer's basket to the
 * customer alone. Other browsers try every basket route against a signed-in owner's open
 * basket and a guest's: with no cookie, a forged one (another secret, or none), the
 * owner's browser after logging out, and another customer. Each works on its own basket
 * only: the owners' item ids are not found, links copy items and nothing else, acquiring
 * takes nobody else's basket, the owner's Idempotency-Key answers nobody else's request
 * with the owner's order, and afterwards both owners' baskets and orders are as they were.
 */
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorType } from '../../domain/errors.ts';
import { BASKET_COOKIE } from '../modules/basket/basket-cookie.ts';
import { ORDERS_COOKIE } from '../modules/order/order-cookie.ts';
import {
  Browser,
  deliveryAddress,
  DEVICE_DATA,
  FRICTIONLESS_3DS,
  variationIds,
} from '../testing/checkout.ts';
import { OWNED_ROUTES } from '../testing/route-inventory.ts';
import { createTestApp, ENGINES, type Reply, type TestApp } from '../testing/test-app.ts';

const OWNER_EMAIL = 'owner@example.com';
const GUEST_EMAIL = 'guest-owner@example.com';
const KEY = 'owners-idempotency-key-0001';
const UNKNOWN_LINK = '00000000-0000-4000-8000-000000000000';

/** The owners' ids the attempts aim at. */
interface Theirs {
  /** The signed-in owner's open basket: its id, an item, its share link. */
  basket: string;
  item: number;
  link: string;
  /** The guest owner's basket and an item of it. */
  guestBasket: string;
  guestItem: number;
  /** The owner's paid pre-order, placed with KEY. */
  order: string;
}

/**
 * stranger: a new browser; forged: a cookie for the guest's basket and the owner's
 * order signed with another secret; unsigned: the guest's basket id as a bare cookie;
 * loggedOut: the owner's own browser once they logged out; other: another customer;
 * holding, otherHolding: a guest, and a third customer, whose browser holds the owner's
 * genuine basket cookie (until their first write replaces it with their own basket's).
 */
const WHO = ['stranger', 'forged', 'unsigned', 'loggedOut', 'other'] as const;
const HOLDING = ['holding', 'otherHolding'] as const;
type Who = (typeof WHO)[number] | (typeof HOLDING)[number];

interface Attempt {
  route: keyof typeof OWNED_ROUTES;
  who: Who;
  /** What the attempt is about, when the route does not say. */
  note?: string;
  url?: (theirs: Theirs) => string;
  body?: (theirs: Theirs) => unknown;
  headers?: Record<string, string>;
  answer: 200 | [number, ErrorType];
}

/** A cookie value signed as @fastify/cookie signs, with a secret that is not the shop's. */
const forgedSignature = (value: string) =>
  `${value}.${createHmac('sha256', 'not-the-shops-secret-at-all-00000000').update(value).digest('base64').replace(/=+$/, '')}`;

function attemptsBy(who: Who): Attempt[] {
  const guest = who !== 'other' && who !== 'otherHolding';
  const NOT_FOUND: [number, ErrorType] = [404, 'not_found'];
  return [
    { route: 'GET /api/v1/basket', who, answer: 200 },
    { route: 'POST /api/v1/basket/acquire', who, answer: guest ? [401, 'unauthorized'] : 200 },
    ...(['item', 'guestItem'] as const).flatMap((whose): Attempt[] => [
      {
        route: 'PATCH /api/v1/basket/:id',
        who,
        note: whose === 'item' ? 'the owner’s item' : 'the guest’s item',
        url: (theirs) => `/api/v1/basket/${theirs[whose]}`,
        body: () => ({ quantity: 5 }),
        answer: NOT_FOUND,
      },
      {
        route: 'DELETE /api/v1/basket/:id',
        who,
        note: whose === 'item' ? 'the owner’s item' : 'the guest’s item',
        url: (theirs) => `/api/v1/basket/${theirs[whose]}`,
        answer: NOT_FOUND,
      },
    ]),
    {
      route: 'POST /api/v1/basket',
      who,
      note: 'a line that refers to the owner’s item',
      body: (theirs) => ({ product_id: 2, quantity: 1, related_item_id: theirs.item }),
      answer: [422, 'validation'],
    },
    // Each write below works on the attacker's own basket (created by the first).
    {
      route: 'POST /api/v1/basket',
      who,
      body: () => ({ product_id: 2, quantity: 1 }),
      answer: 200,
    },
    {
      route: 'PUT /api/v1/basket/details',
      who,
      body: () => deliveryAddress({ line_1: '1 Thief Lane' }),
      answer: 200,
    },
    {
      route: 'PUT /api/v1/basket/delivery',
      who,
      body: () => ({ option_id: 'uk-standard' }),
      answer: 200,
    },
    { route: 'PUT /api/v1/basket/voucher', who, body: () => ({ voucher_code: null }), answer: 200 },
    {
      route: 'PUT /api/v1/basket/loyalty',
      who,
      body: () => ({ use_loyalty_points: true }),
      answer: guest ? [401, 'unauthorized'] : 200,
    },
    {
      // The attacker's own basket, offered only their own credit (none).
      route: 'PUT /api/v1/basket/credit',
      who,
      body: () => ({ use_credit: true }),
      answer: guest ? [401, 'unauthorized'] : 200,
    },
    { route: 'POST /api/v1/basket/share', who, answer: 200 },
    {
      route: 'GET /api/v1/basket/abandoned',
      who,
      note: 'a link nobody made',
      url: () => `/api/v1/basket/abandoned?id=${UNKNOWN_LINK}`,
      answer: NOT_FOUND,
    },
    {
      // What a link is for: its items are copied in; the owner's basket stays theirs.
      route: 'GET /api/v1/basket/abandoned',
      who,
      note: 'the owner’s share link',
      url: (theirs) => `/api/v1/basket/abandoned?id=${theirs.link}`,
      answer: 200,
    },
    {
      route: 'POST /api/v1/basket/order',
      who,
      note: 'with the owner’s Idempotency-Key',
      headers: { 'idempotency-key': KEY },
      body: () => ({ payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA }),
      answer: [400, 'bad_request'],
    },
    {
      route: 'GET /api/v1/orders/:public_id',
      who,
      url: (theirs) => `/api/v1/orders/${theirs.order}`,
      answer: [404, 'order_not_found'],
    },
    {
      route: 'POST /api/v1/orders/:public_id/cancel',
      who,
      url: (theirs) => `/api/v1/orders/${theirs.order}/cancel`,
      answer: [404, 'order_not_found'],
    },
  ];
}

/** How many of attemptsBy's come before the attacker's first write. */
const BEFORE_FIRST_WRITE = 7;

const ATTEMPTS = [
  ...WHO.flatMap(attemptsBy),
  ...HOLDING.flatMap((who) => attemptsBy(who).slice(0, BEFORE_FIRST_WRITE)),
];

it('every basket route of the inventory is tried here', () => {
  const tried = new Set(ATTEMPTS.map((attempt) => attempt.route));
  const untried = Object.entries(OWNED_ROUTES)
    .filter(([route, suite]) => suite === 'baskets' && !tried.has(route as never))
    .map(([route]) => route);
  expect(untried).toEqual([]);
});

describe.each(ENGINES)('whose basket it is on %s', (engine) => {
  let t: TestApp;
  let owner: Browser;
  let guestOwner: Browser;
  const theirs = {} as Theirs;
  const attackers = {} as Record<Who, Browser>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const idOf = await variationIds(t.app);
    owner = new Browser(t.app);
    await owner.signUp(OWNER_EMAIL);

    // A paid pre-order placed with KEY, then an open basket with an address and a link.
    expect((await owner.post('/api/v1/basket', { product_id: idOf('WIS-ARCH') })).status).toBe(200);
    await owner.put('/api/v1/basket/details', deliveryAddress({ line_1: '12 Owner Street' }));
    await owner.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
    const placed = await owner.order(
      { payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA },
      { 'idempotency-key': KEY },
    );
    expect(placed.status).toBe(201);
    theirs.order = placed.body.data.public_id as string;
    const open = await owner.post('/api/v1/basket', { product_id: idOf('FERN-BOS'), quantity: 2 });
    theirs.item = open.body.data.items[0].id as number;
    await owner.put('/api/v1/basket/details', deliveryAddress({ line_1: '12 Owner Street' }));
    theirs.link = (await owner.post('/api/v1/basket/share')).body.data.id as string;

    guestOwner = new Browser(t.app);
    const guestBasket = await guestOwner.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
    theirs.guestItem = guestBasket.body.data.items[0].id as number;
    await guestOwner.put('/api/v1/basket/details', {
      email_address: GUEST_EMAIL,
      ...deliveryAddress({ line_1: '7 Guest Lane' }),
    });

    const basketOf = (email: string) =>
      t.handle.db
        .selectFrom('baskets')
        .leftJoin('users', 'users.id', 'baskets.user_id')
        .select('baskets.id')
        .where('baskets.status', '=', 'open')
        .where((eb) =>
          eb.or([eb('users.email_address', '=', email), eb('baskets.email_address', '=', email)]),
        )
        .executeTakeFirstOrThrow();
    theirs.basket = (await basketOf(OWNER_EMAIL)).id;
    theirs.guestBasket = (await basketOf(GUEST_EMAIL)).id;

    attackers.stranger = new Browser(t.app);
    attackers.forged = new Browser(t.app);
    attackers.forged.cookies.set(BASKET_COOKIE, forgedSignature(theirs.guestBasket));
    attackers.forged.cookies.set(ORDERS_COOKIE, forgedSignature(theirs.order));
    attackers.unsigned = new Browser(t.app);
    attackers.unsigned.cookies.set(BASKET_COOKIE, theirs.guestBasket);
    // The owner signs in on a shared computer, shops, and logs out.
    attackers.loggedOut = new Browser(t.app);
    await attackers.loggedOut.logIn(OWNER_EMAIL, 'a-long-enough-password');
    expect((await attackers.loggedOut.get('/api/v1/basket')).body.data.items).toHaveLength(1);
    for (const [name, value] of owner.cookies) attackers.loggedOut.cookies.set(name, value);
    expect((await attackers.loggedOut.post('/api/v1/auth/logout')).status).toBe(200);
    attackers.loggedOut.token = null;
    attackers.other = new Browser(t.app);
    await attackers.other.signUp('other@example.com');
    attackers.holding = new Browser(t.app);
    attackers.otherHolding = new Browser(t.app);
    await attackers.otherHolding.signUp('third@example.com');
    for (const holder of [attackers.holding, attackers.otherHolding])
      holder.cookies.set(BASKET_COOKIE, owner.cookies.get(BASKET_COOKIE)!);
    start = await ownersState();
  });
  afterAll(() => t.close());

  /** What the two owners see: after every attempt it must be as it was at the start. */
  const ownersState = async () => {
    const [basket, guestBasket, order, orders] = await Promise.all([
      owner.get('/api/v1/basket'),
      guestOwner.get('/api/v1/basket'),
      owner.get(`/api/v1/orders/${theirs.order}`),
      owner.get('/api/v1/user/orders'),
    ]);
    return {
      basket: basket.body as unknown,
      guestBasket: guestBasket.body as unknown,
      order: order.body as unknown,
      orders: orders.body as unknown,
    };
  };
  let start: Awaited<ReturnType<typeof ownersState>>;

  /** Strings only the owners' data holds: no attempt's answer may carry one. */
  const secrets = () => [
    OWNER_EMAIL,
    GUEST_EMAIL,
    '12 Owner Street',
    '7 Guest Lane',
    theirs.order,
    theirs.basket,
    theirs.guestBasket,
  ];

  it.each(
    ATTEMPTS.map(
      (attempt) =>
        [
          `${attempt.route} by ${attempt.who}${attempt.note ? ` (${attempt.note})` : ''}`,
          attempt,
        ] as const,
    ),
  )('%s', async (_name, attempt) => {
    const [method, path = ''] = attempt.route.split(' ');
    const body = attempt.body?.(theirs);
    const reply: Reply<any> = await attackers[attempt.who].request({
      method: method as 'GET',
      url: attempt.url?.(theirs) ?? path,
      ...(body === undefined ? {} : { payload: body as object }),
      ...(attempt.headers ? { headers: attempt.headers } : {}),
    });
    const [status, type] = typeof attempt.answer === 'number' ? [attempt.answer] : attempt.answer;
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    if (type) expect(reply.body.error_type).toBe(type);
    const text = JSON.stringify(reply.body);
    for (const secret of secrets()) expect(text, secret).not.toContain(secret);
    expect(await ownersState()).toEqual(start);
  });

  it('another customer signing in on the logged-out browser takes neither owner’s basket', async () => {
    const next = attackers.loggedOut;
    await next.logIn('other@example.com', 'a-long-enough-password');
    const basket = (await next.get('/api/v1/basket')).body;
    for (const secret of secrets()) expect(JSON.stringify(basket)).not.toContain(secret);
    expect(await ownersState()).toEqual(start);
  });

  it('one Idempotency-Key sent by two browsers at once answers each with its own basket’s outcome', async () => {
    const idOf = await variationIds(t.app);
    const shoppers = [new Browser(t.app), new Browser(t.app)];
    for (const [i, shopper] of shoppers.entries()) {
      await shopper.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
      await shopper.put('/api/v1/basket/details', {
        email_address: `racer-${i}@example.com`,
        ...deliveryAddress(),
      });
      await shopper.put('/api/v1/basket/delivery', { option_id: 'uk-standard' });
    }
    const pay = (shopper: Browser) =>
      shopper.order(
        { payment_method_nonce: FRICTIONLESS_3DS, device_data: DEVICE_DATA },
        { 'idempotency-key': 'the-same-key-from-two-browsers' },
      );
    // On PostgreSQL, hold back every order's insert until both requests have read their
    // basket (and seen no order with the key): the second insert then clashes on the key.
    // PGlite runs one statement at a time, so there the second request sees the first's order.
    const lock = t.handle.url ? new pg.Client({ connectionString: t.handle.url }) : null;
    await lock?.connect();
    await lock?.query('BEGIN; LOCK TABLE orders IN SHARE MODE');
    const replies = Promise.all(shoppers.map(pay));
    if (lock) {
      for (;;) {
        const { rows } = await lock.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (Number(rows[0]?.n) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await lock.query('COMMIT');
      await lock.end();
    }
    const answers = await replies;
    const placed = answers.find((reply) => reply.status === 201);
    const refused = answers.find((reply) => reply.status !== 201);
    expect(placed?.body.data.public_id).toEqual(expect.any(String));
    expect(refused?.status, JSON.stringify(refused?.body)).toBe(400);
    expect(refused?.body.error_type).toBe('bad_request');
    const loser = shoppers[answers.indexOf(refused!)]!;
    expect((await loser.get(`/api/v1/orders/${placed!.body.data.public_id}`)).status).toBe(404);
  });
});
