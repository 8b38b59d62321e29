/**
 * Search and browsing at size (issue #21, ADR 055, ADR 056): a throw-away PostgreSQL
 * database (at BENCH_PG_URL / TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), migrated, seeded with the demo data and
 * filled with BENCH_SEARCH_FAMILIES generated families (20,000; about three variations
 * each: npm run catalogue:generate's catalogue), then ANALYZEd. The app is built in this
 * process on that database, as the shop runs it (CATALOGUE_CACHE_SECONDS 5), and asked
 * through its routes (Fastify's inject: routing, parsing, serialisation; no sockets):
 *
 * - a fixed mix of 200 searches, GET /api/v1/products?q= (with facets): single words,
 *   two words, typos, prefixes, SKUs, no-match; and 100 suggestions for prefixes,
 *   GET /api/v1/search/suggestions?q=. Median and p95 for each kind, and as a ratio to a
 *   primary-key lookup timed in the same run. Targets: search p95 ≤ 20 ms,
 *   suggestions p95 ≤ 10 ms.
 * - the browsing pages' requests: the home page's list (page 1 and page 50), a category,
 *   a product page by slug (first read and kept), and a basket's view (built and reused).
 * - ADR 056's figures: the heap a kept family costs against the whole-catalogue copy it
 *   replaced, an app's start to its first product page, and the time from an edit to a
 *   second app (another process's view of the same database) showing it.
 *
 * Figures only, no assertions: `npm run bench:search`. The search engine is whatever the
 * app wires (search/*); rerun after it changes.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import {
  generateCatalogue,
  writeGeneratedCatalogue,
} from '../../src/server/cli/generated-catalogue.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { catalogueRepository } from '../../src/server/modules/catalogue/catalogue.repository.ts';
import {
  CATALOGUE_FAMILIES_PER_PROCESS,
  catalogueService,
} from '../../src/server/modules/catalogue/catalogue.service.ts';
import { Shopper } from '../../src/server/testing/test-app.ts';
import {
  formatNumber,
  numberSetting,
  printColumns,
  quantile,
  runBenchmark,
  throwAwayDatabase,
  timed,
} from '../lib/harness.ts';

const FAMILIES = numberSetting('BENCH_SEARCH_FAMILIES', 20_000, 100, 200_000);
const ROUNDS = numberSetting('BENCH_SEARCH_ROUNDS', 3, 1, 100);
const CACHE_MS = 5_000;
const SEARCH_P95_MS = 20;
const SUGGEST_P95_MS = 10;
const COOKIE_SECRET = 'bench-search-cookie-secret-0123456789abcdef';

const WORDS = [
  'olive',
  'monstera',
  'fern',
  'rose',
  'peony',
  'cactus',
  'palm',
  'ivy',
  'orchid',
  'lavender',
  'bamboo',
  'eucalyptus',
  'hydrangea',
  'succulent',
  'tulip',
  'maple',
  'jade',
  'aloe',
  'sunflower',
  'wreath',
];
const PAIRS = [
  'olive tree',
  'faux fern',
  'artificial rose',
  'silk peony',
  'tall palm',
  'hanging ivy',
  'pink orchid',
  'fake cactus',
  'boston fern',
  'kentia palm',
  'weeping fig',
  'snake plant',
  'peace lily',
  'bay tree',
  'pampas grass',
  'string pearls',
  'rubber plant',
  'lemon tree',
  'english ivy',
  'jade plant',
];
const TYPOS = [
  'olvie',
  'monstra',
  'hydrangia',
  'fren',
  'peoney',
  'catcus',
  'lavendar',
  'orkid',
  'eucalyptis',
  'bambo',
  'sunflwer',
  'tulipp',
  'succulant',
  'magnolia',
  'rubbr',
  'lemmon',
  'pampass',
  'kentai',
  'olive tre',
  'aloee',
];
const PREFIXES = [
  'ol',
  'mon',
  'hyd',
  'fer',
  'peo',
  'cac',
  'lav',
  'orc',
  'euc',
  'bam',
  'sun',
  'tul',
  'suc',
  'map',
  'rub',
  'lem',
  'pam',
  'ken',
  'ivy',
  'alo',
];
const NO_MATCH = [
  'xylophone',
  'carburettor',
  'quantum',
  'spreadsheet',
  'zzzz',
  'motorbike',
  'keyboard',
  'volcano',
  'sandwich',
  'telescope',
];

const ms = (value: number) => value.toFixed(2);

interface Figure {
  median: number;
  p95: number;
  count: number;
}

function figure(times: number[]): Figure {
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), count: times.length };
}

async function measure(runs: number, work: () => Promise<unknown>, warmup = 5): Promise<Figure> {
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const [, took] = await timed(work);
    if (i >= warmup) times.push(took);
  }
  return figure(times);
}

async function get(app: FastifyInstance, url: string): Promise<unknown> {
  const reply = await app.inject({ method: 'GET', url });
  if (reply.statusCode !== 200) throw new Error(`GET ${url} answered ${reply.statusCode}`);
  return reply.json();
}

const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function main() {
  if (!globalThis.gc) console.log('(run with node --expose-gc for heap figures)');
  const database = await throwAwayDatabase();
  if (typeof database === 'string') {
    console.log(`bench:search needs PostgreSQL: ${database}`);
    process.exitCode = 1;
    return;
  }
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  try {
    const { db } = handle;
    await migrate(handle);
    await seedDemoData(db);
    console.log(`Generating ${formatNumber(FAMILIES)} families…`);
    const [written, fillMs] = await timed(() =>
      writeGeneratedCatalogue(db, generateCatalogue(FAMILIES)),
    );
    await sql`VACUUM ANALYZE`.execute(db);
    console.log(
      `  ${formatNumber(written.families)} families, ${formatNumber(written.variations)} ` +
        `variations written in ${(fillMs / 1000).toFixed(1)} s`,
    );

    const sample = await sampleOf(db);
    const memory = await memoryFigures(db);

    const [app, startMs] = await timed(async () => {
      const built = await buildApp({
        db,
        cookieSecret: COOKIE_SECRET,
        logger: false,
        catalogueCacheMs: CACHE_MS,
      });
      await built.ready();
      await get(built, `/api/v1/products/${sample.slugs[0]}`);
      return built;
    });
    try {
      const pk = await measure(200, () =>
        db
          .selectFrom('products')
          .select(['id', 'sku'])
          .where('id', '=', sample.familyIds[0]!)
          .execute(),
      );
      const ratio = (f: Figure) => (f.median / Math.max(pk.median, 0.01)).toFixed(1);

      // The fixed mix: 200 searches in six kinds, each run ROUNDS times (first: warm-up).
      const mix: [string, string][] = [];
      for (let i = 0; i < 40; i++) mix.push(['single word', WORDS[i % WORDS.length]!]);
      for (let i = 0; i < 40; i++) mix.push(['two words', PAIRS[i % PAIRS.length]!]);
      for (let i = 0; i < 40; i++) mix.push(['typo', TYPOS[i % TYPOS.length]!]);
      for (let i = 0; i < 30; i++) mix.push(['prefix', PREFIXES[i % PREFIXES.length]!]);
      for (let i = 0; i < 30; i++) mix.push(['SKU', sample.skus[i % sample.skus.length]!]);
      for (let i = 0; i < 20; i++) mix.push(['no match', NO_MATCH[i % NO_MATCH.length]!]);
      const byKind = new Map<string, number[]>();
      const all: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        for (const [kind, q] of mix) {
          const [, took] = await timed(() =>
            get(app, `/api/v1/products?q=${encodeURIComponent(q)}`),
          );
          if (round === 0) continue;
          all.push(took);
          byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
        }
      }
      const suggest: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        for (let i = 0; i < 100; i++) {
          const word = [...WORDS, ...PAIRS][i % 40]!;
          const q = word.slice(0, 2 + (i % 4));
          const [, took] = await timed(() =>
            get(app, `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`),
          );
          if (round > 0) suggest.push(took);
        }
      }

      const rows: string[][] = [
        ['primary-key lookup', String(pk.count), ms(pk.median), ms(pk.p95), '1.0', ''],
      ];
      const target = (f: Figure, limit: number) => (f.p95 <= limit ? 'ok' : `MISSED (≤ ${limit})`);
      for (const [kind, times] of byKind) {
        const f = figure(times);
        rows.push([
          `search: ${kind}`,
          String(f.count),
          ms(f.median),
          ms(f.p95),
          ratio(f),
          target(f, SEARCH_P95_MS),
        ]);
      }
      const searchAll = figure(all);
      rows.push([
        'search: all 200',
        String(searchAll.count),
        ms(searchAll.median),
        ms(searchAll.p95),
        ratio(searchAll),
        target(searchAll, SEARCH_P95_MS),
      ]);
      const suggestAll = figure(suggest);
      rows.push([
        'suggestions (prefixes)',
        String(suggestAll.count),
        ms(suggestAll.median),
        ms(suggestAll.p95),
        ratio(suggestAll),
        target(suggestAll, SUGGEST_P95_MS),
      ]);

      // Browsing: the pages' own requests.
      const pages: [string, string][] = [
        ['home list, page 1', '/api/v1/products'],
        ['home list, page 50', '/api/v1/products?page=50'],
        ['category page (trees)', '/api/v1/products?category=trees'],
        ['category, price low–high', '/api/v1/products?category=house-plants&sort=price_asc'],
        ['categories with counts', '/api/v1/categories'],
      ];
      for (const [label, url] of pages) {
        const f = await measure(50, () => get(app, url));
        rows.push([label, String(f.count), ms(f.median), ms(f.p95), ratio(f), '']);
      }
      // A product page: first read of a family (a different one each time), then kept.
      let next = 0;
      const cold = await measure(
        50,
        () => get(app, `/api/v1/products/${sample.slugs[next++ % sample.slugs.length]}`),
        0,
      );
      rows.push([
        'product page, first read',
        String(cold.count),
        ms(cold.median),
        ms(cold.p95),
        ratio(cold),
        '',
      ]);
      const warm = await measure(50, () => get(app, `/api/v1/products/${sample.slugs[0]}`));
      rows.push([
        'product page, kept',
        String(warm.count),
        ms(warm.median),
        ms(warm.p95),
        ratio(warm),
        '',
      ]);
      // A basket of three lines (one a bundle): its view built, then reused.
      const shopper = new Shopper(app);
      for (const id of sample.basketIds) {
        const added = await shopper.post('/api/v1/basket', { product_id: id, quantity: 1 });
        if (added.status !== 200 && added.status !== 201) {
          throw new Error(`adding ${id} answered ${added.status}`);
        }
      }
      const reused = await measure(50, () => shopper.get('/api/v1/basket'));
      rows.push([
        'basket view (3 lines), reused',
        String(reused.count),
        ms(reused.median),
        ms(reused.p95),
        ratio(reused),
        '',
      ]);
      const fresh = await measure(20, async () => {
        await shopper.put(`/api/v1/basket/details`, { email_address: `b${next++}@example.com` });
      });
      rows.push([
        'basket write + view (3 lines)',
        String(fresh.count),
        ms(fresh.median),
        ms(fresh.p95),
        ratio(fresh),
        '',
      ]);

      console.log(
        `\n${formatNumber(written.families)} generated families (+ the demo's) on PostgreSQL, through the app's routes, ms:\n`,
      );
      printColumns(['request', 'runs', 'median', 'p95', '× pk', 'target'], rows, [0, 5]);

      // An edit seen by another process: a second app on the same database.
      const other = await buildApp({
        db,
        cookieSecret: COOKIE_SECRET,
        logger: false,
        catalogueCacheMs: CACHE_MS,
      });
      await other.ready();
      const slug = sample.slugs[1]!;
      await get(other, `/api/v1/products/${slug}`);
      const [, editMs] = await timed(async () => {
        await sql`UPDATE products SET name = name || ' (edited)' WHERE slug = ${slug}`.execute(db);
        for (;;) {
          const body = (await get(other, `/api/v1/products/${slug}`)) as {
            data: { product: { name: string } };
          };
          if (body.data.product.name.endsWith('(edited)')) return;
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await other.close();

      console.log('\nADR 056 figures:');
      printColumns(
        ['figure', 'value'],
        [
          ['whole-catalogue copy (before): load', `${formatNumber(memory.wholeLoadMs)} ms`],
          ['whole-catalogue copy (before): heap', `${(memory.wholeBytes / 1e6).toFixed(1)} MB`],
          ['a kept family, rows and view: heap', `${formatNumber(memory.perFamilyBytes)} bytes`],
          [
            `cache full (${formatNumber(CATALOGUE_FAMILIES_PER_PROCESS)} families): heap`,
            `${((memory.perFamilyBytes * CATALOGUE_FAMILIES_PER_PROCESS) / 1e6).toFixed(1)} MB`,
          ],
          ['app start to its first product page', `${formatNumber(startMs)} ms`],
          [
            `edit to another process showing it (cache ${CACHE_MS / 1000} s)`,
            `${formatNumber(editMs)} ms`,
          ],
        ],
        [0],
      );
      console.log(
        `\nTargets: search with facets p95 ≤ ${SEARCH_P95_MS} ms; suggestions p95 ≤ ${SUGGEST_P95_MS} ms.`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

/** Slugs, SKUs and ids from the generated families, spread over the catalogue. */
async function sampleOf(db: Db) {
  const families = await db
    .selectFrom('products')
    .select(['id', 'slug'])
    .where('parent_id', 'is', null)
    .where(sql<boolean>`id % 97 = 0`)
    .orderBy('id')
    .limit(200)
    .execute();
  const skus = await db
    .selectFrom('products')
    .select('sku')
    .where('parent_id', 'is not', null)
    .where(sql<boolean>`id % 1999 = 0`)
    .orderBy('id')
    .limit(30)
    .execute();
  const buyable = await db
    .selectFrom('products')
    .select('id')
    .where('parent_id', 'is not', null)
    .where('quantity_on_hand', '>', 5)
    .where('discontinued', '=', false)
    .where('is_bundle', '=', false)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const bundle = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.parent_id', 'is not', null)
    .where('p.is_bundle', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bundle_components as b')
            .innerJoin('products as c', 'c.id', 'b.component_id')
            .whereRef('b.bundle_id', '=', 'p.id')
            .where((c) => c.or([c('c.quantity_on_hand', '<', 3), c('c.discontinued', '=', true)]))
            .select('b.component_id'),
        ),
      ),
    )
    .orderBy('p.id', 'desc')
    .limit(1)
    .execute();
  return {
    familyIds: families.map((f) => f.id),
    slugs: families.map((f) => f.slug),
    skus: skus.map((s) => s.sku),
    basketIds: [...buyable.map((b) => b.id), ...bundle.map((b) => b.id)],
  };
}

/**
 * The heap of a whole-catalogue copy (what every process held before, ADR 005: every
 * family's rows, read here through the repository), and of a family kept now, measured
 * on a service of their own (not the app's).
 */
async function memoryFigures(db: Db) {
  const repository = catalogueRepository(db);
  const all = (
    await db.selectFrom('products').select('id').where('parent_id', 'is', null).execute()
  ).map((row) => row.id);
  if (all.length === 0) throw new Error('No catalogue');
  const before = heap();
  const [whole, wholeLoadMs] = await timed(async () => {
    const rows = [];
    for (let i = 0; i < all.length; i += 1_000) {
      rows.push(...(await repository.familiesOf(all.slice(i, i + 1_000))));
    }
    return rows;
  });
  const wholeBytes = heap() - before;
  const ids = all.slice(0, 2_000);
  const kept = catalogueService({ repository, cacheMs: 600_000 });
  const start = heap();
  for (let i = 0; i < ids.length; i += 100) await kept.familyViews(ids.slice(i, i + 100));
  const perFamilyBytes = (heap() - start) / (await kept.kept());
  // Keep both alive until measured.
  if (whole.length === 0 || !kept) throw new Error('unreachable');
  return { wholeLoadMs, wholeBytes, perFamilyBytes };
}

await runBenchmark(main);
