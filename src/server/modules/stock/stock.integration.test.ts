/**
 * Stock in the back office (ADR 053): the list's figures, filters and pages; relative
 * adjustments and stock takes, each with its ledger row and audit record; refusals that
 * change nothing; back-in-stock emails when stock comes back from none; and the race:
 * shoppers ordering the last units while staff adjust the same variation — never
 * oversold, and the ledger adds up to the level.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

const DECLINED = 'fake-processor-declined-visa-nonce';

describe.each(ENGINES)('stock in the back office on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let managerName: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      devOutbox: true,
      cardTestingLimits: { failures: 1_000, clientTokens: 1_000 },
    });
    id = await variationIds(t.app);
    const signedIn = await signedInStaff(t.app, t.handle.db, 'manager');
    manager = signedIn.browser;
    managerName = signedIn.member.name;
  });
  afterAll(() => t.close());

  const levelOf = async (sku: string) =>
    (
      await t.handle.db
        .selectFrom('products')
        .select('quantity_on_hand')
        .where('sku', '=', sku)
        .executeTakeFirstOrThrow()
    ).quantity_on_hand;

  const ledgerOf = (sku: string) =>
    t.handle.db
      .selectFrom('stock_movements')
      .select(['id', 'change', 'before', 'after', 'reason', 'staff_id', 'order_id', 'note'])
      .where('product_id', '=', id(sku))
      .orderBy('id')
      .execute();

  const auditOf = (sku: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'variation')
      .where('entity_id', '=', String(id(sku)))
      .orderBy('id')
      .execute();

  const adjust = (sku: string, body: Record<string, unknown>, as: Shopper = manager) =>
    as.post(`/api/v1/admin/stock/${id(sku)}/adjustments`, body);

  it('lists variations by SKU with their figures, finds by SKU or name, and pages', async () => {
    const all = await manager.get('/api/v1/admin/stock?limit=200');
    expect(all.status).toBe(200);
    const rows = all.body.data.variations as { sku: string }[];
    expect(rows.map((r) => r.sku)).toEqual([...rows.map((r) => r.sku)].sort());
    // Bundles and families are not listed: their stock is their parts'.
    expect(rows.map((r) => r.sku)).not.toContain('BUNDLE-TRIO');
    expect(rows.map((r) => r.sku)).not.toContain('P-ARTIFICIAL-CALATHEA');
    expect(all.body.data.variations.find((r: any) => r.sku === 'OLV-120-GRY')).toEqual({
      id: id('OLV-120-GRY'),
      sku: 'OLV-120-GRY',
      name: expect.stringMatching(/^Artificial Olive Tree — 120cm/),
      on_hand: await levelOf('OLV-120-GRY'),
      held: 0,
      preordered: 0,
      available: await levelOf('OLV-120-GRY'),
      low: false,
      discontinued: false,
      is_preorder: false,
      restock_date: null,
    });

    const byName = await manager.get('/api/v1/admin/stock?q=olive%20tree');
    expect(byName.body.data.variations.map((r: any) => r.sku)).toEqual([
      'OLV-120-BLK',
      'OLV-120-GRY',
      'OLV-150-BLK',
      'OLV-150-GRY',
      'OLV-90-BLK',
      'OLV-90-GRY',
    ]);
    const bySku = await manager.get('/api/v1/admin/stock?q=fern-b');
    expect(bySku.body.data.variations.map((r: any) => r.sku)).toEqual(['FERN-BOS']);
    // A pattern character is matched as itself.
    expect((await manager.get('/api/v1/admin/stock?q=%25')).body.data.variations).toEqual([]);

    const first = await manager.get('/api/v1/admin/stock?q=olive%20tree&limit=4');
    expect(first.body.data.variations).toHaveLength(4);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await manager.get(
      `/api/v1/admin/stock?q=olive%20tree&limit=4&cursor=${first.body.data.next_cursor}`,
    );
    expect(second.body.data.variations.map((r: any) => r.sku)).toEqual([
      'OLV-90-BLK',
      'OLV-90-GRY',
    ]);
    expect(second.body.data.next_cursor).toBeNull();

    const bad = await manager.get('/api/v1/admin/stock?cursor=%21%21&limit=0');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['limit']);
    const badCursor = await manager.get('/api/v1/admin/stock?cursor=nope!');
    expect(badCursor.status).toBe(422);
    expect(Object.keys(badCursor.body.errors)).toEqual(['cursor']);
  });

  it('counts units held by orders awaiting payment and units owed to pre-orders', async () => {
    const lemon = id('LEMON-120');
    const snapshot = {
      items: [
        {
          id: 'line-1',
          name: 'Artificial Lemon Tree',
          quantity: 3,
          preorder_quantity: 2,
          product: { id: lemon, sku: 'LEMON-120' },
          price: { amount: 13999 },
          total_price: { amount: 41997 },
        },
      ],
    };
    await sql`
      INSERT INTO orders (public_id, order_number, email_address, amount, snapshot, reservations, status)
      VALUES
        ('00000000-0000-4000-8000-000000000531', 'EB-STOCK531', 'x@example.com', 100, '{}',
         ${JSON.stringify([{ product_id: lemon, quantity: 2, preorder: 0 }])}, 'pending'),
        ('00000000-0000-4000-8000-000000000532', 'EB-STOCK532', 'y@example.com', 100,
         ${JSON.stringify(snapshot)}, '[]', 'paid')
    `.execute(t.handle.db);
    const reply = await manager.get('/api/v1/admin/stock?q=LEMON-120');
    expect(reply.body.data.variations).toMatchObject([
      { sku: 'LEMON-120', held: 2, preordered: 2, on_hand: await levelOf('LEMON-120') },
    ]);
  });

  it('shows low stock only when asked, on the level the dashboard counts', async () => {
    const low = await manager.get('/api/v1/admin/stock?low=true&limit=200');
    const rows = low.body.data.variations as any[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ low: true, discontinued: false });
      expect(row.available).toBeLessThanOrEqual(5);
    }
    expect(rows.map((r) => r.sku)).toContain('CALATHEA-60');
    expect(rows.map((r) => r.sku)).toContain('BOP-150');
    const dashboard = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products
      WHERE parent_id IS NOT NULL AND NOT is_bundle AND NOT discontinued
        AND quantity_on_hand <= 5`.execute(t.handle.db);
    expect(rows).toHaveLength(dashboard.rows[0]!.n);
  });

  it('adjusts by a relative change with its ledger row and audit record', async () => {
    const before = await levelOf('ZZ-60');
    const reply = await adjust('ZZ-60', { change: 7, reason: 'received', note: ' Delivery 42 ' });
    expect(reply.status).toBe(201);
    expect(reply.body.data.variation).toMatchObject({
      sku: 'ZZ-60',
      on_hand: before + 7,
      available: before + 7,
    });
    const taken = await adjust('ZZ-60', { change: -2, reason: 'damaged' });
    expect(taken.status).toBe(201);
    expect(await levelOf('ZZ-60')).toBe(before + 5);

    const ledger = await ledgerOf('ZZ-60');
    expect(ledger.slice(-2)).toMatchObject([
      { change: 7, before, after: before + 7, reason: 'received', note: 'Delivery 42' },
      { change: -2, before: before + 7, after: before + 5, reason: 'damaged', note: null },
    ]);
    const audit = await auditOf('ZZ-60');
    expect(audit.slice(-2)).toMatchObject([
      {
        action: 'stock.adjust',
        before: { on_hand: before },
        after: { on_hand: before + 7, change: 7 },
        reason: 'received: Delivery 42',
        ip: '127.0.0.1',
      },
      { action: 'stock.adjust', reason: 'damaged' },
    ]);

    const movements = await manager.get(`/api/v1/admin/stock/${id('ZZ-60')}/movements`);
    expect(movements.status).toBe(200);
    expect(movements.body.data.variation.sku).toBe('ZZ-60');
    expect(movements.body.data.movements.slice(0, 3)).toMatchObject([
      { change: -2, reason: 'damaged', who: managerName, order_number: null },
      { change: 7, reason: 'received', who: managerName, note: 'Delivery 42' },
      { reason: 'opening', who: 'Shop', before: 0 },
    ]);
  });

  it('refuses stock below zero, bundles, families and bad input, changing nothing', async () => {
    const level = await levelOf('BOP-150');
    const ledger = (await ledgerOf('BOP-150')).length;
    const audit = (await auditOf('BOP-150')).length;

    const below = await adjust('BOP-150', { change: -(level + 1), reason: 'damaged' });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({
      error_type: 'stock_below_zero',
      message: 'There is not enough stock to take that many away.',
    });

    const bundle = await adjust('BUNDLE-TRIO', { change: 1, reason: 'received' });
    expect(bundle.status).toBe(422);
    expect(bundle.body.errors.variation_id[0]).toMatch(/bundle.*adjust those/);
    const family = await t.handle.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'P-ARTIFICIAL-CALATHEA')
      .executeTakeFirstOrThrow();
    const familyReply = await manager.post(`/api/v1/admin/stock/${family.id}/adjustments`, {
      change: 1,
      reason: 'received',
    });
    expect(familyReply.status).toBe(404);
    expect((await manager.post('/api/v1/admin/stock/nope/adjustments', {})).status).toBe(404);
    const unknown = { change: 1, reason: 'received' };
    expect((await manager.post('/api/v1/admin/stock/99999999/adjustments', unknown)).status).toBe(
      404,
    );

    const fieldsOf = async (body: Record<string, unknown>) => {
      const reply = await adjust('BOP-150', body);
      expect(reply.status).toBe(422);
      return Object.keys(reply.body.errors).sort();
    };
    expect(await fieldsOf({})).toEqual(['change', 'reason']);
    expect(await fieldsOf({ change: 0, reason: 'received' })).toEqual(['change']);
    expect(await fieldsOf({ change: 1.5, reason: 'received' })).toEqual(['change']);
    expect(await fieldsOf({ change: '3', reason: 'received' })).toEqual(['change']);
    expect(await fieldsOf({ change: 100_001, reason: 'received' })).toEqual(['change']);
    expect(await fieldsOf({ change: 1, reason: 'sold' })).toEqual(['reason']);
    expect(await fieldsOf({ change: 1, reason: 'counted' })).toEqual(['reason']);
    expect(await fieldsOf({ change: 1, reason: 'received', note: 'x'.repeat(501) })).toEqual([
      'note',
    ]);
    expect(await fieldsOf({ counted: -1, expected: level })).toEqual(['counted']);
    expect(await fieldsOf({ counted: 3 })).toEqual(['expected']);

    expect(await levelOf('BOP-150')).toBe(level);
    expect(await ledgerOf('BOP-150')).toHaveLength(ledger);
    expect(await auditOf('BOP-150')).toHaveLength(audit);
  });

  it('sets a counted level only while the level is the one the form showed', async () => {
    const shown = await levelOf('SNAKE-60');
    const counted = await adjust('SNAKE-60', {
      counted: shown - 4,
      expected: shown,
      note: 'Aisle 3',
    });
    expect(counted.status).toBe(201);
    expect(counted.body.data.variation.on_hand).toBe(shown - 4);
    expect((await ledgerOf('SNAKE-60')).at(-1)).toMatchObject({
      change: -4,
      before: shown,
      after: shown - 4,
      reason: 'counted',
      note: 'Aisle 3',
    });
    expect((await auditOf('SNAKE-60')).at(-1)).toMatchObject({
      action: 'stock.count',
      before: { on_hand: shown },
      after: { on_hand: shown - 4 },
    });

    // A second form opened before the count still shows the old level: refused.
    const stale = await adjust('SNAKE-60', { counted: shown + 10, expected: shown });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error_type: 'stock_changed',
      message:
        'The stock level changed since you opened this form. Check the new level and try again.',
    });
    expect(await levelOf('SNAKE-60')).toBe(shown - 4);
  });

  it('emails waiting sign-ups when an adjustment brings stock back from none', async () => {
    const shopper = new Browser(t.app);
    const signUp = await shopper.post(`/api/v1/products/${id('CALATHEA-60')}/stock_notifications`, {
      email_address: 'waiting@example.com',
    });
    expect(signUp.status).toBe(201);
    expect(await levelOf('CALATHEA-60')).toBe(0);
    expect((await adjust('CALATHEA-60', { change: 3, reason: 'received' })).status).toBe(201);
    const emails = await outboxReader(t.handle.db).list({ to: 'waiting@example.com' });
    expect(emails.map((e) => e.subject)).toEqual(['Back in stock: Artificial Calathea']);
  });

  it('writes sales and released stock to the ledger with their order', async () => {
    const before = await levelOf('FERN-BOS');
    const sold = await fillBasket(new Browser(t.app), id, [['FERN-BOS', 2]]);
    const placed = await sold.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    const failed = await fillBasket(new Browser(t.app), id, [['FERN-BOS', 3]]);
    expect((await failed.pay(DECLINED)).status).toBe(422);
    expect(await levelOf('FERN-BOS')).toBe(before - 2);

    const movements = (await manager.get(`/api/v1/admin/stock/${id('FERN-BOS')}/movements`)).body
      .data.movements;
    expect(movements.slice(0, 3)).toMatchObject([
      { change: 3, reason: 'released', who: 'Shop', order_number: expect.any(String) },
      { change: -3, reason: 'sold', who: 'Shop', before: before - 2, after: before - 5 },
      { change: -2, reason: 'sold', who: 'Shop', before, after: before - 2 },
    ]);
    expect(movements[1].order_number).toBe(movements[0].order_number);
    const { order_number } = await t.handle.db
      .selectFrom('orders')
      .select('order_number')
      .where('public_id', '=', placed.body.data.public_id)
      .executeTakeFirstOrThrow();
    expect(movements[2].order_number).toBe(order_number);
  });

  it('never oversells while staff adjust the variation shoppers are buying, and the ledger adds up', async () => {
    const sku = 'RUBBER-90';
    const start = await levelOf(sku);
    expect((await adjust(sku, { counted: 10, expected: start })).status).toBe(201);
    const dispatcher = (await signedInStaff(t.app, t.handle.db, 'dispatcher')).browser;
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, () => fillBasket(new Browser(t.app), id, [[sku, 1]])),
    );
    const staffWork = [
      ...Array.from({ length: 6 }, (_, i) =>
        adjust(sku, { change: -1, reason: 'damaged' }, i % 2 ? dispatcher : manager),
      ),
      ...Array.from({ length: 2 }, () => adjust(sku, { change: 2, reason: 'received' })),
      levelOf(sku).then((shown) =>
        adjust(sku, { counted: shown + 1, expected: shown }, dispatcher),
      ),
    ];
    const [orders, staff] = await Promise.all([
      Promise.all(shoppers.map((s, i) => s.pay(i % 5 === 4 ? DECLINED : FRICTIONLESS_3DS))),
      Promise.all(staffWork),
    ]);
    for (const reply of orders) expect([201, 409, 422]).toContain(reply.status);
    for (const reply of staff) expect([201, 409]).toContain(reply.status);

    const level = await levelOf(sku);
    expect(level).toBeGreaterThanOrEqual(0);
    const ledger = await ledgerOf(sku);
    // The ledger adds up to the level, and each row starts where the one before ended.
    expect(ledger.reduce((sum, row) => sum + row.change, 0)).toBe(level);
    for (const [i, row] of ledger.entries()) {
      expect(row.after).toBe(row.before + row.change);
      if (i > 0) expect(row.before).toBe(ledger[i - 1]!.after);
    }
    // Every order paid for got a unit that was there: sold less released is what paid
    // orders hold, and no more than the stock made available.
    const paid = orders.filter((r) => r.status === 201).length;
    const since = ledger.filter(
      (row) => row.id > ledger.findLast((r) => r.reason === 'counted' && r.before === start)!.id,
    );
    const sold = -since.filter((r) => r.reason === 'sold').reduce((s, r) => s + r.change, 0);
    const released = since.filter((r) => r.reason === 'released').reduce((s, r) => s + r.change, 0);
    expect(sold - released).toBe(paid);
    const added =
      10 +
      since
        .filter((r) => r.change > 0 && r.reason !== 'released')
        .reduce((s, r) => s + r.change, 0);
    expect(paid).toBeLessThanOrEqual(added);
    expect(
      orders
        .filter((r) => r.status === 409)
        .every((r) => r.body.error_type === 'insufficient_stock'),
    ).toBe(true);
    // Paid orders and the shop's figure agree.
    const list = await manager.get(`/api/v1/admin/stock?q=${sku}`);
    expect(list.body.data.variations[0]).toMatchObject({ sku, on_hand: level, held: 0 });
  });

  it('lets a dispatcher adjust, and refuses a support member', async () => {
    const support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    expect((await support.get('/api/v1/admin/stock')).status).toBe(403);
    expect((await adjust('ZZ-60', { change: 1, reason: 'received' }, support)).status).toBe(403);
  });
});
