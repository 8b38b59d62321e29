/**
 * Delivery options created, retired, brought back and deleted in the back office
 * (ADR 082). A new option is offered at once; one an order used is retired, never
 * deleted: the checkout no longer offers it and a basket that had chosen it chooses
 * again, while the order keeps its name and the reports and invoice its VAT rate. The
 * last option shoppers in a covered zone can choose is never taken away. Each write has
 * its audit record; refusals change nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatIncluded, type Pence } from '../../../domain/money.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS } from '../../testing/checkout.ts';
import {
  auditOf as auditOfEntity,
  deliveryAdmin,
  offeredTo,
  shopperAt,
} from '../../testing/delivery-admin.ts';
import type { Shopper } from '../../testing/test-app.ts';
import { ENGINES, type TestApp } from '../../testing/test-app.ts';

const OPTIONS = '/api/v1/admin/delivery/options';

/** The UK day of `date` (yyyy-MM-dd). */
const ukDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe.each(ENGINES)('delivery options added, retired and deleted on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let support: Shopper;

  beforeAll(async () => {
    ({ t, id, manager, support } = await deliveryAdmin(engine));
  });
  afterAll(() => t.close());

  const optionRow = (optionId: string) =>
    t.handle.db
      .selectFrom('delivery_options')
      .selectAll()
      .where('id', '=', optionId)
      .executeTakeFirst();
  const auditOf = (optionId: string) => auditOfEntity(t.handle.db, 'delivery_option', optionId);
  const auditCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A shopper's basket with an item and a UK mainland delivery address. */
  const shopper = (postcode?: string) => shopperAt({ t, id }, postcode);
  const offered = async (browser: Browser) => (await offeredTo(browser)).map((o) => o.id);
  const listed = async (optionId: string) => {
    const zones = (await manager.get('/api/v1/admin/delivery')).body.data.zones as {
      options: { id: string }[];
    }[];
    return zones.flatMap((zone) => zone.options).find((option) => option.id === optionId);
  };
  const create = (body: Record<string, unknown>) => manager.post(OPTIONS, body);
  async function placeOrder(option: string) {
    const browser = await fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 1]], { option });
    const paid = await browser.pay(FRICTIONLESS_3DS);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    return { browser, publicId: paid.body.data.public_id as string };
  }

  it('adds an option (its id made from the zone and name), offered at once, with its audit record', async () => {
    const reply = await create({
      zone_id: 'uk-mainland',
      name: '  Sunday courier ',
      description: 'Delivered on Sunday',
      price: 1495,
      min_days: 1,
      max_days: 3,
      delivery_weekday: 7,
      reason: 'New carrier',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data.option).toEqual({
      id: 'uk-mainland-sunday-courier',
      zone_id: 'uk-mainland',
      name: 'Sunday courier',
      description: 'Delivered on Sunday',
      price: 1495,
      free_over: null,
      min_days: 1,
      max_days: 3,
      cutoff_hour: null,
      delivery_weekday: 7,
      active: true,
      tax_rate_bp: 2000,
      retired_at: null,
      used: false,
    });
    // Listed last in its zone, and offered to a shopper there on this process at once.
    const zones = (await manager.get('/api/v1/admin/delivery')).body.data.zones as {
      id: string;
      options: { id: string }[];
    }[];
    expect(zones.find((z) => z.id === 'uk-mainland')?.options.at(-1)?.id).toBe(
      'uk-mainland-sunday-courier',
    );
    expect(await offered(await shopper())).toContain('uk-mainland-sunday-courier');
    // …and not to one in another zone.
    expect(await offered(await shopper('BT1 1AA'))).not.toContain('uk-mainland-sunday-courier');
    const [audit] = await auditOf('uk-mainland-sunday-courier');
    expect(audit).toMatchObject({
      action: 'delivery.option.create',
      after: { name: 'Sunday courier', price: 1495, tax_rate_bp: 2000, zone_id: 'uk-mainland' },
      reason: 'New carrier',
    });
  });

  it('refuses a taken id (retired ones too) and bad input with per-field messages, changing nothing', async () => {
    const before = await auditCount();
    const taken = await create({
      zone_id: 'uk-mainland',
      id: 'uk-next-day',
      name: 'Another',
      price: 100,
      min_days: 1,
      max_days: 1,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      error_type: 'delivery_option_exists',
      errors: { id: [expect.stringContaining('uk-next-day is already')] },
    });
    const bad = await create({
      zone_id: 'uk-mainland',
      name: '',
      price: -1,
      min_days: 1,
      max_days: 1,
      tax_rate_bp: 1750,
      id: 'Not An Id!',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error_type).toBe('validation');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['id', 'name', 'price', 'tax_rate_bp']);
    expect(bad.body.errors.price).toEqual(['The price cannot be negative']);
    expect(bad.body.errors.tax_rate_bp[0]).toMatch(/^Please choose a VAT rate: 20%, 5%, 0%/);
    const missing = await create({ name: 'No zone', price: 100, min_days: 1 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['max_days', 'zone_id']);
    const unknownZone = await create({
      zone_id: 'atlantis',
      name: 'Boat',
      price: 100,
      min_days: 1,
      max_days: 1,
    });
    expect(unknownZone.status).toBe(422);
    expect(unknownZone.body.errors).toEqual({ zone_id: ['No delivery zone has that id'] });
    const backwards = await create({
      zone_id: 'uk-mainland',
      name: 'Backwards',
      price: 100,
      min_days: 3,
      max_days: 1,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.max_days[0]).toMatch(/cannot be fewer than the fewest/);
    expect(await optionRow('uk-mainland-backwards')).toBeUndefined();
    expect(await auditCount()).toBe(before);
  });

  it('needs delivery.manage for every option write; a refusal changes nothing', async () => {
    const before = await auditCount();
    const attempts = [
      support.post(OPTIONS, {
        zone_id: 'uk-mainland',
        name: 'Sneaky',
        price: 1,
        min_days: 1,
        max_days: 1,
      }),
      support.post(`${OPTIONS}/uk-next-day/retire`, {}),
      support.post(`${OPTIONS}/uk-next-day/restore`, {}),
      support.delete(`${OPTIONS}/uk-next-day`),
      new Browser(t.app).delete(`${OPTIONS}/uk-next-day`),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([403, 403, 403, 403, 401]);
    expect(await optionRow('uk-mainland-sneaky')).toBeUndefined();
    expect((await optionRow('uk-next-day'))?.retired_at).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it('deletes an option no order used; a basket that had chosen it chooses again', async () => {
    const made = await create({
      zone_id: 'uk-mainland',
      id: 'uk-pigeon',
      name: 'Pigeon post',
      price: 300,
      min_days: 5,
      max_days: 9,
    });
    expect(made.status).toBe(201);
    const browser = await shopper();
    expect((await browser.put('/api/v1/basket/delivery', { option_id: 'uk-pigeon' })).status).toBe(
      200,
    );
    const reply = await manager.delete(`${OPTIONS}/uk-pigeon?reason=Typo`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ option: { id: 'uk-pigeon' } });
    expect(await optionRow('uk-pigeon')).toBeUndefined();
    const basket = (await browser.get('/api/v1/basket')).body.data;
    expect(basket.delivery_option).toBeNull();
    expect(basket.available_delivery_options.map((o: { id: string }) => o.id)).not.toContain(
      'uk-pigeon',
    );
    const audits = await auditOf('uk-pigeon');
    expect(audits.map((a) => a.action)).toEqual([
      'delivery.option.create',
      'delivery.option.delete',
    ]);
    expect(audits[1]).toMatchObject({
      before: { name: 'Pigeon post', price: 300 },
      reason: 'Typo',
    });
    expect((await manager.delete(`${OPTIONS}/uk-pigeon`)).status).toBe(404);
  });

  it('retires an option an order used instead of deleting it: hidden from the checkout, still named on the order, its VAT rate in the report and invoice', async () => {
    // A 5%-rated option, so the report's delivery VAT shows which rate it was looked up at.
    const made = await create({
      zone_id: 'uk-mainland',
      id: 'uk-reduced-courier',
      name: 'Reduced courier',
      price: 1050,
      min_days: 2,
      max_days: 4,
      tax_rate_bp: 500,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { browser: orderer, publicId } = await placeOrder('uk-reduced-courier');
    expect((await listed('uk-reduced-courier')) as unknown).toMatchObject({ used: true });

    // A basket that chose it before it was retired.
    const waiting = await shopper();
    expect(
      (await waiting.put('/api/v1/basket/delivery', { option_id: 'uk-reduced-courier' })).status,
    ).toBe(200);

    const before = await auditCount();
    const refused = await manager.delete(`${OPTIONS}/uk-reduced-courier`);
    expect(refused.status).toBe(409);
    expect(refused.body.error_type).toBe('delivery_option_used');
    expect(refused.body.message).toMatch(/^Orders used Reduced courier.*Retire it instead/);
    expect(await optionRow('uk-reduced-courier')).toBeDefined();
    expect(await auditCount()).toBe(before);

    const retired = await manager.post(`${OPTIONS}/uk-reduced-courier/retire`, {
      reason: 'Carrier gone',
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    expect(retired.body.data.option).toMatchObject({
      active: false,
      used: true,
      retired_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [, audit] = await auditOf('uk-reduced-courier');
    expect(audit).toMatchObject({
      action: 'delivery.option.retire',
      before: { active: true, retired_at: null },
      after: { active: false },
      reason: 'Carrier gone',
    });

    // The checkout never offers it; the basket that had it chooses again, and choosing
    // it is the spec's invalid_delivery_option.
    expect(await offered(await shopper())).not.toContain('uk-reduced-courier');
    expect((await waiting.get('/api/v1/basket')).body.data.delivery_option).toBeNull();
    const choose = await waiting.put('/api/v1/basket/delivery', {
      option_id: 'uk-reduced-courier',
    });
    expect(choose.body).toMatchObject({
      error_type: 'invalid_delivery_option',
      message: "That delivery option isn't valid for this basket, please choose another.",
    });
    const pay = await waiting.pay(FRICTIONLESS_3DS);
    expect(pay.body.error_type).toBe('invalid_delivery_option');

    // Not editable while retired.
    const edit = await manager.patch(`${OPTIONS}/uk-reduced-courier`, { active: true });
    expect(edit.status).toBe(409);
    expect(edit.body.error_type).toBe('delivery_option_retired');

    // The order still names it; the report puts its delivery VAT at its 5%; the invoice
    // keeps the rate it was issued with.
    const order = (await orderer.get(`/api/v1/orders/${publicId}`)).body.data.order;
    expect(order.delivery_option).toMatchObject({
      id: 'uk-reduced-courier',
      name: 'Reduced courier',
    });
    const today = ukDay(new Date());
    const report = await manager.get(
      `/api/v1/admin/reports/sales?from=${today}&to=${today}&group=day`,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.totals.vat['5']).toBe(vatIncluded(1050 as Pence, 500));
    const invoice = await t.handle.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select(['invoices.delivery_rate_bp'])
      .where('orders.public_id', '=', publicId)
      .executeTakeFirst();
    expect(invoice?.delivery_rate_bp).toBe(500);

    // Retiring it again changes nothing.
    const count = await auditCount();
    expect((await manager.post(`${OPTIONS}/uk-reduced-courier/retire`, {})).status).toBe(200);
    expect(await auditCount()).toBe(count);
  });

  it('brings a retired option back closed; opened, shoppers are offered it again', async () => {
    const back = await manager.post(`${OPTIONS}/uk-reduced-courier/restore`, {
      reason: 'Carrier back',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.option).toMatchObject({ retired_at: null, active: false, used: true });
    expect(await offered(await shopper())).not.toContain('uk-reduced-courier');
    expect((await auditOf('uk-reduced-courier')).at(-1)).toMatchObject({
      action: 'delivery.option.restore',
      after: { retired_at: null, active: false },
      reason: 'Carrier back',
    });
    const open = await manager.patch(`${OPTIONS}/uk-reduced-courier`, { active: true });
    expect(open.status).toBe(200);
    expect(await offered(await shopper())).toContain('uk-reduced-courier');
  });

  it('never takes away the last option shoppers in a covered zone can choose', async () => {
    expect(
      (await manager.post('/api/v1/admin/delivery/zones', { name: 'Faroe', id: 'faroe' })).status,
    ).toBe(201);
    const only = await create({
      zone_id: 'faroe',
      id: 'faroe-boat',
      name: 'Boat',
      price: 2500,
      min_days: 5,
      max_days: 10,
    });
    expect(only.status).toBe(201);
    // Covering nowhere, the zone has nobody to strand: its option can go.
    expect((await manager.post(`${OPTIONS}/faroe-boat/retire`, {})).status).toBe(200);
    expect((await manager.post(`${OPTIONS}/faroe-boat/restore`, {})).status).toBe(200);
    expect((await manager.patch(`${OPTIONS}/faroe-boat`, { active: true })).status).toBe(200);
    expect(
      (
        await manager.put('/api/v1/admin/delivery/zones/faroe/coverage', {
          countries: ['FRO'],
          postcode_areas: [],
        })
      ).status,
    ).toBe(200);

    const before = await auditCount();
    for (const attempt of [
      manager.post(`${OPTIONS}/faroe-boat/retire`, {}),
      manager.delete(`${OPTIONS}/faroe-boat`),
    ]) {
      const reply = await attempt;
      expect(reply.status).toBe(409);
      expect(reply.body.error_type).toBe('delivery_option_last_in_zone');
      expect(reply.body.message).toMatch(/^Boat is the last delivery option shoppers in Faroe/);
    }
    expect((await optionRow('faroe-boat'))?.active).toBe(true);
    expect(await auditCount()).toBe(before);

    // With another option offered there, the first can be retired.
    expect(
      (
        await create({
          zone_id: 'faroe',
          id: 'faroe-plane',
          name: 'Plane',
          price: 4500,
          min_days: 2,
          max_days: 3,
        })
      ).status,
    ).toBe(201);
    expect((await manager.post(`${OPTIONS}/faroe-boat/retire`, {})).status).toBe(200);
    // A closed option (already offered to nobody) can always go.
    expect((await manager.patch(`${OPTIONS}/faroe-plane`, { active: false })).status).toBe(200);
    expect((await manager.delete(`${OPTIONS}/faroe-plane`)).status).toBe(200);
  });

  it('keeps a zone whose options orders used: its delete is refused', async () => {
    expect((await manager.post('/api/v1/admin/delivery/zones', { name: 'Jersey' })).status).toBe(
      201,
    );
    const made = await create({
      zone_id: 'jersey',
      id: 'jersey-ferry',
      name: 'Ferry',
      price: 900,
      min_days: 2,
      max_days: 4,
    });
    expect(made.status).toBe(201);
    // An order placed with it (written straight in: no address of the demo reaches it).
    await t.handle.db
      .updateTable('orders')
      .set({
        snapshot: sql`jsonb_set(snapshot, '{delivery_option,id}', to_jsonb(${'jersey-ferry'}::text))`,
      })
      .where('public_id', '=', (await placeOrder('uk-standard')).publicId)
      .execute();
    expect((await manager.patch(`${OPTIONS}/jersey-ferry`, { active: false })).status).toBe(200);
    const reply = await manager.delete('/api/v1/admin/delivery/zones/jersey');
    expect(reply.status).toBe(409);
    expect(reply.body.error_type).toBe('delivery_zone_in_use');
    expect(reply.body.message).toMatch(/^Orders used Ferry in Jersey/);
    expect(await optionRow('jersey-ferry')).toBeDefined();
  });
  /**
   * A transaction of the test's own, on its own connection, left open after `work` (it
   * holds its locks) until `commit` is called.
   */
  async function heldOpen(work: (trx: typeof t.handle.db) => Promise<unknown>) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let ready = () => {};
    const holding = new Promise<void>((resolve) => (ready = resolve));
    const done = t.handle.db.transaction().execute(async (trx) => {
      await work(trx);
      ready();
      await released;
    });
    await Promise.race([holding, done]);
    return {
      commit: async () => {
        release();
        await done;
      },
    };
  }
  /** Waits until `count` of this database's sessions are waiting for a lock. */
  async function lockWaiters(count: number) {
    for (let tries = 0; tries < 400; tries++) {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
      `.execute(t.handle.db);
      if (Number(rows[0]!.n) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} sessions ever waited for a lock`);
  }
  /** A new option `optionId` in the UK mainland zone, and a basket ready to pay with it. */
  async function basketWithNewOption(optionId: string, name: string) {
    const made = await create({
      zone_id: 'uk-mainland',
      id: optionId,
      name,
      price: 450,
      min_days: 1,
      max_days: 2,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 1]], { option: optionId });
  }
  const productRowLocked = (trx: typeof t.handle.db) =>
    sql`SELECT id FROM products WHERE id = ${id('OLV-90-GRY')} FOR UPDATE`.execute(trx);

  it.runIf(engine === 'postgres')(
    'an option deleted while an order naming it is being written: the delete waits for the order, then refuses (an order used it)',
    async () => {
      const browser = await basketWithNewOption('uk-race-courier', 'Race courier');
      // The order's transaction is held after it has checked its option, at the stock it
      // takes next (the test holds the product's row)…
      const stock = await heldOpen(productRowLocked);
      const paying = browser.pay(FRICTIONLESS_3DS);
      await lockWaiters(1);
      // …while staff delete the option, which no order has used yet as far as anyone saw.
      const deleting = manager.delete(`${OPTIONS}/uk-race-courier?reason=Unused`);
      await lockWaiters(2);
      await stock.commit();
      const [paid, deleted] = await Promise.all([paying, deleting]);
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(409);
      expect(deleted.body.error_type).toBe('delivery_option_used');
      // The order names an option that is still there, with its VAT rate for the reports.
      const order = await t.handle.db
        .selectFrom('orders')
        .select('sales_delivery_option')
        .where('public_id', '=', paid.body.data.public_id as string)
        .executeTakeFirstOrThrow();
      expect(order.sales_delivery_option).toBe('uk-race-courier');
      expect(await optionRow('uk-race-courier')).toMatchObject({ tax_rate_bp: 2000 });
    },
    60_000,
  );

  it.runIf(engine === 'postgres')(
    'an order placed while its option is being deleted: the order waits for the delete, then is refused as an invalid option',
    async () => {
      const browser = await basketWithNewOption('uk-gone-courier', 'Gone courier');
      // The back office's delete, as its transaction does it, not yet committed.
      const deleting = await heldOpen(async (trx) => {
        await sql`SELECT id FROM baskets WHERE delivery_option_id = 'uk-gone-courier' FOR UPDATE`.execute(
          trx,
        );
        await sql`SELECT id FROM delivery_options WHERE id = 'uk-gone-courier' FOR UPDATE`.execute(
          trx,
        );
        await sql`DELETE FROM delivery_options WHERE id = 'uk-gone-courier'`.execute(trx);
      });
      const paying = browser.pay(FRICTIONLESS_3DS);
      await lockWaiters(1);
      await deleting.commit();
      const paid = await paying;
      expect(paid.status, JSON.stringify(paid.body)).toBe(422);
      expect(paid.body.error_type).toBe('invalid_delivery_option');
      expect(
        await t.handle.db
          .selectFrom('orders')
          .select('id')
          .where('sales_delivery_option', '=', 'uk-gone-courier')
          .execute(),
      ).toEqual([]);
    },
    60_000,
  );
  it.runIf(engine === 'postgres')(
    'an order holds the option it names until it commits: staff holding the row (an edit under way) are waited for',
    async () => {
      const browser = await fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 1]], {
        option: 'uk-standard',
      });
      // The back office's lock on the row (an edit, a retire or a zone's delete under way).
      const editing = await heldOpen((trx) =>
        sql`SELECT id FROM delivery_options WHERE id = 'uk-standard' FOR UPDATE`.execute(trx),
      );
      const paying = browser.pay(FRICTIONLESS_3DS);
      await lockWaiters(1);
      await editing.commit();
      const paid = await paying;
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    },
    60_000,
  );
});
