/**
 * The SQL statement budget of a guest's checkout (db/statement-budget.ts; ADR 012, ADR
 * 022, issue #10): what each step sends, read from X-Sql-Statements, with reference data cached as in
 * production. A step that starts sending more fails here before it shows in
 * `npm run bench:orders`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_STATEMENT_BUDGET } from './db/statement-budget.ts';
import { STATEMENTS_HEADER } from './http/statement-count.ts';
import { createTestApp, ENGINES, Shopper, type Reply, type TestApp } from './testing/test-app.ts';

const BUDGET = CHECKOUT_STATEMENT_BUDGET;

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

const prefixed = (prefix: string) =>
  Object.fromEntries(Object.entries(ADDRESS).map(([key, value]) => [prefix + key, value]));

describe.each(ENGINES)("a guest checkout's SQL statements on %s", (engine) => {
  let app: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    app = await createTestApp(engine, { sqlStatementsHeader: true, catalogueCacheMs: 60_000 });
    const products = await new Shopper(app.app).get('/api/v1/products');
    productIds = (
      products.body.data.products as {
        variations: { id: number; quantity_available: number; preorder: boolean }[];
      }[]
    )
      .flatMap((family) => family.variations)
      .filter((v) => v.quantity_available >= 10 && !v.preorder)
      .slice(0, 2)
      .map((v) => v.id);
  });
  afterAll(() => app.close());

  /** One checkout; answers each step's status and statement count. */
  async function checkout(index: number) {
    const shopper = new Shopper(app.app);
    const steps: Record<string, { status: number; statements: number }> = {};
    const record = (step: keyof typeof BUDGET, reply: Reply<any>) => {
      steps[step] = { status: reply.status, statements: Number(reply.headers[STATEMENTS_HEADER]) };
      return reply;
    };
    record(
      'create basket',
      await shopper.post('/api/v1/basket', { product_id: productIds[0], quantity: 1 }),
    );
    record(
      'add item',
      await shopper.post('/api/v1/basket', { product_id: productIds[1], quantity: 1 }),
    );
    record(
      'details',
      await shopper.put('/api/v1/basket/details', {
        email_address: `shopper${index}@example.com`,
        ...prefixed('delivery_address_'),
        ...prefixed('billing_address_'),
      }),
    );
    const basket = record('GET basket', await shopper.get('/api/v1/basket'));
    record(
      'delivery',
      await shopper.put('/api/v1/basket/delivery', {
        option_id: basket.body.data.available_delivery_options[0].id,
      }),
    );
    record(
      'order',
      await shopper.post('/api/v1/basket/order', {
        payment_method_nonce:
          'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
        device_data: JSON.stringify({ correlation_id: 'b'.repeat(32) }),
      }),
    );
    return steps;
  }

  it('keeps every step within its budget once reference data is cached', async () => {
    expect(productIds).toHaveLength(2);
    await checkout(0); // Loads the catalogue, delivery and offers caches.
    const steps = await checkout(1);
    for (const [step, budget] of Object.entries(BUDGET)) {
      expect(steps[step]?.status, step).toBe(step === 'order' ? 201 : 200);
      expect(steps[step]?.statements, step).toBeGreaterThan(0);
      expect(steps[step]?.statements, step).toBeLessThanOrEqual(budget);
    }
  });
});
