/**
 * A paid order placed through the app, as a shopper places one, for the HTTP suites of
 * what follows a sale (refunds, returns, pending refunds, invoices): the browser that
 * paid, the order's numbers and its lines as stored, the sale settled at the test-mode
 * gateway when one is given.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '../../domain/staff.ts';
import { testModeGateway, type TestModeGateway } from '../adapters/payments/test-mode.ts';
import type { AppDeps } from '../app.ts';
import type { Db } from '../db/client.ts';
import {
  Browser,
  fillBasket,
  FRICTIONLESS_3DS,
  variationIds,
  type FillOptions,
} from './checkout.ts';
import { signedInStaff } from './staff.ts';
import { createTestApp, type EngineKind, type Shopper, type TestApp } from './test-app.ts';

export interface PaidLine {
  id: number;
  sku: string;
  quantity: number;
  total_price: number;
  product_id: number;
  is_promotion_item: boolean;
}

export interface PaidOrder {
  browser: Browser;
  email: string;
  publicId: string;
  orderNumber: string;
  orderId: number;
  transactionId: string;
  /** What the payment took (pence). */
  amount: number;
  /** The delivery charge the order priced (pence). */
  delivery: number;
  /** Every line, free gifts too, in the order's order. */
  lines: PaidLine[];
}

export interface PaidOrderRequest {
  db: Db;
  idOf: (sku: string) => number;
  items: [sku: string, quantity: number][];
  email: string;
  /** Sign up as `email` first (a customer's order), else a guest's. */
  account?: boolean;
  /** The test-mode gateway, to settle the sale at (unless `settle` is false). */
  gateway?: TestModeGateway;
  settle?: boolean;
  /** More of the basket: the delivery option, a voucher, buds or store credit. */
  basket?: Omit<FillOptions, 'email'>;
}

/** Fills a basket, pays by card (frictionless 3-D Secure, 201) and reads the order back. */
export async function placePaidOrder(
  app: FastifyInstance,
  request: PaidOrderRequest,
): Promise<PaidOrder> {
  const { db, email } = request;
  const browser = new Browser(app);
  if (request.account) await browser.signUp(email);
  await fillBasket(browser, request.idOf, request.items, { email, ...request.basket });
  const reply = await browser.pay(FRICTIONLESS_3DS);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', reply.body.data.public_id)
    .executeTakeFirstOrThrow();
  if (request.gateway && request.settle !== false) {
    expect(await request.gateway.settle(order.transaction_id!)).toBe(true);
  }
  const lines = await db
    .selectFrom('order_items')
    .select(['id', 'sku', 'quantity', 'total_price', 'product_id', 'is_promotion_item'])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  return {
    browser,
    email,
    publicId: order.public_id,
    orderNumber: order.order_number,
    orderId: order.id,
    transactionId: order.transaction_id!,
    amount: order.amount,
    delivery: (order.snapshot as { prices: { delivery: { amount: number } } }).prices.delivery
      .amount,
    lines,
  };
}

/** Variations at each VAT rate the shop sells at (standard, reduced, zero), for VAT sums. */
export const MIXED_RATES: Readonly<Record<string, number>> = {
  'FERN-BOS': 2000,
  'ZZ-60': 2000,
  'EUC-SPRAY': 500,
  'PEONY-PNK': 0,
};

/** Gives each SKU of `rates` that VAT rate (basis points) and stock for any number of orders. */
export async function stockAtRates(db: Db, rates: Readonly<Record<string, number>>) {
  for (const [sku, rate] of Object.entries(rates)) {
    await db
      .updateTable('products')
      .set({ tax_rate_bp: rate, quantity_on_hand: 100_000 })
      .where('sku', '=', sku)
      .execute();
  }
}

export interface SalesSuite<R extends StaffRole> {
  t: TestApp;
  id: (sku: string) => number;
  /** The test-mode gateway on the app's database: settles sales, shows their refunds. */
  gateway: TestModeGateway;
  /** A signed-in staff member of each role asked for. */
  staff: Record<R, Shopper>;
}

/** An app on a fresh database, the catalogue's ids, its test gateway and staff of `roles`. */
export async function salesSuite<R extends StaffRole>(
  engine: EngineKind,
  roles: R[],
  deps: Partial<AppDeps> = {},
): Promise<SalesSuite<R>> {
  const t = await createTestApp(engine, deps);
  const staff = {} as Record<R, Shopper>;
  for (const role of roles) staff[role] = (await signedInStaff(t.app, t.handle.db, role)).browser;
  return {
    t,
    id: await variationIds(t.app),
    gateway: testModeGateway({ db: t.handle.db, secret: `sales-suite-secret-${engine}-32-chars` }),
    staff,
  };
}
