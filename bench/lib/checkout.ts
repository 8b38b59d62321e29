/**
 * One shopper's complete guest checkout over HTTP, as a browser makes it (shared by
 * bench/orders and bench/load), and the database it shops in.
 *
 *   create basket  POST /api/v1/basket (first product; no cookie yet: the shop makes one)
 *   add item       POST /api/v1/basket (second product)
 *   details        PUT  /api/v1/basket/details (email, delivery and billing address)
 *   GET basket     GET  /api/v1/basket (the delivery options offered)
 *   delivery       PUT  /api/v1/basket/delivery (the first option)
 *   order          POST /api/v1/basket/order, paid with Braintree's fake 3-D Secure nonce
 *                  (the shop's gateway in test mode accepts it as the sandbox does)
 *   read order     GET  /api/v1/orders/:public_id (the thank-you page; only when asked)
 *
 * With several origins, each request goes to the next origin in turn (a load balancer
 * without sticky sessions), with the same cookies.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { http, timed, type HttpReply } from './harness.ts';

export const BASKET_PATH = '/api/v1/basket';

/** Stock given to the two products the shoppers buy. */
export const AMPLE_STOCK = 1_000_000;

/** Braintree's documented fake nonce for a card that passes 3-D Secure 2 without a challenge. */
export const THREE_DS_NONCE =
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';

export const STEPS = [
  'create basket',
  'add item',
  'details',
  'GET basket',
  'delivery',
  'order',
  'read order',
] as const;
export type Step = (typeof STEPS)[number];

const ADDRESS = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  line_1: '10 Downing Street',
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SW1A 2AA',
  country_code: 'GBR',
  telephone: '02079460000',
};

/** The demo address with each field's name prefixed (delivery_address_, billing_address_). */
export function prefixed(prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(ADDRESS).map(([key, value]) => [prefix + key, value]));
}

const DETAILS = { ...prefixed('delivery_address_'), ...prefixed('billing_address_') };

/** A step that answered what it should not. */
export class StepError extends Error {
  readonly status: number;
  readonly text: string;

  constructor(
    readonly step: Step,
    reply: { status: number; text: string },
  ) {
    super(`${step} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    this.status = reply.status;
    this.text = reply.text;
  }
}

export interface Checkout {
  ms: Partial<Record<Step, number>>;
  statements: Partial<Record<Step, number | null>>;
  /** The JSON each step answered (the bare server's bodies). */
  bodies: Partial<Record<Step, { status: number; text: string }>>;
}

export interface CheckoutOptions {
  /** false stops before the order (a shop without the order endpoint yet). */
  withOrder: boolean;
  /** Read the order back after placing it (the thank-you page). */
  readOrder?: boolean;
  /** How requests are sent: harness's `http` (fetch, HTTP/1.1) unless given, e.g. HTTP/2. */
  client?: typeof http;
}

/**
 * One shopper's checkout from an empty browser on `origin`, or on `origins` in turn
 * (starting at the `index`-th, so concurrent shoppers start on different ones).
 */
export async function checkout(
  origin: string | readonly string[],
  productIds: [number, number],
  index: number,
  settings: CheckoutOptions,
): Promise<Checkout> {
  const origins = typeof origin === 'string' ? [origin] : origin;
  let turn = index;
  const next = () => origins[turn++ % origins.length] ?? '';
  const send = settings.client ?? http;
  const result: Checkout = { ms: {}, statements: {}, bodies: {} };
  let cookie = '';
  const step = async (
    name: Step,
    expected: number[],
    send: () => Promise<HttpReply>,
  ): Promise<HttpReply> => {
    const [reply, ms] = await timed(send);
    if (!expected.includes(reply.status)) throw new StepError(name, reply);
    result.ms[name] = ms;
    result.statements[name] = reply.statements;
    result.bodies[name] = { status: reply.status, text: reply.text };
    return reply;
  };

  const created = await step('create basket', [200], () =>
    send(next(), 'POST', BASKET_PATH, { body: { product_id: productIds[0], quantity: 1 } }),
  );
  cookie = created.cookie ?? '';
  if (!cookie) throw new StepError('create basket', { ...created, text: 'no basket cookie set' });
  await step('add item', [200], () =>
    send(next(), 'POST', BASKET_PATH, {
      cookie,
      body: { product_id: productIds[1], quantity: 1 },
    }),
  );
  await step('details', [200], () =>
    send(next(), 'PUT', `${BASKET_PATH}/details`, {
      cookie,
      body: { email_address: `shopper${index}@example.com`, ...DETAILS },
    }),
  );
  const basket = await step('GET basket', [200], () =>
    send(next(), 'GET', BASKET_PATH, { cookie }),
  );
  const options = (
    JSON.parse(basket.text) as { data: { available_delivery_options: { id: string }[] } }
  ).data.available_delivery_options;
  const optionId = options[0]?.id;
  if (!optionId)
    throw new StepError('GET basket', { ...basket, text: 'no delivery option offered' });
  await step('delivery', [200], () =>
    send(next(), 'PUT', `${BASKET_PATH}/delivery`, { cookie, body: { option_id: optionId } }),
  );
  if (!settings.withOrder) return result;
  const placed = await step('order', [200, 201], () =>
    send(next(), 'POST', `${BASKET_PATH}/order`, {
      cookie,
      body: {
        payment_method_nonce: THREE_DS_NONCE,
        device_data: JSON.stringify({ correlation_id: randomBytes(16).toString('hex') }),
      },
    }),
  );
  const publicId = (JSON.parse(placed.text) as { data?: { public_id?: unknown } }).data?.public_id;
  if (typeof publicId !== 'string' || !publicId) {
    throw new StepError('order', { ...placed, text: `no public_id: ${placed.text}` });
  }
  if (settings.readOrder) {
    // The browser may read its order through the signed orders cookie the order set.
    const ordersCookie = placed.cookies.find((c) => c.startsWith('everbloom_orders='));
    const read = await step('read order', [200], () =>
      send(next(), 'GET', `/api/v1/orders/${publicId}`, {
        cookie: ordersCookie ? `${cookie}; ${ordersCookie}` : cookie,
      }),
    );
    const status = (JSON.parse(read.text) as { data?: { order?: { status?: unknown } } }).data
      ?.order?.status;
    if (status !== 'paid') {
      throw new StepError('read order', { ...read, text: `order not paid: ${read.text}` });
    }
  }
  return result;
}

/** A checkout's time: its steps' times added up (ms). */
export function total(run: Checkout): number {
  return Object.values(run.ms).reduce((sum, ms) => sum + ms, 0);
}

/**
 * Migrates and seeds the database, then gives the two in-stock products with most stock
 * (not bundles, pre-orders or discontinued) AMPLE_STOCK; answers their ids.
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<[number, number]> {
  await migrate(handle);
  await seedDemoData(handle.db);
  const chosen = await handle.db
    .selectFrom('products')
    .select('id')
    .where('is_bundle', '=', false)
    .where('is_preorder', '=', false)
    .where('discontinued', '=', false)
    .where('quantity_on_hand', '>', 0)
    .orderBy('quantity_on_hand', 'desc')
    .orderBy('id')
    .limit(2)
    .execute();
  const [first, second] = chosen.map((row) => row.id);
  if (first === undefined || second === undefined) {
    throw new Error('The demo catalogue has fewer than two products in stock');
  }
  await handle.db
    .updateTable('products')
    .set({ quantity_on_hand: AMPLE_STOCK })
    .where('id', 'in', [first, second])
    .execute();
  return [first, second];
}
