/**
 * Products as CSV (ADR 062): the export holds every variation; an import's dry run lists
 * each row's change and each row's problem by line and writes nothing; a real import with
 * a problem writes nothing (422 by line); a clean one makes every change in one
 * transaction, audited, found by the shop's search at once; a wrong column is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('products as CSV on %s', (engine) => {
  let t: TestApp;
  let manager: Shopper;
  let support: Shopper;

  beforeAll(async () => {
    t = await createTestApp(engine, { catalogueCacheMs: 60_000 });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    support = (await signedInStaff(t.app, t.handle.db, 'support')).browser;
  });
  afterAll(() => t.close());

  const counts = async () => ({
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
    price: (
      await t.handle.db
        .selectFrom('products')
        .select('price')
        .where('sku', '=', 'ZZ-60')
        .executeTakeFirstOrThrow()
    ).price,
  });

  const exported = async () => {
    const reply = await manager.request({ method: 'GET', url: '/api/v1/admin/products.csv' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    return reply.body as unknown as string;
  };
  const importCsv = (csv: string, dryRun: boolean, as: Shopper = manager) =>
    as.post('/api/v1/admin/products/import', { csv, dry_run: dryRun });

  /** The export with ZZ-60's price set to `price`. */
  const withPrice = (csv: string, price: number) =>
    csv
      .split('\r\n')
      .map((line) => {
        if (!line.startsWith('ZZ-60,')) return line;
        const cells = line.split(',');
        // sku, family_slug, name, category, description… price is the 7th from the left
        // unless the description holds commas (quoted): count from the right instead.
        cells[cells.length - 6] = String(price);
        return cells.join(',');
      })
      .join('\r\n');

  const NEW_ROWS =
    'CSV-FERN-1,csv-fern,Csv Fern,house-plants,Imported fern,Size=30cm,1500,standard,4,no,,no\r\n' +
    'CSV-FERN-2,csv-fern,Csv Fern,house-plants,Imported fern,Size=60cm,2500,reduced,0,yes,2031-02-03,no\r\n';

  it('exports every variation with the columns import reads', async () => {
    const csv = await exported();
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe(
      'sku,family_slug,name,category,description,options,price,tax,stock,preorder,restock_date,discontinued',
    );
    expect(lines.some((line) => line.startsWith('OLV-120-GRY,artificial-olive-tree,'))).toBe(true);
    // Unchanged, it imports as nothing to do.
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.body.data.errors).toEqual([]);
    expect(dry.body.data.counts.create + dry.body.data.counts.update).toBe(0);
    expect(dry.body.data.counts.unchanged).toBe(lines.length);
  });

  it('a dry run lists every change and every error by line, writing nothing', async () => {
    const before = await counts();
    const csv =
      withPrice(await exported(), 1234) +
      NEW_ROWS +
      'BAD SKU,x,<b>X</b>,nope,,,-1,vat,,maybe,,no\r\n';
    const lineCount = csv.trim().split('\r\n').length;
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    const { changes, errors, counts: tally } = dry.body.data;
    expect(tally).toMatchObject({ create: 2, update: 1 });
    expect(changes.find((c: any) => c.sku === 'ZZ-60')).toMatchObject({
      action: 'update',
      fields: { price: [before.price, 1234] },
    });
    expect(changes.find((c: any) => c.sku === 'CSV-FERN-2')).toMatchObject({
      action: 'create',
      line: lineCount - 1,
    });
    expect(errors.map((e: any) => [e.line, e.field])).toEqual([
      [lineCount, 'sku'],
      [lineCount, 'name'],
      [lineCount, 'price'],
      [lineCount, 'tax'],
      [lineCount, 'preorder'],
    ]);
    expect(await counts()).toEqual(before);

    // The same file for real: refused by line, nothing written.
    const real = await importCsv(csv, false);
    expect(real.status).toBe(422);
    expect(Object.keys(real.body.errors)).toContain(`lines.${lineCount}.price`);
    expect(await counts()).toEqual(before);
  });

  it('imports in one go: prices changed, a new family made and found by search, audited', async () => {
    const before = await counts();
    const real = await importCsv(withPrice(await exported(), 1234) + NEW_ROWS, false);
    expect(real.status).toBe(200);
    expect(real.body.data.counts).toMatchObject({ create: 2, update: 1 });
    const after = await counts();
    expect(after.price).toBe(1234);
    expect(after.products).toBe(before.products + 3);
    const page = await new Shopper(t.app).get('/api/v1/products/csv-fern');
    expect(page.status).toBe(200);
    expect(
      page.body.data.product.variations.map((v: any) => [v.sku, v.prices.price.amount, v.preorder]),
    ).toEqual([
      ['CSV-FERN-1', 1500, false],
      ['CSV-FERN-2', 2500, true],
    ]);
    const found = await new Shopper(t.app).get('/api/v1/products?q=csv%20fern');
    expect(found.body.data.products.map((p: any) => p.slug)).toContain('csv-fern');
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', 'in', ['product.import', 'variation.update'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['product.import', 'variation.update']);
    const ledger = await t.handle.db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['m.change', 'm.reason'])
      .where('p.sku', '=', 'CSV-FERN-1')
      .execute();
    expect(ledger).toEqual([{ change: 4, reason: 'opening' }]);
  });

  it('refuses a wrong column, and needs products.manage', async () => {
    const wrong = await importCsv('sku,prize\r\nZZ-60,1\r\n', true);
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['csv']);
    expect(wrong.body.errors.csv[0]).toMatch(/Unknown columns: prize/);
    expect((await importCsv('sku\r\n', true, support)).status).toBe(403);
    expect(
      (await support.request({ method: 'GET', url: '/api/v1/admin/products.csv' })).status,
    ).toBe(403);
  });
});
