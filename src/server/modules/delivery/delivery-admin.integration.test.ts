/**
 * Delivery settings in the back office (ADR 065): what staff read; option changes that
 * shoppers see at once on this process, with their audit records; refusals that change
 * nothing; zone coverage by country and postcode area; the shop's closing days and the
 * bank holidays, which an order's delivery estimate skips (a fixed clock); the shipped
 * bank holidays and their refresh.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBankHolidays } from '../../../domain/bank-holidays.ts';
import { storeBankHolidays } from '../../cli/bank-holidays-refresh.ts';
import { Browser, deliveryAddress, fillBasket, FRICTIONLESS_3DS } from '../../testing/checkout.ts';
import {
  auditOf as auditOfEntity,
  deliveryAdmin,
  offeredTo,
  shopperAt,
} from '../../testing/delivery-admin.ts';
import { appOnDatabase, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

const shipped = parseBankHolidays(
  JSON.parse(readFileSync(join(import.meta.dirname, 'bank-holidays.json'), 'utf8')),
);

// Wednesday 23 December 2026, 3pm UK time (GMT): after Next Day's 2pm cut-off.
const clock = new Date('2026-12-23T15:00:00Z');

describe.each(ENGINES)('delivery settings in the back office on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let support: Shopper;

  beforeAll(async () => {
    ({ t, id, manager, support } = await deliveryAdmin(engine, { now: () => clock }));
  });
  afterAll(() => t.close());

  const optionRow = (optionId: string) =>
    t.handle.db
      .selectFrom('delivery_options')
      .selectAll()
      .where('id', '=', optionId)
      .executeTakeFirstOrThrow();
  const auditOf = (entityType: string, entityId: string) =>
    auditOfEntity(t.handle.db, entityType, entityId);

  const basketAt = (postcode?: string) => shopperAt({ t, id }, postcode);
  const offered = offeredTo;

  it('lists zones with their countries, postcode areas and options, closures and bank holidays', async () => {
    const reply = await manager.get('/api/v1/admin/delivery');
    expect(reply.status).toBe(200);
    const settings = reply.body.data;
    expect(settings.dispatch_division).toBe('england-and-wales');
    const ni = settings.zones.find((z: { id: string }) => z.id === 'northern-ireland');
    expect(ni).toMatchObject({ countries: [], postcode_areas: ['BT'], other_rules: [] });
    expect(ni.options).toEqual([
      expect.objectContaining({ id: 'ni-standard', price: 795, free_over: 7500, active: true }),
    ]);
    const highlands = settings.zones.find((z: { id: string }) => z.id === 'uk-highlands-islands');
    expect(highlands.countries).toEqual(['IMN']);
    expect(highlands.postcode_areas).toEqual(expect.arrayContaining(['HS', 'PA20', 'PH44', 'IM']));
    expect(settings.closures).toEqual([]);
    expect(settings.bank_holidays).toContainEqual({
      division: 'scotland',
      date: '2026-11-30',
      title: 'St Andrew’s Day',
    });
  });

  it('refuses without a staff session (401) and without delivery.manage (403)', async () => {
    const anonymous = new Shopper(t.app);
    expect((await anonymous.get('/api/v1/admin/delivery')).status).toBe(401);
    expect((await support.get('/api/v1/admin/delivery')).status).toBe(403);
    const patch = await support.patch('/api/v1/admin/delivery/options/uk-standard', { price: 1 });
    expect(patch.status).toBe(403);
    expect(
      (
        await support.post('/api/v1/admin/delivery/closures', {
          starts_on: '2026-12-24',
          ends_on: '2026-12-24',
          reason: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await optionRow('uk-standard')).price).toBe(495);
  });

  it('changes an option’s price: shoppers see it at once, and the audit trail has before and after', async () => {
    const shopper = await basketAt();
    expect((await offered(shopper)).find((o) => o.id === 'uk-next-day')?.price.amount).toBe(795);
    const reply = await manager.patch('/api/v1/admin/delivery/options/uk-next-day', {
      price: 895,
      reason: 'Carrier’s new rates',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.option).toMatchObject({
      id: 'uk-next-day',
      price: 895,
      cutoff_hour: 14,
    });
    expect((await optionRow('uk-next-day')).price).toBe(895);
    expect((await offered(shopper)).find((o) => o.id === 'uk-next-day')?.price.amount).toBe(895);
    const [audit] = await auditOf('delivery_option', 'uk-next-day');
    expect(audit).toMatchObject({
      action: 'delivery.option.update',
      before: { price: 795 },
      after: { price: 895 },
      reason: 'Carrier’s new rates',
    });
  });

  it('reaches another process within its cache lifetime (CATALOGUE_CACHE_SECONDS)', async () => {
    const other = await appOnDatabase(t.handle.db, { catalogueCacheMs: 1_000, now: () => clock });
    try {
      const shopper = new Browser(other);
      expect(
        (await shopper.post('/api/v1/basket', { product_id: id('OLV-90-GRY'), quantity: 1 }))
          .status,
      ).toBe(200);
      await shopper.put('/api/v1/basket/details', {
        email_address: 'ada@example.com',
        ...deliveryAddress(),
      });
      const priceThere = async () =>
        (await offered(shopper)).find((o) => o.id === 'uk-saturday')?.price.amount;
      expect(await priceThere()).toBe(1295);
      const changed = await manager.patch('/api/v1/admin/delivery/options/uk-saturday', {
        price: 1395,
      });
      expect(changed.status).toBe(200);
      // The other process keeps its copy until it expires, then reads the new price.
      await expect.poll(priceThere, { timeout: 5_000, interval: 100 }).toBe(1395);
    } finally {
      await other.close();
      await manager.patch('/api/v1/admin/delivery/options/uk-saturday', { price: 1295 });
    }
  });

  it('closes an option (Next Day for Christmas) and opens it again', async () => {
    const shopper = await basketAt();
    const closed = await manager.patch('/api/v1/admin/delivery/options/uk-next-day', {
      active: false,
    });
    expect(closed.status).toBe(200);
    expect((await offered(shopper)).map((o) => o.id)).toEqual(['uk-standard', 'uk-saturday']);
    // Staff still see it, closed.
    const settings = (await manager.get('/api/v1/admin/delivery')).body.data;
    const mainland = settings.zones.find((z: { id: string }) => z.id === 'uk-mainland');
    expect(mainland.options.find((o: { id: string }) => o.id === 'uk-next-day').active).toBe(false);
    expect(
      (await manager.patch('/api/v1/admin/delivery/options/uk-next-day', { active: true })).status,
    ).toBe(200);
    expect((await offered(shopper)).map((o) => o.id)).toContain('uk-next-day');
  });

  it('refuses bad option input field by field, changing nothing', async () => {
    const before = await optionRow('uk-standard');
    const audits = (await auditOf('delivery_option', 'uk-standard')).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, 'price'],
      [{ price: 4.5 }, 'price'],
      [{ price: '495' }, 'price'],
      [{ free_over: -100 }, 'free_over'],
      [{ cutoff_hour: 24 }, 'cutoff_hour'],
      [{ cutoff_hour: -1 }, 'cutoff_hour'],
      [{ min_days: 6 }, 'min_days'],
      [{ max_days: 2 }, 'max_days'],
      [{ delivery_weekday: 8 }, 'delivery_weekday'],
      [{ name: '' }, 'name'],
      [{ active: 'no' }, 'active'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await manager.patch('/api/v1/admin/delivery/options/uk-standard', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(reply.body.errors), JSON.stringify(body)).toContain(field);
    }
    const unknownField = await manager.patch('/api/v1/admin/delivery/options/uk-standard', {
      colour: 'red',
    });
    expect(unknownField.status).toBe(422);
    expect(
      (await manager.patch('/api/v1/admin/delivery/options/no-such', { price: 1 })).status,
    ).toBe(404);
    expect(await optionRow('uk-standard')).toEqual(before);
    expect(await auditOf('delivery_option', 'uk-standard')).toHaveLength(audits);
  });

  it('keeps markup in a name as text', async () => {
    const reply = await manager.patch('/api/v1/admin/delivery/options/eu-tracked', {
      name: '<b>Tracked</b>',
    });
    expect(reply.status).toBe(200);
    expect((await optionRow('eu-tracked')).name).toBe('<b>Tracked</b>');
  });

  it('sets the countries and postcode areas a zone covers; a district wins over its area', async () => {
    const kirkwall = await basketAt('KW15 1AA');
    expect((await offered(kirkwall)).map((o) => o.id)).toEqual(['hi-standard', 'hi-express']);
    const reply = await manager.put('/api/v1/admin/delivery/zones/northern-ireland/coverage', {
      countries: [],
      postcode_areas: ['BT', 'kw15'],
      reason: 'Orkney by the Northern Ireland carrier',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.zone).toMatchObject({ postcode_areas: ['BT', 'KW15'] });
    expect((await offered(kirkwall)).map((o) => o.id)).toEqual(['ni-standard']);
    const [audit] = await auditOf('delivery_zone', 'northern-ireland');
    expect(audit).toMatchObject({
      action: 'delivery.zone.coverage',
      before: { countries: [], postcode_areas: ['BT'] },
      after: { countries: [], postcode_areas: ['BT', 'KW15'] },
    });
    // Put right.
    const back = await manager.put('/api/v1/admin/delivery/zones/northern-ireland/coverage', {
      countries: [],
      postcode_areas: ['BT'],
    });
    expect(back.status).toBe(200);
    expect((await offered(kirkwall)).map((o) => o.id)).toEqual(['hi-standard', 'hi-express']);
  });

  it('refuses unknown countries, malformed areas and ones another zone has', async () => {
    const put = (body: Record<string, unknown>) =>
      manager.put('/api/v1/admin/delivery/zones/europe/coverage', body);
    const rules = await t.handle.db
      .selectFrom('delivery_zone_rules')
      .selectAll()
      .orderBy('id')
      .execute();
    const unknown = await put({ countries: ['FRA', 'XYZ'], postcode_areas: [] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.countries[0]).toMatch(/XYZ/);
    const malformed = await put({ countries: ['FRA'], postcode_areas: ['B T1', '12'] });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.postcode_areas[0]).toMatch(/B T1, 12/);
    const taken = await put({ countries: ['FRA', 'GBR'], postcode_areas: ['BT'] });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({
      countries: ['GBR is already covered by uk-mainland'],
      postcode_areas: ['BT is already covered by northern-ireland'],
    });
    expect((await put({ countries: 'FRA', postcode_areas: [] })).status).toBe(422);
    const missing = await manager.put('/api/v1/admin/delivery/zones/mars/coverage', {
      countries: [],
      postcode_areas: [],
    });
    expect(missing.status).toBe(404);
    expect(
      await t.handle.db.selectFrom('delivery_zone_rules').selectAll().orderBy('id').execute(),
    ).toEqual(rules);
  });

  it('refuses bad closures field by field', async () => {
    const post = (body: Record<string, unknown>) =>
      manager.post('/api/v1/admin/delivery/closures', body);
    const backwards = await post({ starts_on: '2026-12-24', ends_on: '2026-12-20', reason: 'x' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toHaveProperty('ends_on');
    const notADay = await post({ starts_on: '2026-02-31', ends_on: '2026-03-01', reason: 'x' });
    expect(notADay.body.errors).toHaveProperty('starts_on');
    const noReason = await post({ starts_on: '2026-12-24', ends_on: '2026-12-24', reason: ' ' });
    expect(noReason.body.errors).toHaveProperty('reason');
    const tooLong = await post({ starts_on: '2026-01-01', ends_on: '2026-12-31', reason: 'x' });
    expect(tooLong.body.errors).toHaveProperty('ends_on');
    expect(await t.handle.db.selectFrom('delivery_closures').selectAll().execute()).toEqual([]);
    expect((await manager.delete('/api/v1/admin/delivery/closures/999999')).status).toBe(404);
  });

  it('an order’s delivery estimate skips the shop’s closing days and bank holidays; removing the closure puts it back', async () => {
    const added = await manager.post('/api/v1/admin/delivery/closures', {
      starts_on: '2026-12-24',
      ends_on: '2027-01-02',
      reason: 'Christmas <closed>',
    });
    expect(added.status).toBe(201);
    const closure = added.body.data.closure;
    expect(closure).toMatchObject({
      starts_on: '2026-12-24',
      ends_on: '2027-01-02',
      reason: 'Christmas <closed>',
    });
    const [audit] = await auditOf('delivery_closure', String(closure.id));
    expect(audit).toMatchObject({ action: 'delivery.closure.add', reason: 'Christmas <closed>' });
    expect((await manager.get('/api/v1/admin/delivery')).body.data.closures).toEqual([closure]);

    const estimateOf = async () => {
      const browser = await fillBasket(new Browser(t.app), id, [['OLV-90-GRY', 1]], {
        option: 'uk-next-day',
      });
      const reply = await browser.pay(FRICTIONLESS_3DS);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const order = await browser.get(`/api/v1/orders/${reply.body.data.public_id}`);
      return order.body.data.order.delivery_estimate;
    };
    // The checkout's delivery step shows the dates: Next Day, ordered Wednesday 23
    // December after 2pm with the shop closed 24 December to 2 January, is dispatched
    // Monday 4 January and delivered Tuesday 5 January.
    const options = await offered(await basketAt());
    expect(options.find((o) => o.id === 'uk-next-day')).toMatchObject({
      estimate: { earliest: '2027-01-05', latest: '2027-01-05', label: 'Tuesday 5 January' },
    });
    // Standard has no cut-off: it leaves today, and carriers skip only the bank holidays.
    expect(options.find((o) => o.id === 'uk-standard')).toMatchObject({
      estimate: { earliest: '2026-12-30', latest: '2027-01-04' },
    });
    // The order placed now carries the same estimate.
    expect(await estimateOf()).toMatchObject({
      earliest: '2027-01-05',
      label: 'Tuesday 5 January',
    });

    const removed = await manager.delete(`/api/v1/admin/delivery/closures/${closure.id}`);
    expect(removed.status).toBe(200);
    expect((await auditOf('delivery_closure', String(closure.id))).map((a) => a.action)).toEqual([
      'delivery.closure.add',
      'delivery.closure.remove',
    ]);
    // Dispatched Thursday 24; Friday 25 and Monday 28 are bank holidays: Tuesday 29.
    const reopened = await offered(await basketAt());
    expect(reopened.find((o) => o.id === 'uk-next-day')).toMatchObject({
      estimate: { earliest: '2026-12-29' },
    });
    expect(await estimateOf()).toMatchObject({ earliest: '2026-12-29' });
  });

  it('ships the 2025–2027 bank holidays as the data file has them; the refresh replaces them', async () => {
    const stored = await t.handle.db
      .selectFrom('bank_holidays')
      .select(['division', 'day as date', 'title'])
      .orderBy('division')
      .orderBy('day')
      .execute();
    const byDivision = (list: { division: string; date: string }[]) =>
      [...list].sort(
        (a, b) => a.division.localeCompare(b.division) || a.date.localeCompare(b.date),
      );
    expect(stored).toEqual(byDivision(shipped));

    const next = [
      ...shipped,
      { division: 'england-and-wales' as const, date: '2028-01-03', title: 'New Year’s Day' },
    ];
    expect(await storeBankHolidays(t.handle.db, next)).toEqual({ before: 81, after: 82 });
    expect(
      await t.handle.db
        .selectFrom('bank_holidays')
        .select('day')
        .where('day', '=', '2028-01-03')
        .execute(),
    ).toHaveLength(1);
    const [audit] = await auditOf('bank_holidays', 'gov.uk');
    expect(audit).toMatchObject({ action: 'delivery.bank_holidays.refresh', actor: 'cli' });
    await storeBankHolidays(t.handle.db, shipped);
  });
});
