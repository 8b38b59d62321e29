/**
 * The return rules and reasons in the back office (ADR 070), through the API: the window
 * staff set is the one a customer's order page and a new return follow; reasons added,
 * renamed, reordered and retired are what customers are offered, while a return keeps
 * the wording its customer chose; each change audited in its transaction, refused
 * without delivery.manage and field by field on bad input. Also the returns list's
 * cursor: anything not a page the list gave is a 422 naming it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('return rules and reasons on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let support: Shopper;
  let dispatcher: Shopper;
  let customers = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    dispatcher = (await signedInStaff(t.app, t.handle.db, 'dispatcher')).browser;
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;

  const audit = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A guest's order of one fern, sent `daysAgo` days ago. */
  async function sentOrder(daysAgo: number) {
    const browser = new Browser(t.app);
    await fillBasket(browser, id, [['FERN-BOS', 1]], {
      email: `rules-${engine}-${++customers}@example.com`,
    });
    const paid = await browser.pay(FRICTIONLESS_3DS);
    expect(paid.status).toBe(201);
    const order = await db()
      .selectFrom('orders')
      .select(['id', 'public_id', 'order_number'])
      .where('public_id', '=', paid.body.data.public_id)
      .executeTakeFirstOrThrow();
    const line = await db()
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const shipped = await dispatcher.post(`/api/v1/admin/orders/${order.order_number}/shipments`, {
      items: [{ order_item_id: line.id, quantity: 1 }],
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(shipped.status).toBe(201);
    await sql`UPDATE shipments SET created_at = now() - make_interval(days => ${daysAgo})
              WHERE order_id = ${order.id}`.execute(db());
    return { browser, publicId: order.public_id, lineId: line.id };
  }

  const offered = async (placed: { browser: Browser; publicId: string }) =>
    (await placed.browser.get<any>(`/api/v1/orders/${placed.publicId}/returns`)).body.data;

  it('shows the rules and every reason to a manager; refuses support and dispatchers', async () => {
    const reply = await manager.get<any>('/api/v1/admin/returns/rules');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      window_days: 14,
      send_back_days: 14,
      refund_days: 14,
      address: ['Everbloom Returns', 'Unit 4, Meadow Lane', 'Bristol', 'BS1 4AA'],
    });
    expect(reply.body.data.reasons[0]).toEqual({
      code: 'changed_mind',
      label: 'I changed my mind',
      position: 1,
      active: true,
      returns: 0,
    });
    const before = await auditCount();
    for (const staff of [support, dispatcher]) {
      expect((await staff.get('/api/v1/admin/returns/rules')).status).toBe(403);
      expect((await staff.patch('/api/v1/admin/returns/rules', { window_days: 30 })).status).toBe(
        403,
      );
      expect((await staff.post('/api/v1/admin/returns/reasons', { label: 'Late' })).status).toBe(
        403,
      );
      expect(
        (await staff.patch('/api/v1/admin/returns/reasons/damaged', { active: false })).status,
      ).toBe(403);
      expect(
        (await staff.put('/api/v1/admin/returns/reasons/order', { codes: ['damaged'] })).status,
      ).toBe(403);
    }
    expect((await new Browser(t.app).get('/api/v1/admin/returns/rules')).status).toBe(401);
    expect(await auditCount()).toBe(before);
    expect((await manager.get<any>('/api/v1/admin/returns/rules')).body.data.window_days).toBe(14);
  });

  it('a longer window reaches the customer’s order page, audited; the same again records nothing', async () => {
    // Deemed delivered about 18 days ago (standard delivery's working days after the parcel).
    const placed = await sentOrder(25);
    expect((await offered(placed)).returnable).toEqual([]);

    const changed = await manager.patch<any>('/api/v1/admin/returns/rules', {
      window_days: 30,
      address: ['Everbloom Returns', '  Unit 9, Orchard Way ', '', 'Bristol BS2 0ZZ'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      window_days: 30,
      send_back_days: 14,
      address: ['Everbloom Returns', 'Unit 9, Orchard Way', 'Bristol BS2 0ZZ'],
    });
    const page = await offered(placed);
    expect(page.returnable).toEqual([expect.objectContaining({ order_item_id: placed.lineId })]);
    expect(page.instructions.address).toEqual([
      'Everbloom Returns',
      'Unit 9, Orchard Way',
      'Bristol BS2 0ZZ',
    ]);
    const started = await placed.browser.post<any>(`/api/v1/orders/${placed.publicId}/returns`, {
      items: [{ order_item_id: placed.lineId, quantity: 1 }],
      reason: 'faulty',
    });
    expect(started.status).toBe(201);

    const [record] = await audit('return.rules.update');
    expect(record).toMatchObject({
      entity_type: 'return_rules',
      before: {
        window_days: 14,
        address: ['Everbloom Returns', 'Unit 4, Meadow Lane', 'Bristol', 'BS1 4AA'],
      },
      after: {
        window_days: 30,
        address: ['Everbloom Returns', 'Unit 9, Orchard Way', 'Bristol BS2 0ZZ'],
      },
    });
    expect(record!.staff_id).not.toBeNull();

    const before = await auditCount();
    const same = await manager.patch<any>('/api/v1/admin/returns/rules', { window_days: 30 });
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(before);

    // Back to the law's 14 days: the order is past it again.
    expect((await manager.patch('/api/v1/admin/returns/rules', { window_days: 14 })).status).toBe(
      200,
    );
    expect((await offered(await sentOrder(25))).returnable).toEqual([]);
  });

  it('refuses bad rules field by field, changing nothing', async () => {
    const before = await auditCount();
    const cases: [unknown, string, string][] = [
      [
        { window_days: 13 },
        'window_days',
        'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
      ],
      [
        { window_days: 14.5 },
        'window_days',
        'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
      ],
      [
        { window_days: '30' },
        'window_days',
        'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
      ],
      [
        { send_back_days: 400 },
        'send_back_days',
        'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
      ],
      [
        { refund_days: 15 },
        'refund_days',
        'Please give a whole number of days from 1 to 14 (the law allows at most 14)',
      ],
      [
        { refund_days: 0 },
        'refund_days',
        'Please give a whole number of days from 1 to 14 (the law allows at most 14)',
      ],
      [{ address: ['Only one line', '  '] }, 'address', 'Please give the address in 2 to 8 lines'],
      [{ address: 'Everbloom\nBristol' }, 'address', 'Please give the address in 2 to 8 lines'],
      [
        { address: ['Everbloom', 'x'.repeat(101)] },
        'address.1',
        'Please keep each line to 100 characters',
      ],
      [{ address: ['<b>Everbloom</b>', 'Bristol'] }, 'address.0', 'Please leave out < and >'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await manager.patch<any>('/api/v1/admin/returns/rules', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(reply.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await auditCount()).toBe(before);
    expect((await manager.get<any>('/api/v1/admin/returns/rules')).body.data.window_days).toBe(14);
  });

  it('adds, renames, reorders and retires reasons: customers see them, returns keep theirs', async () => {
    const placed = await sentOrder(1);
    const damaged = await placed.browser.post<any>(`/api/v1/orders/${placed.publicId}/returns`, {
      items: [{ order_item_id: placed.lineId, quantity: 1 }],
      reason: 'damaged',
    });
    expect(damaged.status).toBe(201);
    const number: string = damaged.body.data.return.return_number;

    // Added: offered last, its code made from its wording.
    const added = await manager.post<any>('/api/v1/admin/returns/reasons', {
      label: ' It arrived late ',
    });
    expect(added.status).toBe(201);
    expect(added.body.data.reasons.at(-1)).toEqual({
      code: 'it_arrived_late',
      label: 'It arrived late',
      position: 7,
      active: true,
      returns: 0,
    });
    expect((await audit('return.reason.add')).at(-1)).toMatchObject({
      entity_id: 'it_arrived_late',
      after: { label: 'It arrived late', position: 7, active: true },
    });
    const again = await manager.post<any>('/api/v1/admin/returns/reasons', {
      label: 'IT ARRIVED LATE',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.label).toEqual(['Another reason already reads like this']);
    for (const label of ['', '   ', 'x'.repeat(81), '<i>late</i>', 7]) {
      const bad = await manager.post<any>('/api/v1/admin/returns/reasons', { label });
      expect(bad.status, String(label)).toBe(422);
      expect(bad.body.errors.label, String(label)).toHaveLength(1);
    }

    // Renamed: customers see the new wording; the return made before keeps its own.
    const renamed = await manager.patch<any>('/api/v1/admin/returns/reasons/damaged', {
      label: 'It arrived broken',
    });
    expect(renamed.status).toBe(200);
    const reason = renamed.body.data.reasons.find((r: { code: string }) => r.code === 'damaged');
    expect(reason).toMatchObject({ label: 'It arrived broken', returns: 1 });
    expect(
      (await manager.get<any>(`/api/v1/admin/returns/${number}`)).body.data.return.reason,
    ).toBe('It arrived damaged');
    expect((await audit('return.reason.update')).at(-1)).toMatchObject({
      entity_id: 'damaged',
      before: { label: 'It arrived damaged' },
      after: { label: 'It arrived broken', returns: 1 },
    });

    // Reordered: customers get the new order.
    const codes = (await manager.get<any>('/api/v1/admin/returns/rules')).body.data.reasons.map(
      (r: { code: string }) => r.code,
    ) as string[];
    const order = ['it_arrived_late', ...codes.filter((code) => code !== 'it_arrived_late')];
    const reordered = await manager.put<any>('/api/v1/admin/returns/reasons/order', {
      codes: order,
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.reasons.map((r: { code: string }) => r.code)).toEqual(order);
    const later = await sentOrder(1);
    expect((await offered(later)).reasons.map((r: { code: string }) => r.code)).toEqual(order);
    expect((await audit('return.reason.reorder')).at(-1)).toMatchObject({
      before: { order: codes },
      after: { order },
    });
    for (const bad of [order.slice(1), [...order, 'damaged'], [...order.slice(1), 'nope'], []]) {
      const reply = await manager.put<any>('/api/v1/admin/returns/reasons/order', { codes: bad });
      expect(reply.status).toBe(422);
      expect(reply.body.errors.codes).toEqual(['Please list every reason once, in the new order']);
    }

    // Retired: no longer offered nor accepted; the reason's row stays for old returns.
    const retired = await manager.patch<any>('/api/v1/admin/returns/reasons/damaged', {
      active: false,
    });
    expect(retired.status).toBe(200);
    expect(retired.body.data.reasons).toContainEqual(
      expect.objectContaining({ code: 'damaged', active: false, returns: 1 }),
    );
    expect((await offered(later)).reasons.map((r: { code: string }) => r.code)).not.toContain(
      'damaged',
    );
    const refused = await later.browser.post<any>(`/api/v1/orders/${later.publicId}/returns`, {
      items: [{ order_item_id: later.lineId, quantity: 1 }],
      reason: 'damaged',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.reason).toEqual(['Please choose one of the reasons']);
    expect(
      (await manager.get<any>(`/api/v1/admin/returns/${number}`)).body.data.return.reason,
    ).toBe('It arrived damaged');
    // Brought back.
    const back = await manager.patch<any>('/api/v1/admin/returns/reasons/damaged', {
      active: true,
    });
    expect(back.body.data.reasons).toContainEqual(
      expect.objectContaining({ code: 'damaged', active: true }),
    );

    const unknown = await manager.patch<any>('/api/v1/admin/returns/reasons/no_such', {
      active: false,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_type).toBe('not_found');
    expect(
      (await manager.patch<any>('/api/v1/admin/returns/reasons/Bad-Code', { active: false }))
        .status,
    ).toBe(404);
    const notBoolean = await manager.patch<any>('/api/v1/admin/returns/reasons/damaged', {
      active: 'no',
    });
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.body.errors.active).toEqual([
      'Please give true (offered) or false (retired)',
    ]);
  });

  it('keeps one reason offered: retiring the last is a field message', async () => {
    const { reasons } = (await manager.get<any>('/api/v1/admin/returns/rules')).body.data as {
      reasons: { code: string; active: boolean }[];
    };
    const [last, ...others] = reasons.filter((r) => r.active);
    for (const reason of others) {
      const reply = await manager.patch(`/api/v1/admin/returns/reasons/${reason.code}`, {
        active: false,
      });
      expect(reply.status).toBe(200);
    }
    const before = await auditCount();
    const refused = await manager.patch<any>(`/api/v1/admin/returns/reasons/${last!.code}`, {
      active: false,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.active).toEqual([
      'Customers need at least one reason to choose: add or bring back another one first',
    ]);
    expect(await auditCount()).toBe(before);
    for (const reason of others) {
      await manager.patch(`/api/v1/admin/returns/reasons/${reason.code}`, { active: true });
    }
  });

  it('answers a returns list cursor it did not give with a 422 naming cursor', async () => {
    for (const cursor of ['abc', '0', '-1', '1.5', '1234567890', "1' OR '1'='1", 'x'.repeat(300)]) {
      const reply = await dispatcher.get<any>(
        `/api/v1/admin/returns?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(reply.status, cursor).toBe(422);
      expect(reply.body.error_type).toBe('validation');
      expect(reply.body.errors.cursor).toEqual(['Please start again from the first page']);
    }
    const first = await dispatcher.get<any>('/api/v1/admin/returns?cursor=');
    expect(first.status).toBe(200);
    expect(first.body.data.returns.length).toBeGreaterThan(0);
    const newest = first.body.data.returns[0].return_number;
    const id = await db()
      .selectFrom('returns')
      .select('id')
      .where('return_number', '=', newest)
      .executeTakeFirstOrThrow();
    // A page below the newest return does not hold it.
    const below = await dispatcher.get<any>(`/api/v1/admin/returns?cursor=${id.id}`);
    expect(below.status).toBe(200);
    expect(
      below.body.data.returns.map((r: { return_number: string }) => r.return_number),
    ).not.toContain(newest);
  });
});
