/**
 * Products as CSV (ADR 062): the export holds every variation; an import's dry run lists
 * each row's change and each row's problem by line and writes nothing; a real import with
 * a problem writes nothing (422 by line); a clean one makes every change in one
 * transaction, audited, found by the shop's search at once; a wrong column is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../testing/staff.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';
import { csvHeader, csvRecord, parseProductsCsv, type CsvProduct } from './product-csv.ts';

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

/**
 * The import writes set-based, a batch of rows per statement (ADR 062): here two rows a
 * batch, so a file of the whole catalogue is many batches, a new family of five
 * variations is split across three, and the result must be what the row-by-row writes
 * made: every field, the family's price from, the search documents (a bundle's too),
 * the stock ledger and one audit record per variation changed.
 */
describe.each(ENGINES)('a CSV import in batches on %s', (engine) => {
  let t: TestApp;
  let manager: Shopper;

  beforeAll(async () => {
    t = await createTestApp(engine, { productImportBatchRows: 2 });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
  });
  afterAll(() => t.close());

  const exportedRows = async () => {
    const reply = await manager.request({ method: 'GET', url: '/api/v1/admin/products.csv' });
    expect(reply.status).toBe(200);
    return parseProductsCsv(reply.body as unknown as string).rows;
  };
  const fileOf = (rows: Omit<CsvProduct, 'line'>[]) =>
    csvHeader() + rows.map((row) => csvRecord(row)).join('');
  const importCsv = (csv: string, dryRun: boolean) =>
    manager.post('/api/v1/admin/products/import', { csv, dry_run: dryRun });
  const product = (sku: string) =>
    t.handle.db
      .selectFrom('products')
      .select(['id', 'parent_id', 'name', 'price', 'quantity_on_hand', 'discontinued'])
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow();
  const documentOf = async (familyId: number) => {
    const { rows } = await sql<{ name: string; price: number; in_stock: boolean; skus: string[] }>`
      SELECT name, price, in_stock, skus FROM search_documents WHERE family_id = ${familyId}
    `.execute(t.handle.db);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('writes more rows than a batch, and a family split across batches, as row by row did', async () => {
    const rows = await exportedRows();
    const bySku = new Map(rows.map((row) => [row.sku, row]));
    const row = (sku: string) => {
      const found = bySku.get(sku);
      if (!found) throw new Error(`no ${sku} in the export`);
      return found;
    };
    const fern = await product('FERN-BOS');
    const trio = await product('BUNDLE-TRIO');
    expect((await documentOf(trio.parent_id!)).in_stock).toBe(true);
    const olive = await product('OLV-150-GRY');
    const maple = await product('MAPLE-150');
    const { id: lastAudit } = await t.handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    const edited = new Map<string, Omit<CsvProduct, 'line'>>([
      // A family renamed from one of its rows (the others carry the old name).
      ['OLV-90-BLK', { ...row('OLV-90-BLK'), name: 'Olive Tree Renamed', price: 4321 }],
      ['OLV-150-GRY', { ...row('OLV-150-GRY'), stock: olive.quantity_on_hand + 7 }],
      // A bundle's part sold out: the bundle's document goes out of stock too.
      ['FERN-BOS', { ...row('FERN-BOS'), stock: 0 }],
      ['FIG-120', { ...row('FIG-120'), options: { Size: '120cm', Colour: 'Sage Batch' } }],
      ['KENTIA-180', { ...row('KENTIA-180'), discontinued: true }],
    ]);
    const fresh = (n: number, price: number, stock: number, discontinued = false) => ({
      ...row('FERN-BOS'),
      sku: `BATCH-FERN-${n}`,
      family_slug: 'batch-fern',
      name: 'Batch Fern',
      category: 'house-plants',
      description: 'Five sizes, imported two rows at a time',
      options: { Size: `${n}0cm` },
      price,
      tax: 'standard' as const,
      stock,
      preorder: false,
      restock_date: null,
      discontinued,
    });
    const added = [
      fresh(1, 900, 0),
      // A new variation of an existing family, cheaper than the rest: its price from.
      {
        ...row('MAPLE-150'),
        sku: 'MAPLE-90',
        price: 100,
        stock: 4,
        options: { Size: '90cm' },
        preorder: false,
        restock_date: null,
      },
      fresh(2, 800, 3),
      fresh(3, 1000, 0),
      fresh(4, 700, 2, true),
      fresh(5, 1100, 1),
    ];
    const file = fileOf([...rows.map((r) => edited.get(r.sku) ?? r), ...added]);

    const dry = await importCsv(file, true);
    expect(dry.body.data.errors).toEqual([]);
    expect(dry.body.data.counts).toEqual({ create: 6, update: 5, unchanged: rows.length - 5 });
    const real = await importCsv(file, false);
    expect(real.status).toBe(200);
    expect(real.body.data.counts).toEqual(dry.body.data.counts);

    // The rename reached the family and every variation, and the shop's search.
    const oliveView = await new Shopper(t.app).get('/api/v1/products/artificial-olive-tree');
    expect(oliveView.body.data.product.name).toBe('Olive Tree Renamed');
    const oliveRows = await t.handle.db
      .selectFrom('products')
      .select(['name'])
      .where((eb) =>
        eb.or([eb('id', '=', olive.parent_id!), eb('parent_id', '=', olive.parent_id!)]),
      )
      .execute();
    expect(new Set(oliveRows.map((r) => r.name))).toEqual(new Set(['Olive Tree Renamed']));
    expect((await documentOf(olive.parent_id!)).name).toBe('Olive Tree Renamed');
    const oliveFamily = await t.handle.db
      .selectFrom('products')
      .select('price')
      .where('id', '=', olive.parent_id!)
      .executeTakeFirstOrThrow();
    expect(oliveFamily.price).toBe(4321);

    // The new family: five variations in line order, its price from the cheapest on sale.
    const page = await new Shopper(t.app).get('/api/v1/products/batch-fern');
    expect(page.status).toBe(200);
    expect(
      page.body.data.product.variations.map((v: any) => [v.sku, v.prices.price.amount]),
    ).toEqual([
      ['BATCH-FERN-1', 900],
      ['BATCH-FERN-2', 800],
      ['BATCH-FERN-3', 1000],
      ['BATCH-FERN-4', 700],
      ['BATCH-FERN-5', 1100],
    ]);
    const batchFern = await product('BATCH-FERN-1');
    const batchDocument = await documentOf(batchFern.parent_id!);
    expect(batchDocument.price).toBe(800);
    expect(batchDocument.in_stock).toBe(true);
    expect(batchDocument.skus).toEqual(
      expect.arrayContaining([1, 2, 3, 4, 5].map((n) => `BATCH-FERN-${n}`)),
    );
    const found = await new Shopper(t.app).get('/api/v1/products?q=batch%20fern');
    expect(found.body.data.products.map((p: any) => p.slug)).toContain('batch-fern');
    expect((await documentOf(maple.parent_id!)).price).toBe(100);
    expect((await product('KENTIA-180')).discontinued).toBe(true);

    // The part sold out, and with it the bundle.
    expect((await product('FERN-BOS')).quantity_on_hand).toBe(0);
    expect((await documentOf(fern.parent_id!)).in_stock).toBe(false);
    expect((await documentOf(trio.parent_id!)).in_stock).toBe(false);
    const figView = await new Shopper(t.app).get('/api/v1/products/artificial-fiddle-leaf-fig');
    expect(JSON.stringify(figView.body.data.product)).toContain('Sage Batch');

    // The ledger: opening stock for the new, corrections for the changed, summing to levels.
    const ledger = await t.handle.db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['p.sku', 'm.change', 'm.before', 'm.after', 'm.reason', 'm.note'])
      .where('p.sku', 'in', [
        'OLV-150-GRY',
        'FERN-BOS',
        'MAPLE-90',
        ...[1, 2, 3, 4, 5].map((n) => `BATCH-FERN-${n}`),
      ])
      .orderBy('m.id')
      .execute();
    const latest = (sku: string) => ledger.filter((m) => m.sku === sku).at(-1);
    expect(latest('OLV-150-GRY')).toMatchObject({
      change: 7,
      before: olive.quantity_on_hand,
      after: olive.quantity_on_hand + 7,
      reason: 'correction',
      note: 'Level set on the product page',
    });
    expect(latest('FERN-BOS')).toMatchObject({
      change: -fern.quantity_on_hand,
      after: 0,
      reason: 'correction',
    });
    expect(
      ledger
        .filter((m) => m.reason === 'opening' && !['FERN-BOS', 'OLV-150-GRY'].includes(m.sku))
        .map((m) => [m.sku, m.change])
        .sort(),
    ).toEqual([
      ['BATCH-FERN-2', 3],
      ['BATCH-FERN-4', 2],
      ['BATCH-FERN-5', 1],
      ['MAPLE-90', 4],
    ]);
    for (const sku of new Set(ledger.map((m) => m.sku))) {
      const sum = ledger.filter((m) => m.sku === sku).reduce((total, m) => total + m.change, 0);
      expect([sku, sum]).toEqual([sku, (await product(sku)).quantity_on_hand]);
    }

    // One record per variation changed (not for new ones, as before), then the import's.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'before', 'after'])
      .where('id', '>', Number(lastAudit ?? 0))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      ...Array(5).fill('variation.update'),
      'product.import',
    ]);
    const record = async (sku: string) => {
      const { id } = await product(sku);
      return audit.find((a) => a.entity_id === String(id));
    };
    expect((await record('OLV-90-BLK'))?.after).toMatchObject({ price: 4321 });
    expect((await record('FERN-BOS'))?.before).toMatchObject({ stock: fern.quantity_on_hand });
    expect((await record('FERN-BOS'))?.after).toMatchObject({ stock: 0 });
    expect((await record('FIG-120'))?.before).toMatchObject({ options: { Size: '120cm' } });
    expect((await record('FIG-120'))?.after).toMatchObject({
      options: { Size: '120cm', Colour: 'Sage Batch' },
    });
    expect(audit.at(-1)?.after).toEqual(real.body.data.counts);

    // Exported again, it imports as nothing to do.
    const again = await importCsv(fileOf(await exportedRows()), true);
    expect(again.body.data.errors).toEqual([]);
    expect(again.body.data.counts.create + again.body.data.counts.update).toBe(0);
  });

  // ADR 076's lock order: a checkout locks products, then search documents. The import
  // takes every product row it needs first, so while it waits for one (held here, as by
  // a checkout) it holds no document that checkout's trigger could need.
  it.runIf(engine === 'postgres')(
    'waits for a product holding no search document (the lock order products, then documents)',
    async () => {
      const rows = await exportedRows();
      const pick = (sku: string) => rows.find((r) => r.sku === sku)!;
      // The olive tree's row comes first: row by row, its document was written before the
      // import reached ZZ-60.
      const file = fileOf([
        { ...pick('OLV-90-BLK'), price: pick('OLV-90-BLK').price + 1 },
        { ...pick('ZZ-60'), price: pick('ZZ-60').price + 1 },
      ]);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = () => {};
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = t.handle.db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM products WHERE sku = 'ZZ-60' FOR UPDATE`.execute(trx);
        held();
        await released;
      });
      await holding;
      const importing = importCsv(file, false);
      try {
        // Until the import waits for ZZ-60's row…
        for (let i = 0; ; i++) {
          const { rows: waiting } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
          `.execute(t.handle.db);
          if (waiting[0]!.n > 0) break;
          if (i > 200) throw new Error('the import never waited for the product held');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        // …every search document is free to lock.
        await t.handle.db.transaction().execute(async (trx) => {
          await sql`SELECT family_id FROM search_documents FOR UPDATE NOWAIT`.execute(trx);
        });
      } finally {
        release();
        await holder;
      }
      const reply = await importing;
      expect(reply.status).toBe(200);
      expect(reply.body.data.counts).toMatchObject({ update: 2 });
    },
  );

  it('refuses a new family whose web address a variation has (409 by line)', async () => {
    const rows = await exportedRows();
    const zz = rows.find((r) => r.sku === 'ZZ-60')!;
    const { slug } = await t.handle.db
      .selectFrom('products')
      .select('slug')
      .where('sku', '=', 'ZZ-60')
      .executeTakeFirstOrThrow();
    const file = fileOf([
      { ...zz, price: zz.price + 1 },
      { ...zz, sku: 'CLASH-1', family_slug: slug, name: 'Clash' },
    ]);
    const before = await product('ZZ-60');
    const real = await importCsv(file, false);
    expect(real.status).toBe(409);
    expect(real.body.error_type).toBe('slug_exists');
    expect(Object.keys(real.body.errors)).toEqual(['lines.3.family_slug']);
    expect(await product('ZZ-60')).toEqual(before);
  });

  it('refuses the same SKU twice in a file, by line, writing nothing', async () => {
    const rows = await exportedRows();
    const zz = rows.find((r) => r.sku === 'ZZ-60')!;
    const file = fileOf([
      ...rows,
      { ...zz, price: zz.price + 1 },
      { ...zz, sku: 'TWICE-1', family_slug: 'twice', name: 'Twice' },
      { ...zz, sku: 'TWICE-1', family_slug: 'twice', name: 'Twice', price: 1 },
    ]);
    const duplicates = [rows.length + 2, rows.length + 4].map((line) => [line, 'sku']);
    const dry = await importCsv(file, true);
    expect(dry.body.data.errors.map((e: any) => [e.line, e.field])).toEqual(duplicates);
    expect(dry.body.data.errors[0].message).toBe(`ZZ-60 is also on line ${zz.line}`);
    const before = await product('ZZ-60');
    const real = await importCsv(file, false);
    expect(real.status).toBe(422);
    expect(Object.keys(real.body.errors).sort()).toEqual(
      duplicates.map(([line]) => `lines.${line}.sku`).sort(),
    );
    expect(await product('ZZ-60')).toEqual(before);
    expect(
      await t.handle.db.selectFrom('products').select('id').where('sku', '=', 'TWICE-1').execute(),
    ).toEqual([]);
  });
});
