/**
 * The back office's products on a large catalogue (issue 22, ADR 062): BENCH_ADMIN_FAMILIES
 * generated families (20,000; npm run catalogue:generate's generator) written to the
 * benchmark's database and ANALYZEd; then the list (first page, a deep page, a name
 * search, a SKU, a category, the discontinued ones), one family as the edit page reads it,
 * and edits (a variation's price, a family's name: each a transaction with its audit
 * record, the search documents' triggers and the shop's view read back) are each timed
 * BENCH_ADMIN_RUNS times through the service the routes call. Target: p95 ≤ 50 ms.
 */
import { sql } from 'kysely';
import {
  generateCatalogue,
  writeGeneratedCatalogue,
} from '../../src/server/cli/generated-catalogue.ts';
import type { Db } from '../../src/server/db/client.ts';
import { adminProductsService } from '../../src/server/modules/admin-products/admin-products.service.ts';
import {
  csvHeader,
  csvRecord,
  parseProductsCsv,
} from '../../src/server/modules/admin-products/product-csv.ts';
import { catalogueRepository } from '../../src/server/modules/catalogue/catalogue.repository.ts';
import { catalogueService } from '../../src/server/modules/catalogue/catalogue.service.ts';
import type { StaffActor } from '../../src/server/modules/staff/staff-actor.ts';
import { formatNumber, printColumns, quantile, timed } from '../lib/harness.ts';

const TARGET_P95_MS = 50;
const CSV_ROWS = 5_000;

/**
 * `csvOnly` (BENCH_ADMIN_ONLY=csv): the catalogue filled (or reused) and the CSV import
 * timed, without the list and edit figures.
 */
export async function benchProducts(
  db: Db,
  families: number,
  runs: number,
  warmup: number,
  csvOnly = false,
) {
  const { present } = await db
    .selectFrom('products')
    .where('parent_id', 'is', null)
    .select(sql<string>`count(*)`.as('present'))
    .executeTakeFirstOrThrow();
  if (Number(present) >= families) {
    console.log(`\nReusing the database's ${formatNumber(Number(present))} product families`);
  } else {
    console.log(`\nGenerating ${formatNumber(families)} product families…`);
    const [written, fillMs] = await timed(() =>
      writeGeneratedCatalogue(db, generateCatalogue(families)),
    );
    await sql`VACUUM ANALYZE`.execute(db);
    console.log(
      `  ${formatNumber(written.families)} families, ${formatNumber(written.variations)} ` +
        `variations written in ${(fillMs / 1000).toFixed(1)} s`,
    );
  }
  const staff = await db
    .insertInto('staff')
    .values({ email: `bench-${Date.now()}@staff.test`, name: 'Bench', role: 'manager' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const actor: StaffActor = { staffId: staff.id, label: 'bench', role: 'manager', ip: null };
  const service = adminProductsService({
    db,
    catalogue: catalogueService({ repository: catalogueRepository(db), cacheMs: 5_000 }),
  });

  const middle = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('parent_id', 'is', null)
    .orderBy('id', 'desc')
    .offset(Math.floor(families / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const variation = await db
    .selectFrom('products')
    .select(['id', 'sku', 'price', 'parent_id'])
    .where('parent_id', 'is not', null)
    .where('is_bundle', '=', false)
    .orderBy('id', 'desc')
    .offset(Math.floor(families / 3))
    .limit(1)
    .executeTakeFirstOrThrow();
  const category = await db
    .selectFrom('categories')
    .select('slug')
    .orderBy('position')
    .executeTakeFirstOrThrow();
  const word = middle.name.split(' ').find((w) => w.length > 4) ?? middle.name;
  const deep = Buffer.from(String(middle.id + 1), 'utf8').toString('base64url');
  const page = { q: null, category: null, status: null, cursor: null, limit: 50 } as const;

  const measure = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs + warmup; i++) {
      const [, ms] = await timed(work);
      if (i >= warmup) times.push(ms);
    }
    return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
  };

  let flip = 0;
  const cases: [string, () => Promise<unknown>][] = [
    ['list: first page', () => service.list(page)],
    [
      `list: deep page (~${formatNumber(families / 2)})`,
      () => service.list({ ...page, cursor: deep }),
    ],
    [`list: name "${word}"`, () => service.list({ ...page, q: word })],
    [`list: SKU ${variation.sku}`, () => service.list({ ...page, q: variation.sku })],
    [`list: category ${category.slug}`, () => service.list({ ...page, category: category.slug })],
    ['list: discontinued', () => service.list({ ...page, status: 'discontinued' })],
    ['edit page: one family', () => service.get(middle.id)],
    [
      'edit: a variation’s price',
      () => service.updateVariation(actor, variation.id, { price: variation.price + (flip++ % 2) }),
    ],
    [
      'edit: a family’s name',
      () =>
        service.update(actor, middle.id, { name: flip++ % 2 ? `${middle.name} II` : middle.name }),
    ],
  ];

  // The machine's own speed in the same run: a primary-key lookup.
  const pk = await measure(() =>
    db.selectFrom('products').select(['id', 'sku']).where('id', '=', variation.id).execute(),
  );
  if (csvOnly) {
    await benchCsvImport(service, actor, pk.median);
    return;
  }
  const rows: string[][] = [['primary-key lookup', ms(pk.median), ms(pk.p95), '']];
  const misses: string[] = [];
  for (const [label, work] of cases) {
    const figure = await measure(work);
    const ok = figure.p95 <= TARGET_P95_MS;
    if (!ok) misses.push(label);
    rows.push([label, ms(figure.median), ms(figure.p95), ok ? 'ok' : 'MISSED']);
  }
  console.log(
    `\n${formatNumber(families)} generated families on PostgreSQL, ${runs} runs each, ms:\n`,
  );
  printColumns(['products', 'median', 'p95', `p95 ≤ ${TARGET_P95_MS}`], rows, [0, 3]);
  console.log(
    misses.length
      ? `\n${misses.length} product figures missed the target: ${misses.join(', ')}`
      : '\nEvery product figure met the target.',
  );
  await benchCsvImport(service, actor, pk.median);
}

/**
 * A CSV import of CSV_ROWS rows (issue 22): the export's last rows (generated families),
 * each with a new price, through the service the route
 * calls: the dry run (every row's change, nothing written), the import (every change in
 * one transaction, an audit record per variation), and the same file again (all
 * unchanged). Each once, in seconds, with the dry run as a multiple of the primary-key
 * lookup's median of this run.
 */
async function benchCsvImport(
  service: ReturnType<typeof adminProductsService>,
  actor: StaffActor,
  pkMs: number,
) {
  // The export's header and last records (an import takes at most 10,000 rows).
  const records: string[] = [];
  for await (const record of service.exportCsv()) records.push(record);
  // Generated variations only (SKUs like BIV-017721-60-BLK): the demo's own products
  // come first in the export, and a small catalogue's last rows would reach them.
  const chosen = parseProductsCsv(records[0]! + records.slice(-CSV_ROWS).join('')).rows.filter(
    (row) => /^[A-Z]{3}-\d{6}-/.test(row.sku),
  );
  const text =
    csvHeader() +
    chosen.map(({ line: _line, ...row }) => csvRecord({ ...row, price: row.price + 1 })).join('');
  const runs: [string, boolean][] = [
    ['dry run', true],
    ['import', false],
    ['the same file again', false],
  ];
  const lines: string[][] = [];
  for (const [label, dryRun] of runs) {
    const [result, ms] = await timed(() => service.importCsv(actor, text, dryRun));
    lines.push([
      label,
      String(result.counts.update),
      String(result.counts.unchanged),
      String(result.errors.length),
      (ms / 1000).toFixed(2),
      formatNumber(Math.round(ms / Math.max(pkMs, 0.01))),
    ]);
  }
  console.log(`\nCSV import of ${formatNumber(chosen.length)} rows on PostgreSQL, seconds:\n`);
  printColumns(['import', 'updates', 'unchanged', 'errors', 's', '× pk'], lines, [0]);
}

const ms = (value: number) => value.toFixed(2);
