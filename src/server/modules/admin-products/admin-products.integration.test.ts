/**
 * Products in the back office (issue 22, ADR 062): creating a family with variations
 * (found by the shop's search at once, stock through the ledger, audited), changing a
 * family and a variation, old slugs answering 301, conflicts and bad input refused with
 * nothing written, permissions, and a price change while a basket holds the item (the
 * basket shows the new price; an order is charged the total the shopper saw, ADR 037).
 * The app keeps its catalogue for a minute, so every check that a change shows at once
 * also proves this process dropped what it kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, fillBasket, FRICTIONLESS_3DS } from '../../testing/checkout.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('products in the back office on %s', (engine) => {
  let t: TestApp;
  let manager: Shopper;
  let support: Shopper;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      catalogueCacheMs: 60_000,
      cardTestingLimits: { failures: 1_000, clientTokens: 1_000 },
    });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
  });
  afterAll(() => t.close());

  const fern = (suffix: string, extra: Record<string, unknown> = {}) => ({
    name: `Velvet Fern ${suffix}`,
    slug: `velvet-fern-${suffix}`,
    category: 'house-plants',
    description: 'A soft, lifelike fern.',
    variations: [
      { sku: `VF-${suffix}-60`, price: 2499, options: { Size: '60cm' }, stock: 7 },
      { sku: `VF-${suffix}-90`, price: 3999, options: { Size: '90cm' }, stock: 0 },
    ],
    ...extra,
  });

  const countRows = async () => ({
    products: Number(
      (
        await t.handle.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('creates a family with two variations: the shop’s shape, found by search at once', async () => {
    const category = (await new Shopper(t.app).get('/api/v1/categories')).body.data.categories[0]
      .slug as string;
    const created = await manager.post('/api/v1/admin/products', {
      ...fern('a'),
      category,
    });
    expect(created.status).toBe(201);
    const product = created.body.data.product;
    expect(product).toMatchObject({
      name: 'Velvet Fern a',
      slug: 'velvet-fern-a',
      url: '/products/velvet-fern-a',
      description: 'A soft, lifelike fern.',
      primary_category: { slug: category },
      discontinued: false,
    });
    expect(product.variations.map((v: any) => [v.sku, v.prices.price.amount])).toEqual([
      ['VF-A-60', 2499],
      ['VF-A-90', 3999],
    ]);
    expect(product.variations[0].options[0]).toMatchObject({
      option: { name: 'Size', slug: 'size' },
      value: { name: '60cm', slug: '60cm' },
    });
    expect(product.variations[0].quantity_available).toBe(7);
    expect(product.prices.price.amount).toBe(2499);

    // The shop finds it by search and shows the same product, straight away.
    const found = await new Shopper(t.app).get('/api/v1/products?q=velvet%20fern');
    expect(found.status).toBe(200);
    expect(found.body.data.products.map((p: any) => p.slug)).toContain('velvet-fern-a');
    const page = await new Shopper(t.app).get('/api/v1/products/velvet-fern-a');
    expect(page.status).toBe(200);
    expect(page.body.data.product.id).toBe(product.id);

    // Stock went through the ledger as an opening movement by this member of staff.
    const ledger = await t.handle.db
      .selectFrom('stock_movements')
      .select(['change', 'before', 'after', 'reason', 'staff_id'])
      .where('product_id', '=', product.variations[0].id)
      .execute();
    expect(ledger).toEqual([
      expect.objectContaining({ change: 7, before: 0, after: 7, reason: 'opening' }),
    ]);
    expect(ledger[0]?.staff_id).not.toBeNull();

    // One audit record holds what was made.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'product.create')
      .where('entity_id', '=', String(product.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ slug: 'velvet-fern-a', variations: [{}, {}] });

    // The back office's own reads show it.
    const read = await manager.get(`/api/v1/admin/products/${product.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.product).toMatchObject({
      slug: 'velvet-fern-a',
      category: { slug: category },
      old_slugs: [],
      variations: [
        { sku: 'VF-A-60', price: 2499, tax: 'standard', options: { Size: '60cm' }, stock: 7 },
        { sku: 'VF-A-90', price: 3999, tax: 'standard', options: { Size: '90cm' }, stock: 0 },
      ],
    });
    const list = await manager.get('/api/v1/admin/products?q=velvet');
    expect(list.status).toBe(200);
    expect(list.body.data.products[0]).toMatchObject({
      id: product.id,
      name: 'Velvet Fern a',
      price: 2499,
      variations: 2,
      stock: 7,
      discontinued: false,
    });
    const bySku = await manager.get('/api/v1/admin/products?q=vf-a-90');
    expect(bySku.body.data.products.map((p: any) => p.id)).toEqual([product.id]);
  });

  it('refuses a duplicate SKU or slug with 409 naming the field, writing nothing', async () => {
    const before = await countRows();
    const sku = await manager.post(
      '/api/v1/admin/products',
      fern('b', {
        variations: [{ sku: 'vf-a-60', price: 100, options: { Size: '60cm' }, stock: 1 }],
      }),
    );
    expect(sku.status).toBe(409);
    expect(sku.body.error_type).toBe('sku_exists');
    expect(Object.keys(sku.body.errors)).toEqual(['variations.0.sku']);
    const slug = await manager.post('/api/v1/admin/products', fern('c', { slug: 'velvet-fern-a' }));
    expect(slug.status).toBe(409);
    expect(slug.body.error_type).toBe('slug_exists');
    expect(Object.keys(slug.body.errors)).toEqual(['slug']);
    expect(await countRows()).toEqual(before);
  });

  it('refuses bad input per field: negative price, markup, bad slug, unknown category', async () => {
    const before = await countRows();
    const bad = await manager.post('/api/v1/admin/products', {
      name: '<script>alert(1)</script>',
      slug: 'Not A Slug!',
      category: 'house-plants',
      description: 'Fine <b>bold</b>',
      variations: [{ sku: 'OK-1', price: -5, options: { Size: '<i>60</i>' } }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error_type).toBe('validation');
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ['description', 'name', 'slug', 'variations.0.options.Size', 'variations.0.price'].sort(),
    );
    const category = await manager.post('/api/v1/admin/products', fern('d', { category: 'nope' }));
    expect(category.status).toBe(422);
    expect(Object.keys(category.body.errors)).toEqual(['category']);
    const twins = await manager.post(
      '/api/v1/admin/products',
      fern('e', {
        variations: [
          { sku: 'TW-1', price: 100, options: { Size: '60cm' } },
          { sku: 'TW-1', price: 100, options: { Size: '60cm' } },
        ],
      }),
    );
    expect(twins.status).toBe(422);
    expect(Object.keys(twins.body.errors).sort()).toEqual([
      'variations.1.options',
      'variations.1.sku',
    ]);
    const preorder = await manager.post(
      '/api/v1/admin/products',
      fern('f', { variations: [{ sku: 'PO-1', price: 100, preorder: true }] }),
    );
    expect(preorder.status).toBe(422);
    expect(Object.keys(preorder.body.errors)).toEqual(['variations.0.restock_date']);
    expect((await manager.post('/api/v1/admin/products', [])).status).toBe(422);
    expect(await countRows()).toEqual(before);
  });

  it('renames a family: the old slug answers 301 from the API and the product page', async () => {
    const created = await manager.post('/api/v1/admin/products', fern('g'));
    const id = created.body.data.product.id as number;
    const renamed = await manager.patch(`/api/v1/admin/products/${id}`, {
      name: 'Velvet Fern Deluxe',
      slug: 'velvet-fern-deluxe',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.product).toMatchObject({
      name: 'Velvet Fern Deluxe',
      slug: 'velvet-fern-deluxe',
    });
    const api = await new Shopper(t.app).get('/api/v1/products/velvet-fern-g?x=1');
    expect(api.status).toBe(301);
    expect(api.headers.location).toBe('/api/v1/products/velvet-fern-deluxe?x=1');
    const page = await t.app.inject({ method: 'GET', url: '/products/velvet-fern-g' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/products/velvet-fern-deluxe');
    // Renamed again: both old addresses go straight to the current one.
    await manager.patch(`/api/v1/admin/products/${id}`, { slug: 'velvet-fern-royal' });
    const first = await new Shopper(t.app).get('/api/v1/products/velvet-fern-g');
    expect(first.headers.location).toBe('/api/v1/products/velvet-fern-royal');
    expect((await manager.get(`/api/v1/admin/products/${id}`)).body.data.product.old_slugs).toEqual(
      ['velvet-fern-g', 'velvet-fern-deluxe'],
    );
    // A slug another product has: 409; an unknown slug: still 404.
    const taken = await manager.patch(`/api/v1/admin/products/${id}`, { slug: 'velvet-fern-a' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ slug: [expect.any(String)] });
    expect((await new Shopper(t.app).get('/api/v1/products/no-such-fern')).status).toBe(404);
    // The search finds it by its new name at once.
    const found = await new Shopper(t.app).get('/api/v1/products?q=deluxe');
    expect(found.body.data.products.map((p: any) => p.id)).toContain(id);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'product.update')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit[0]?.before).toMatchObject({ slug: 'velvet-fern-g' });
    expect(audit[0]?.after).toMatchObject({ slug: 'velvet-fern-deluxe' });
  });

  it('changes a variation: price, VAT, stock through the ledger, pre-order, discontinued', async () => {
    const created = await manager.post('/api/v1/admin/products', fern('h'));
    const variation = created.body.data.product.variations[0];
    const changed = await manager.patch(`/api/v1/admin/variations/${variation.id}`, {
      price: 1999,
      tax: 'reduced',
      stock: 3,
      preorder: true,
      restock_date: '2030-01-15',
      options: { Size: '65cm' },
    });
    expect(changed.status).toBe(200);
    const shown = changed.body.data.product.variations.find((v: any) => v.id === variation.id);
    expect(shown).toMatchObject({
      prices: { price: { amount: 1999, tax: { amount: 95 } } },
      quantity_on_hand: 3,
      preorder: true,
      restock_date: '2030-01-15',
    });
    expect(shown.options[0].value.name).toBe('65cm');
    const ledger = await t.handle.db
      .selectFrom('stock_movements')
      .select(['change', 'before', 'after', 'reason'])
      .where('product_id', '=', variation.id)
      .orderBy('id')
      .execute();
    expect(ledger.at(-1)).toEqual({ change: -4, before: 7, after: 3, reason: 'correction' });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'variation.update')
      .where('entity_id', '=', String(variation.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ price: 2499, tax: 'standard', stock: 7 });
    expect(audit[0]?.after).toMatchObject({ price: 1999, tax: 'reduced', stock: 3 });

    const exempt = await manager.patch(`/api/v1/admin/variations/${variation.id}`, {
      tax: 'exempt',
    });
    expect(exempt.status).toBe(200);
    const read = await manager.get(`/api/v1/admin/products/${created.body.data.product.id}`);
    expect(read.body.data.product.variations[0].tax).toBe('exempt');

    // Discontinuing the family discontinues every variation; the list still shows it.
    const family = created.body.data.product.id as number;
    const off = await manager.patch(`/api/v1/admin/products/${family}`, { discontinued: true });
    expect(off.status).toBe(200);
    expect(off.body.data.product.discontinued).toBe(true);
    const listed = await manager.get('/api/v1/admin/products?status=discontinued');
    expect(listed.body.data.products.map((p: any) => p.id)).toContain(family);

    // A SKU another variation has: 409 naming sku; a negative price: 422; no such: 404.
    const clash = await manager.patch(`/api/v1/admin/variations/${variation.id}`, {
      sku: 'VF-A-60',
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      error_type: 'sku_exists',
      errors: { sku: [expect.any(String)] },
    });
    const negative = await manager.patch(`/api/v1/admin/variations/${variation.id}`, {
      price: -1,
    });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['price']);
    expect((await manager.patch('/api/v1/admin/variations/999999', { price: 1 })).status).toBe(404);
    expect((await manager.patch(`/api/v1/admin/variations/${family}`, { price: 1 })).status).toBe(
      404,
    );
  });

  it('adds a variation to a family, and makes a bundle of parts with its own price', async () => {
    const created = await manager.post('/api/v1/admin/products', fern('i'));
    const id = created.body.data.product.id as number;
    const added = await manager.patch(`/api/v1/admin/products/${id}`, {
      variations: [{ sku: 'VF-I-120', price: 5999, options: { Size: '120cm' }, stock: 2 }],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.product.variations.map((v: any) => v.sku)).toEqual([
      'VF-I-60',
      'VF-I-90',
      'VF-I-120',
    ]);
    const bundle = await manager.post('/api/v1/admin/products', {
      name: 'Fern pair',
      slug: 'fern-pair-i',
      category: 'house-plants',
      description: 'Two ferns.',
      variations: [
        { sku: 'VF-I-PAIR', price: 4500, components: [{ sku: 'VF-I-60', quantity: 2 }] },
      ],
    });
    expect(bundle.status).toBe(201);
    const made = bundle.body.data.product.variations[0];
    expect(made).toMatchObject({
      is_bundle: true,
      prices: { price: { amount: 4500 } },
      quantity_available: 3,
      bundle_components: [{ sku: 'VF-I-60', quantity: 2 }],
    });
    const stock = await manager.patch(`/api/v1/admin/variations/${made.id}`, { stock: 5 });
    expect(stock.status).toBe(422);
    expect(Object.keys(stock.body.errors)).toEqual(['stock']);
    const badPart = await manager.patch(`/api/v1/admin/variations/${made.id}`, {
      components: [{ sku: 'NOPE-1', quantity: 1 }],
    });
    expect(badPart.status).toBe(422);
    expect(Object.keys(badPart.body.errors)).toEqual(['components.0.sku']);
  });

  it('a price change reaches an open basket, and an order is charged the total shown', async () => {
    const created = await manager.post('/api/v1/admin/products', fern('j'));
    const variation = created.body.data.product.variations[0];
    const shopper = new Browser(t.app);
    await fillBasket(shopper, () => variation.id, [['VF-J-60', 1]]);
    const shownBefore = (await shopper.get('/api/v1/basket')).body.data;
    expect(shownBefore.items[0].price.amount).toBe(2499);

    const changed = await manager.patch(`/api/v1/admin/variations/${variation.id}`, {
      price: 2999,
    });
    expect(changed.status).toBe(200);
    const shownAfter = (await shopper.get('/api/v1/basket')).body.data;
    expect(shownAfter.items[0].price.amount).toBe(2999);
    expect(shownAfter.prices.total.amount).toBe(shownBefore.prices.total.amount + 500);

    // Paying for the total shown before the change is refused, nothing taken…
    const stale = await shopper.pay(FRICTIONLESS_3DS, {
      expected_total: shownBefore.prices.total.amount,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error_type).toBe('order_total_changed');
    // …and the total now shown is charged.
    const paid = await shopper.pay(FRICTIONLESS_3DS, {
      expected_total: shownAfter.prices.total.amount,
    });
    expect(paid.status).toBeLessThan(300);
    const order = await t.handle.db
      .selectFrom('orders')
      .select('amount')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(order.amount).toBe(shownAfter.prices.total.amount);
  });

  it('needs products.manage: 401 signed out, 403 for support', async () => {
    const anonymous = new Shopper(t.app);
    expect((await anonymous.get('/api/v1/admin/products')).status).toBe(401);
    expect((await anonymous.post('/api/v1/admin/products', fern('k'))).status).toBe(401);
    expect((await support.get('/api/v1/admin/products')).status).toBe(403);
    expect((await support.post('/api/v1/admin/products', fern('k'))).status).toBe(403);
    expect((await support.patch('/api/v1/admin/products/1', { name: 'X' })).status).toBe(403);
    expect((await support.patch('/api/v1/admin/variations/1', { price: 1 })).status).toBe(403);
    expect((await manager.get('/api/v1/admin/products/not-a-number')).status).toBe(404);
  });

  it('pages the list newest first by cursor, and refuses a forged cursor', async () => {
    const first = await manager.get('/api/v1/admin/products?limit=2');
    expect(first.body.data.products).toHaveLength(2);
    const cursor = first.body.data.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await manager.get(`/api/v1/admin/products?limit=2&cursor=${cursor}`);
    const ids = [...first.body.data.products, ...second.body.data.products].map((p: any) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
    expect((await manager.get('/api/v1/admin/products?cursor=!!')).status).toBe(422);
  });
});
