/**
 * `node --import tsx bench/seo/sitemap.ts [families]`: how long sitemap.xml takes to
 * stream, and how much memory it holds, for a catalogue of `families` product families
 * (default 20,000) with two variations each, on PGlite and (with TEST_DATABASE_URL or
 * BENCH_PG_URL) PostgreSQL. The rows are minimal: the sitemap reads only ids and slugs.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { databaseUrl } from '../../src/server/testing/test-databases.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seoService } from '../../src/server/modules/seo/seo.service.ts';
import { sitemapRepository } from '../../src/server/modules/seo/sitemap.repository.ts';

const FAMILIES = Number(process.argv[2] ?? 20_000);

async function fill(handle: DatabaseHandle) {
  await migrate(handle);
  const db = handle.db;
  await sql`INSERT INTO categories (slug, name) VALUES ('bench-a', 'Bench A'), ('bench-b', 'Bench B')
    ON CONFLICT (slug) DO NOTHING`.execute(db);
  await sql`
    INSERT INTO products (slug, sku, name, category_id, image_path)
    SELECT 'bench-plant-' || n, 'BENCH-' || n, 'Bench plant ' || n,
           (SELECT min(id) FROM categories), 'products/bench.svg'
    FROM generate_series(1, ${FAMILIES}) AS n`.execute(db);
  await sql`
    INSERT INTO products (parent_id, slug, sku, name, category_id, image_path)
    SELECT p.id, p.slug || '-v' || v, p.sku || '-' || v, p.name, p.category_id, p.image_path
    FROM products p, generate_series(1, 2) AS v
    WHERE p.parent_id IS NULL AND p.slug LIKE 'bench-plant-%'`.execute(db);
  await sql`ANALYZE products`.execute(db);
}

async function measure(name: string, handle: DatabaseHandle) {
  const seo = seoService({
    repository: sitemapRepository(handle.db),
    origin: 'https://shop.example',
    allowIndexing: true,
  });
  const runs: number[] = [];
  let bytes = 0;
  let peak = 0;
  for (let run = 0; run < 5; run++) {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const start = performance.now();
    const sitemap = await seo.sitemap();
    if (!sitemap || sitemap.kind !== 'urlset') throw new Error('Expected one urlset');
    bytes = 0;
    for await (const piece of sitemap.body) {
      bytes += piece.length;
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${name}: ${FAMILIES} families, ${(bytes / 1e6).toFixed(2)} MB of XML, ` +
      `median ${runs[2]?.toFixed(0)} ms (min ${runs[0]?.toFixed(0)}, max ${runs[4]?.toFixed(0)}), ` +
      `heap growth while streaming ≤ ${(peak / 1e6).toFixed(1)} MB`,
  );
}

const lite = await openDatabase({ kind: 'pglite' });
await fill(lite);
await measure('PGlite', lite);
await lite.close();

const adminUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `seo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name) });
    try {
      await fill(handle);
      await measure('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
