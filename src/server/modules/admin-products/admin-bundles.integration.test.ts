/**
 * A bundle's parts and price edited in the back office (issue 22): the parts replaced in
 * one write with the price, audited with the parts before and after, the shop showing the
 * bundle's new make-up and the stock its parts allow at once; parts that are not plain
 * existing variations, quantities outside 1–99, a part listed twice, and a part of a
 * bundle made into a bundle are refused naming the field, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('a bundle’s parts and price on %s', (engine) => {
  let t: TestApp;
  let manager: Shopper;
  let support: Shopper;
  let pairId: number;
  let familyId: number;
  let pairFamilyId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { catalogueCacheMs: 60_000 });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
    const family = await manager.post('/api/v1/admin/products', {
      name: 'Bundle fern',
      slug: 'bundle-fern',
      category: 'house-plants',
      description: 'A fern.',
      variations: [
        { sku: 'BF-60', price: 2499, options: { Size: '60cm' }, stock: 9 },
        { sku: 'BF-90', price: 3999, options: { Size: '90cm' }, stock: 4 },
      ],
    });
    expect(family.status).toBe(201);
    familyId = family.body.data.product.id;
    const pair = await manager.post('/api/v1/admin/products', {
      name: 'Fern pair',
      slug: 'bundle-fern-pair',
      category: 'house-plants',
      description: 'Two ferns.',
      variations: [{ sku: 'BF-PAIR', price: 4500, components: [{ sku: 'BF-60', quantity: 2 }] }],
    });
    expect(pair.status).toBe(201);
    pairFamilyId = pair.body.data.product.id;
    pairId = pair.body.data.product.variations[0].id;
  });
  afterAll(() => t.close());

  const parts = async () =>
    (await manager.get(`/api/v1/admin/products/${pairFamilyId}`)).body.data.product.variations[0]
      .components as { sku: string; quantity: number }[];
  const auditCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('replaces the parts and the price together, audited, and the shop shows them at once', async () => {
    const reply = await manager.patch(`/api/v1/admin/variations/${pairId}`, {
      price: 5500,
      components: [
        { sku: 'bf-60', quantity: 1 },
        { sku: 'BF-90', quantity: 3 },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await parts()).map((p) => [p.sku, p.quantity])).toEqual([
      ['BF-60', 1],
      ['BF-90', 3],
    ]);
    const shop = await new Shopper(t.app).get('/api/v1/products/bundle-fern-pair');
    const variation = shop.body.data.product.variations[0];
    expect(variation).toMatchObject({
      is_bundle: true,
      prices: { price: { amount: 5500 } },
      // BF-90 has 4 on hand: one bundle takes 3.
      quantity_available: 1,
      bundle_components: [
        { sku: 'BF-60', quantity: 1 },
        { sku: 'BF-90', quantity: 3 },
      ],
    });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'variation')
      .where('entity_id', '=', String(pairId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'variation.update',
      before: { price: 4500, components: [{ sku: 'BF-60', quantity: 2 }] },
      after: {
        price: 5500,
        components: [
          { sku: 'BF-60', quantity: 1 },
          { sku: 'BF-90', quantity: 3 },
        ],
      },
    });
  });

  it('refuses bad parts naming the field, writing nothing', async () => {
    const before = { parts: await parts(), audit: await auditCount() };
    const patch = (components: unknown) =>
      manager.patch(`/api/v1/admin/variations/${pairId}`, { price: 1, components });
    const cases: [unknown, string, RegExp][] = [
      [[{ sku: 'BF-60', quantity: 0 }], 'components.0.quantity', /1 or more/],
      [[{ sku: 'BF-60', quantity: 100 }], 'components.0.quantity', /99 or fewer/],
      [[{ sku: 'BF-60', quantity: 1.5 }], 'components.0.quantity', /whole number/],
      [
        [
          { sku: 'BF-60', quantity: 1 },
          { sku: 'bf-60', quantity: 2 },
        ],
        'components.1.sku',
        /listed twice/,
      ],
      [[{ sku: 'NO-SUCH', quantity: 1 }], 'components.0.sku', /No variation has the SKU NO-SUCH/],
      [[{ sku: 'BF-PAIR', quantity: 1 }], 'components.0.sku', /cannot contain itself/],
      [[{ sku: 'not a sku', quantity: 1 }], 'components.0.sku', /letters, digits and hyphens/],
    ];
    for (const [components, field, message] of cases) {
      const reply = await patch(components);
      expect(reply.status, JSON.stringify(components)).toBe(422);
      expect(reply.body.errors[field]?.[0], JSON.stringify(reply.body.errors)).toMatch(message);
    }
    // Another bundle cannot be a part.
    const other = await manager.post('/api/v1/admin/products', {
      name: 'Fern trio',
      slug: 'bundle-fern-trio',
      category: 'house-plants',
      variations: [{ sku: 'BF-TRIO', price: 6000, components: [{ sku: 'BF-90', quantity: 3 }] }],
    });
    expect(other.status).toBe(201);
    const nested = await patch([{ sku: 'BF-TRIO', quantity: 1 }]);
    expect(nested.body.errors['components.0.sku'][0]).toMatch(/BF-TRIO is a bundle/);
    const afterTrio = await auditCount();
    // A part of a bundle cannot become one.
    const family = (await manager.get(`/api/v1/admin/products/${familyId}`)).body.data.product;
    const sixty = family.variations.find((v: { sku: string }) => v.sku === 'BF-60');
    const partBecomesBundle = await manager.patch(`/api/v1/admin/variations/${sixty.id}`, {
      components: [{ sku: 'BF-90', quantity: 1 }],
    });
    expect(partBecomesBundle.status).toBe(422);
    expect(partBecomesBundle.body.errors.components[0]).toMatch(
      /BF-60 is a part of BF-PAIR, so it cannot be a bundle itself/,
    );
    expect(
      (await support.patch(`/api/v1/admin/variations/${pairId}`, { components: [] })).status,
    ).toBe(403);
    expect(await parts()).toEqual(before.parts);
    expect(await auditCount()).toBe(afterTrio);
    expect(afterTrio).toBeGreaterThan(before.audit);
  });
});
