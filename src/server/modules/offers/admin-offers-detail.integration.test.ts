/**
 * A discount code's page (issue 22): its settings, the orders that used it and who used
 * it how often (by account, guests by email address whatever its capitals); and the
 * free-gift promotion's gift chosen by SKU, checked like one chosen by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import type { Shopper } from '../../testing/test-app.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';

const SKU = 'RUBBER-90';

describe.each(ENGINES)('a discount code’s page and the gift by SKU on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    await t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 1_000 })
      .where('sku', '=', SKU)
      .execute();
  });
  afterAll(() => t.close());

  async function payAsShown(browser: Browser) {
    const basket = (await browser.get<{ data: BasketView }>('/api/v1/basket')).body.data;
    const paid = await browser.pay(FRICTIONLESS_3DS, { expected_total: amountToPay(basket) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const order = await t.handle.db
      .selectFrom('orders')
      .select('order_number')
      .where('public_id', '=', paid.body.data.public_id)
      .executeTakeFirstOrThrow();
    return order.order_number;
  }

  it('lists the orders that used a code and each customer’s uses, most first', async () => {
    expect(
      (await manager.post('/api/v1/admin/vouchers', { code: 'PAGED', kind: 'fixed', value: 100 }))
        .status,
    ).toBe(201);
    const empty = (await manager.get('/api/v1/admin/vouchers/paged')).body.data;
    expect(empty).toMatchObject({ orders: [], customers: [], customer_count: 0 });

    const numbers: string[] = [];
    for (const email of ['Ann@Example.com', 'ann@example.com', 'bob@example.com']) {
      numbers.push(
        await payAsShown(
          await fillBasket(new Browser(t.app), id, [[SKU, 1]], { voucher: 'PAGED', email }),
        ),
      );
    }
    const customer = new Browser(t.app);
    const email = `paged-${Date.now()}@example.com`;
    await customer.signUp(email);
    numbers.push(
      await payAsShown(await fillBasket(customer, id, [[SKU, 1]], { voucher: 'PAGED' })),
    );
    const account = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', email)
      .executeTakeFirstOrThrow();

    const reply = await manager.get('/api/v1/admin/vouchers/PAGED');
    expect(reply.status).toBe(200);
    const detail = reply.body.data;
    expect(detail.voucher).toMatchObject({
      code: 'PAGED',
      usage: { uses: 4, discount_given: 400 },
    });
    expect(detail.orders.map((o: { order_number: string }) => o.order_number).sort()).toEqual(
      [...numbers].sort(),
    );
    expect(detail.orders[0]).toMatchObject({ status: 'paid', discount: 100 });
    expect(detail.customer_count).toBe(3);
    expect(detail.customers).toEqual([
      { user_id: null, email_address: 'ann@example.com', uses: 2 },
      { user_id: null, email_address: 'bob@example.com', uses: 1 },
      { user_id: account.id, email_address: email, uses: 1 },
    ]);
  });

  it('sets the gift by SKU, checked like one by id, with its audit record', async () => {
    const promotion = (await manager.get('/api/v1/admin/promotions')).body.data.promotions[0];
    const patch = (body: Record<string, unknown>) =>
      manager.patch(`/api/v1/admin/promotions/${promotion.id}`, body);

    const unknown = await patch({ gift_sku: 'NO-SUCH-SKU' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ gift_sku: ['No variation has the SKU NO-SUCH-SKU'] });
    const malformed = await patch({ gift_sku: 'not a sku!' });
    expect(malformed.body.errors).toHaveProperty('gift_sku');
    const both = await patch({ gift_sku: SKU, gift_product_id: id(SKU) });
    expect(both.body.errors).toHaveProperty('gift_sku');
    // A bundle, and a family, cannot be given.
    const bundle = await t.handle.db
      .selectFrom('products')
      .select(['sku', 'parent_id'])
      .where('is_bundle', '=', true)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const family = await t.handle.db
      .selectFrom('products')
      .select('sku')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    for (const sku of [bundle.sku, family.sku]) {
      const refused = await patch({ gift_sku: sku.toLowerCase() });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.gift_sku[0]).toMatch(/^Please choose a variation on sale/);
    }
    expect(
      (await manager.get(`/api/v1/admin/promotions/${promotion.id}`)).body.data.promotion,
    ).toMatchObject({ gift_product_id: promotion.gift_product_id });

    const changed = await patch({ gift_sku: ` ${SKU.toLowerCase()} ` });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.promotion).toMatchObject({ gift_product_id: id(SKU), gift_sku: SKU });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'promotion')
      .where('entity_id', '=', String(promotion.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { gift_product_id: promotion.gift_product_id },
      after: { gift_product_id: id(SKU) },
    });
  });
});
