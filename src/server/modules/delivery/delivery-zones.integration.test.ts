/**
 * Adding and deleting delivery zones in the back office (ADR 074): a new zone covers
 * nowhere until its coverage is set; a zone is deleted only when shoppers are offered
 * none of its options, its closed options and coverage going with it, and the places it
 * covered fall to the next rule that matches them. Each write has its audit record;
 * refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../testing/checkout.ts';
import {
  auditOf as auditOfEntity,
  deliveryAdmin,
  offeredTo,
  shopperAt,
} from '../../testing/delivery-admin.ts';
import { ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('delivery zones added and deleted on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  let manager: Shopper;
  let support: Shopper;

  beforeAll(async () => {
    ({ t, id, manager, support } = await deliveryAdmin(engine));
  });
  afterAll(() => t.close());

  const zones = () => t.handle.db.selectFrom('delivery_zones').selectAll().orderBy('id').execute();
  const auditOf = (zoneId: string) => auditOfEntity(t.handle.db, 'delivery_zone', zoneId);

  const shopper = (postcode: string) => shopperAt({ t, id }, postcode);
  const offered = async (browser: Browser) => (await offeredTo(browser)).map((o) => o.id);

  it('adds a zone (its id made from the name) with its audit record; refuses a taken id', async () => {
    const reply = await manager.post('/api/v1/admin/delivery/zones', {
      name: '  Orkney & Shetland ',
      reason: 'A new carrier',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data.zone).toEqual({
      id: 'orkney-shetland',
      name: 'Orkney & Shetland',
      tax_exempt: false,
      countries: [],
      postcode_areas: [],
      other_rules: [],
      options: [],
    });
    const [audit] = await auditOf('orkney-shetland');
    expect(audit).toMatchObject({
      action: 'delivery.zone.create',
      after: { id: 'orkney-shetland', name: 'Orkney & Shetland', tax_exempt: false },
      reason: 'A new carrier',
    });
    const listed = await manager.get('/api/v1/admin/delivery');
    expect(listed.body.data.zones.map((z: { id: string }) => z.id)).toContain('orkney-shetland');

    const again = await manager.post('/api/v1/admin/delivery/zones', {
      name: 'Orkney',
      id: 'Orkney-Shetland',
      tax_exempt: true,
    });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('delivery_zone_exists');
    expect(again.body.errors.id[0]).toMatch(/orkney-shetland is already a delivery zone/);
  });

  it('refuses bad zones field by field, and staff without delivery.manage', async () => {
    const before = await zones();
    const post = (body: unknown) => manager.post('/api/v1/admin/delivery/zones', body);
    const blank = await post({ name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty('name');
    const badId = await post({ name: 'Jersey', id: 'jersey zone!' });
    expect(badId.body.errors).toHaveProperty('id');
    const noWords = await post({ name: '£££' });
    expect(noWords.status).toBe(422);
    expect(noWords.body.errors).toHaveProperty('id');
    const badFlag = await post({ name: 'Jersey', tax_exempt: 'yes' });
    expect(badFlag.body.errors).toHaveProperty('tax_exempt');
    expect((await post({ name: 'Jersey', colour: 'red' })).status).toBe(422);
    expect((await post({ name: 'x'.repeat(81) })).body.errors).toHaveProperty('name');
    expect((await support.post('/api/v1/admin/delivery/zones', { name: 'Jersey' })).status).toBe(
      403,
    );
    expect((await support.delete('/api/v1/admin/delivery/zones/europe')).status).toBe(403);
    expect((await new Shopper(t.app).delete('/api/v1/admin/delivery/zones/europe')).status).toBe(
      401,
    );
    expect(await zones()).toEqual(before);
  });

  it('deletes a zone without options: the places it covered fall to the next rule', async () => {
    const kirkwall = await shopper('KW15 1AA');
    expect(await offered(kirkwall)).toEqual(['hi-standard', 'hi-express']);
    const covered = await manager.put('/api/v1/admin/delivery/zones/orkney-shetland/coverage', {
      countries: [],
      postcode_areas: ['KW15'],
    });
    expect(covered.status).toBe(200);
    // A zone with no options: nothing is delivered there.
    expect(await offered(kirkwall)).toEqual([]);

    const deleted = await manager.delete(
      '/api/v1/admin/delivery/zones/orkney-shetland?reason=Carrier%20fell%20through',
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.zone).toEqual({ id: 'orkney-shetland' });
    expect(await offered(kirkwall)).toEqual(['hi-standard', 'hi-express']);
    expect((await zones()).map((z) => z.id)).not.toContain('orkney-shetland');
    const rules = await t.handle.db
      .selectFrom('delivery_zone_rules')
      .selectAll()
      .where('zone_id', '=', 'orkney-shetland')
      .execute();
    expect(rules).toEqual([]);
    const audit = await auditOf('orkney-shetland');
    expect(audit.at(-1)).toMatchObject({
      action: 'delivery.zone.delete',
      before: {
        name: 'Orkney & Shetland',
        countries: [],
        postcode_rules: [expect.stringMatching(/^GBR \^KW15/)],
        closed_options: [],
      },
      reason: 'Carrier fell through',
    });
    expect((await manager.delete('/api/v1/admin/delivery/zones/orkney-shetland')).status).toBe(404);
    expect((await manager.delete('/api/v1/admin/delivery/zones/Not%20An%20Id')).status).toBe(404);
  });

  it('refuses to delete a zone whose option shoppers are offered; once it is closed, deletes it and the option', async () => {
    const belfast = await shopper('BT1 1AA');
    expect(await offered(belfast)).toEqual(['ni-standard']);
    expect(
      (await belfast.put('/api/v1/basket/delivery', { option_id: 'ni-standard' })).status,
    ).toBe(200);
    const refused = await manager.delete('/api/v1/admin/delivery/zones/northern-ireland');
    expect(refused.status).toBe(409);
    expect(refused.body.error_type).toBe('delivery_zone_in_use');
    expect(refused.body.message).toBe(
      'Shoppers are still offered Standard delivery in Northern Ireland. Close them first (untick Offered), then delete the zone.',
    );
    expect((await zones()).map((z) => z.id)).toContain('northern-ireland');
    expect(await offered(belfast)).toEqual(['ni-standard']);

    const closed = await manager.patch('/api/v1/admin/delivery/options/ni-standard', {
      active: false,
    });
    expect(closed.status).toBe(200);
    const deleted = await manager.delete('/api/v1/admin/delivery/zones/northern-ireland');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const option = await t.handle.db
      .selectFrom('delivery_options')
      .select('id')
      .where('id', '=', 'ni-standard')
      .executeTakeFirst();
    expect(option).toBeUndefined();
    // The basket that had chosen it has no chosen option; Belfast now falls to the rule
    // for the whole of GBR (UK mainland) — what the delete dialog warns of.
    const basket = (await belfast.get('/api/v1/basket')).body.data;
    expect(basket.delivery_option).toBeNull();
    expect(await offered(belfast)).toEqual(['uk-standard', 'uk-next-day', 'uk-saturday']);
    expect((await auditOf('northern-ireland')).at(-1)).toMatchObject({
      action: 'delivery.zone.delete',
      before: { closed_options: ['ni-standard'], postcode_rules: [expect.stringMatching(/^GBR/)] },
    });
  });
});
