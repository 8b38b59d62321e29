/**
 * Offers in the back office (ADR 064): discount codes created, edited and ended with
 * their audit records; bad input and duplicates refused with nothing written; usage
 * figures; uses counted exactly when orders race for a code's last uses (in all and
 * per customer); the free-gift promotion edited; and this process seeing a change at
 * once however long its offers cache lives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import {
  appOnDatabase,
  createTestApp,
  ENGINES,
  Shopper,
  type TestApp,
} from '../../testing/test-app.ts';

const DECLINED = 'fake-processor-declined-visa-nonce';
const SKU = 'RUBBER-90';

describe.each(ENGINES)('offers in the back office on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;

  beforeAll(async () => {
    t = await createTestApp(engine, { devOutbox: true });
    id = await variationIds(t.app);
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    await t.handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 1_000 })
      .where('sku', '=', SKU)
      .execute();
  });
  afterAll(() => t.close());

  const auditOf = (code: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'voucher')
      .where('entity_id', '=', code)
      .orderBy('id')
      .execute();

  const voucherRow = (code: string) =>
    t.handle.db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();

  const create = (body: Record<string, unknown>, as: Shopper = manager) =>
    as.post('/api/v1/admin/vouchers', body);

  /** Pays for the browser's basket with the total it shows. */
  async function payAsShown(browser: Browser, nonce = FRICTIONLESS_3DS) {
    const basket = (await browser.get<{ data: BasketView }>('/api/v1/basket')).body.data;
    return browser.pay(nonce, { expected_total: amountToPay(basket) });
  }

  it('creates a percentage code in UK time, with its audit record, and lists it', async () => {
    const created = await create({
      code: 'spring10',
      kind: 'percentage',
      value: 10,
      minimum_spend: 2000,
      starts_at: '2026-03-01T09:00',
      ends_at: '2026-07-01T09:00:00+01:00',
      max_uses: 100,
      max_uses_per_customer: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.voucher).toEqual({
      code: 'SPRING10',
      description: '10% off items',
      kind: 'percentage',
      includes_delivery: false,
      value: 10,
      minimum_spend: 2000,
      // 09:00 GMT on 1 March; 09:00 BST on 1 July.
      starts_at: '2026-03-01T09:00:00.000Z',
      ends_at: '2026-07-01T08:00:00.000Z',
      max_uses: 100,
      max_uses_per_customer: 1,
      active: true,
      status: expect.any(String),
      usage: { uses: 0, discount_given: 0, takings: 0 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const row = await voucherRow('SPRING10');
    expect(row).toMatchObject({ kind: 'percent_items', value: 10, min_spend: 2000, max_uses: 100 });
    const audit = await auditOf('SPRING10');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'voucher.create', before: null });
    expect(audit[0]!.after).toMatchObject({ kind: 'percent_items', value: 10 });

    const list = await manager.get('/api/v1/admin/vouchers');
    expect(list.status).toBe(200);
    const codes = list.body.data.vouchers.map((v: { code: string }) => v.code);
    expect(codes).toContain('SPRING10');
    expect(codes).toContain('WELCOME10');
    const one = await manager.get('/api/v1/admin/vouchers/spring10');
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ voucher: { code: 'SPRING10' }, orders: [] });
    expect((await manager.get('/api/v1/admin/vouchers/NOSUCH')).status).toBe(404);
  });

  it('refuses a duplicate code, an end before the start, a negative value, over 100% and bad input, writing nothing', async () => {
    const before = await t.handle.db
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const duplicate = await create({ code: 'WELCOME10', kind: 'fixed', value: 500 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      error_type: 'voucher_exists',
      errors: { code: [expect.any(String)] },
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          code: 'BACKWARDS',
          kind: 'fixed',
          value: 500,
          starts_at: '2026-12-02T09:00',
          ends_at: '2026-12-01T09:00',
        },
        'ends_at',
      ],
      [{ code: 'NEGATIVE', kind: 'fixed', value: -5 }, 'value'],
      [{ code: 'TOOMUCH', kind: 'percentage', value: 150 }, 'value'],
      [{ code: 'NOKIND', kind: 'half', value: 5 }, 'kind'],
      [{ code: 'BAD CODE!', kind: 'fixed', value: 5 }, 'code'],
      [{ code: 'LOWSPEND', kind: 'fixed', value: 5, minimum_spend: -1 }, 'minimum_spend'],
      [{ code: 'BADDATE', kind: 'fixed', value: 5, starts_at: '2026-02-31T09:00' }, 'starts_at'],
      [{ code: 'NOUSES', kind: 'fixed', value: 5, max_uses: 0 }, 'max_uses'],
    ];
    for (const [body, field] of cases) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(Object.keys(reply.body.errors)).toContain(field);
    }
    const after = await t.handle.db
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps markup in a description as text', async () => {
    const reply = await create({
      code: 'MARKUP',
      kind: 'free_delivery',
      description: '<script>alert(1)</script> free delivery',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.voucher.description).toBe('<script>alert(1)</script> free delivery');
    expect(reply.body.data.voucher.value).toBe(0);
  });

  it('edits and ends a code, each change audited, and the basket treats an ended code as invalid', async () => {
    expect((await create({ code: 'EDITME', kind: 'fixed', value: 500 })).status).toBe(201);
    const shopper = await fillBasket(new Browser(t.app), id, [[SKU, 1]], { voucher: 'EDITME' });
    let basket = (await shopper.get('/api/v1/basket')).body.data;
    expect(basket.voucher).toMatchObject({ code: 'EDITME', valid: true });
    expect(basket.discounts[0].amount).toBe(500);

    const edited = await manager.patch('/api/v1/admin/vouchers/EDITME', {
      kind: 'percentage',
      value: 20,
      includes_delivery: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.voucher).toMatchObject({
      kind: 'percentage',
      includes_delivery: true,
      value: 20,
      description: '20% off the whole order',
    });
    basket = (await shopper.get('/api/v1/basket')).body.data;
    expect(basket.voucher).toMatchObject({ code: 'EDITME', valid: true });
    expect(basket.discounts[0].label).toBe('EDITME: 20% off your order');

    const tooMuch = await manager.patch('/api/v1/admin/vouchers/EDITME', { value: 101 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.value).toBeDefined();
    const unknownField = await manager.patch('/api/v1/admin/vouchers/EDITME', { code: 'OTHER' });
    expect(unknownField.status).toBe(422);

    const ended = await manager.patch('/api/v1/admin/vouchers/EDITME', {
      ends_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(ended.status).toBe(200);
    expect(ended.body.data.voucher.status).toBe('ended');
    basket = (await shopper.get('/api/v1/basket')).body.data;
    expect(basket.voucher).toMatchObject({ code: 'EDITME', valid: false });
    expect(basket.discounts).toEqual([]);

    const audit = await auditOf('EDITME');
    expect(audit.map((a) => a.action)).toEqual([
      'voucher.create',
      'voucher.update',
      'voucher.update',
    ]);
    expect(audit[1]!.before).toMatchObject({ kind: 'fixed_items', value: 500 });
    expect(audit[1]!.after).toMatchObject({ kind: 'percent_order', value: 20 });
    expect((await manager.patch('/api/v1/admin/vouchers/NOSUCH', { value: 5 })).status).toBe(404);
  });

  it('counts uses exactly when orders race for a code’s last uses; a failed payment gives its use back', async () => {
    expect(
      (await create({ code: 'LASTTHREE', kind: 'fixed', value: 300, max_uses: 3 })).status,
    ).toBe(201);
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fillBasket(new Browser(t.app), id, [[SKU, 1]], {
          voucher: 'LASTTHREE',
          email: `racer${i}@example.com`,
        }),
      ),
    );
    for (const shopper of shoppers) {
      const basket = (await shopper.get('/api/v1/basket')).body.data;
      expect(basket.voucher).toMatchObject({ valid: true });
    }
    // One declines first: its use comes back.
    expect((await payAsShown(shoppers[0]!, DECLINED)).status).toBe(422);
    const replies = await Promise.all(shoppers.slice(1).map((s) => payAsShown(s)));
    const paid = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(paid).toHaveLength(3);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('order_total_changed');
    }
    const used = await t.handle.db
      .selectFrom('orders')
      .select(['status', 'voucher_discount'])
      .where('voucher_code', '=', 'LASTTHREE')
      .execute();
    expect(used.filter((o) => o.status === 'paid')).toHaveLength(3);
    expect(used.filter((o) => o.status === 'paid').every((o) => o.voucher_discount === 300)).toBe(
      true,
    );

    // Spent: the spec's invalid-code treatment at the basket.
    const late = await fillBasket(new Browser(t.app), id, [[SKU, 1]], { voucher: 'LASTTHREE' });
    const basket = (await late.get('/api/v1/basket')).body.data;
    expect(basket.voucher).toMatchObject({ code: 'LASTTHREE', valid: false });
    expect(basket.discounts).toEqual([]);

    const figures = (await manager.get('/api/v1/admin/vouchers/LASTTHREE')).body.data;
    expect(figures.voucher).toMatchObject({
      status: 'used_up',
      usage: { uses: 3, discount_given: 900 },
    });
    expect(figures.voucher.usage.takings).toBeGreaterThan(0);
    expect(figures.orders).toHaveLength(3);

    // Raising the limit makes it usable again, at once.
    expect((await manager.patch('/api/v1/admin/vouchers/LASTTHREE', { max_uses: 4 })).status).toBe(
      200,
    );
    expect((await late.get('/api/v1/basket')).body.data.voucher).toMatchObject({ valid: true });
    expect((await payAsShown(late)).status).toBe(201);
  });

  it('counts uses per customer by email for guests and by account for customers', async () => {
    expect(
      (
        await create({
          code: 'ONCEEACH',
          kind: 'percentage',
          value: 10,
          max_uses_per_customer: 1,
        })
      ).status,
    ).toBe(201);
    const first = await fillBasket(new Browser(t.app), id, [[SKU, 1]], {
      voucher: 'ONCEEACH',
      email: 'once@example.com',
    });
    expect((await payAsShown(first)).status).toBe(201);
    // The same guest again (the address in other capitals): the basket shows the code as
    // invalid, and the order is charged as shown, without it.
    const again = await fillBasket(new Browser(t.app), id, [[SKU, 1]], {
      voucher: 'ONCEEACH',
      email: 'ONCE@example.com',
    });
    const shown = (await again.get('/api/v1/basket')).body.data;
    expect(shown.voucher).toMatchObject({ code: 'ONCEEACH', valid: false });
    expect(shown.discounts).toEqual([]);
    const placed = await payAsShown(again);
    expect(placed.status).toBe(201);
    const withoutCode = await t.handle.db
      .selectFrom('orders')
      .select(['voucher_code', 'voucher_discount'])
      .where('public_id', '=', placed.body.data.public_id)
      .executeTakeFirstOrThrow();
    expect(withoutCode).toEqual({ voucher_code: null, voucher_discount: 0 });

    // Two baskets of one new guest, both shown the discount, racing: one gets it.
    const racing = await Promise.all(
      [0, 1].map(() =>
        fillBasket(new Browser(t.app), id, [[SKU, 1]], {
          voucher: 'ONCEEACH',
          email: 'twice@example.com',
        }),
      ),
    );
    for (const basket of racing) {
      expect((await basket.get('/api/v1/basket')).body.data.voucher.valid).toBe(true);
    }
    const raced = await Promise.all(racing.map((b) => payAsShown(b)));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.status === 409)!.body.error_type).toBe('order_total_changed');

    // A customer: once on their account; the next basket shows the code invalid, and
    // an order that still expects the discount is refused.
    const customer = new Browser(t.app);
    await customer.signUp(`offers-${Date.now()}@example.com`);
    await fillBasket(customer, id, [[SKU, 1]], { voucher: 'ONCEEACH' });
    const expected = amountToPay((await customer.get('/api/v1/basket')).body.data);
    expect((await payAsShown(customer)).status).toBe(201);
    await fillBasket(customer, id, [[SKU, 1]], { voucher: 'ONCEEACH' });
    expect((await customer.get('/api/v1/basket')).body.data.voucher.valid).toBe(false);
    const stale = await customer.pay(FRICTIONLESS_3DS, { expected_total: expected });
    expect(stale.status).toBe(409);
    expect(stale.body.error_type).toBe('order_total_changed');
    // Someone else may still use it.
    const other = await fillBasket(new Browser(t.app), id, [[SKU, 1]], {
      voucher: 'ONCEEACH',
      email: 'someone-else@example.com',
    });
    expect((await payAsShown(other)).status).toBe(201);
    const uses = await t.handle.db
      .selectFrom('orders')
      .select('email_address')
      .where('voucher_code', '=', 'ONCEEACH')
      .where('status', '=', 'paid')
      .execute();
    expect(uses).toHaveLength(4);
  });

  it('edits the free-gift promotion’s threshold with its audit record', async () => {
    const list = await manager.get('/api/v1/admin/promotions');
    expect(list.status).toBe(200);
    const promotion = list.body.data.promotions[0];
    expect(promotion).toMatchObject({ kind: 'free_gift', gift_sku: expect.any(String) });
    const changed = await manager.patch(`/api/v1/admin/promotions/${promotion.id}`, {
      threshold: promotion.threshold + 500,
      badge: 'Free <b>gift</b>',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.promotion).toMatchObject({
      threshold: promotion.threshold + 500,
      badge: 'Free <b>gift</b>',
    });
    const bad = await manager.patch(`/api/v1/admin/promotions/${promotion.id}`, {
      threshold: -1,
      gift_product_id: 999_999,
    });
    expect(bad.status).toBe(422);
    const gift = await manager.patch(`/api/v1/admin/promotions/${promotion.id}`, {
      gift_product_id: 999_999,
    });
    expect(gift.status).toBe(422);
    expect(gift.body.errors.gift_product_id).toBeDefined();
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'promotion')
      .where('entity_id', '=', String(promotion.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ threshold: promotion.threshold });
    expect(audit[0]!.after).toMatchObject({ threshold: promotion.threshold + 500 });
    expect((await manager.get('/api/v1/admin/promotions/999999')).status).toBe(404);
  });

  it('refuses without a staff session (401) and without offers.manage (403)', async () => {
    const guest = new Shopper(t.app);
    expect((await guest.get('/api/v1/admin/vouchers')).status).toBe(401);
    expect((await create({ code: 'NOPE', kind: 'fixed', value: 5 }, guest)).status).toBe(401);
    for (const role of ['support', 'dispatcher'] as const) {
      const staff = (await signedInStaff(t.app, t.handle.db, role)).browser;
      expect((await staff.get('/api/v1/admin/vouchers')).status).toBe(403);
      expect((await create({ code: 'NOPE', kind: 'fixed', value: 5 }, staff)).status).toBe(403);
      expect((await staff.patch('/api/v1/admin/vouchers/WELCOME10', { value: 50 })).status).toBe(
        403,
      );
      expect((await staff.patch('/api/v1/admin/promotions/1', { threshold: 1 })).status).toBe(403);
    }
    expect(await voucherRow('NOPE')).toBeUndefined();
    expect((await voucherRow('WELCOME10'))!.value).toBe(10);
  });

  it('shows a change at once in this process however long its offers are kept', async () => {
    const cached = await appOnDatabase(t.handle.db, { catalogueCacheMs: 60_000 });
    try {
      const shopper = await fillBasket(new Browser(cached), id, [[SKU, 1]], {
        voucher: 'ATONCE',
      });
      expect((await shopper.get('/api/v1/basket')).body.data.voucher).toMatchObject({
        valid: false,
      });
      const staff = (await signedInStaff(cached, t.handle.db, 'owner')).browser;
      const made = await staff.post('/api/v1/admin/vouchers', {
        code: 'ATONCE',
        kind: 'percentage',
        value: 10,
      });
      expect(made.status).toBe(201);
      expect((await shopper.get('/api/v1/basket')).body.data.voucher).toMatchObject({
        valid: true,
      });
      expect((await staff.patch('/api/v1/admin/vouchers/ATONCE', { active: false })).status).toBe(
        200,
      );
      expect((await shopper.get('/api/v1/basket')).body.data.voucher).toMatchObject({
        valid: false,
      });
    } finally {
      await cached.close();
    }
  });
});
