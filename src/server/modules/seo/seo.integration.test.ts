/**
 * What search engines and shared links read from the running shop (ADR 059): robots.txt,
 * sitemap.xml from the database, and the head of a served page (index.html's title and
 * description replaced, not doubled). A test shop (payments in test mode) keeps them out.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryView, FamilyView } from '../../../domain/api/catalogue.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import { seoRoutes } from './seo.routes.ts';
import { seoService } from './seo.service.ts';
import { sitemapRepository } from './sitemap.repository.ts';

const ORIGIN = 'https://shop.example';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

async function demoFamilies(t: TestApp): Promise<FamilyView[]> {
  const reply = await t.app.inject({ method: 'GET', url: '/api/v1/products?per_page=100' });
  return (reply.json() as { data: { products: FamilyView[] } }).data.products;
}

describe.each(ENGINES)(
  'robots.txt and sitemap.xml of a shop open to search engines (%s)',
  (engine) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { publicUrl: `${ORIGIN}/`, allowIndexing: true });
    });
    afterAll(() => t.close());

    it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=3600');
      expect(reply.headers['x-robots-tag']).toBeUndefined();
      expect(reply.body).toContain('User-agent: *\nDisallow: /checkout\n');
      expect(reply.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });

    it('sitemap.xml lists the home page, every category and every product, absolute', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=3600');
      const urls = locs(reply.body);
      const categories = (
        (await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).json() as {
          data: { categories: CategoryView[] };
        }
      ).data.categories;
      const families = await demoFamilies(t);
      const { rows } = await sql<{ count: string | number }>`
      SELECT count(*) AS count FROM products WHERE parent_id IS NULL`.execute(t.handle.db);
      expect(families.length).toBe(Number(rows[0]?.count));
      // Home, the categories in the shop's order, then the products.
      expect(urls.slice(0, 1 + categories.length)).toEqual([
        `${ORIGIN}/`,
        ...categories.map((c) => `${ORIGIN}/categories/${c.slug}`),
      ]);
      expect(new Set(urls)).toEqual(
        new Set([
          `${ORIGIN}/`,
          ...categories.map((c) => `${ORIGIN}/categories/${c.slug}`),
          ...families.map((f) => `${ORIGIN}/products/${f.slug}`),
        ]),
      );
      expect(urls).toHaveLength(1 + categories.length + families.length);
    });

    it('past the most URLs a file holds, sitemap.xml indexes files that page the products', async () => {
      const app = Fastify();
      seoRoutes(app, {
        seo: seoService({
          repository: sitemapRepository(t.handle.db),
          origin: ORIGIN,
          allowIndexing: true,
          maxUrls: 10,
        }),
      });
      try {
        const families = await demoFamilies(t);
        const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
        expect(index.body).toContain('<sitemapindex');
        const files = locs(index.body);
        expect(files).toHaveLength(1 + Math.ceil(families.length / 10));
        const listed: string[] = [];
        for (const file of files) {
          const reply = await app.inject({ method: 'GET', url: file.slice(ORIGIN.length) });
          expect(reply.statusCode, file).toBe(200);
          const urls = locs(reply.body);
          expect(urls.length, file).toBeLessThanOrEqual(10);
          listed.push(...urls);
        }
        const products = listed.filter((url) => url.includes('/products/'));
        expect(products.sort()).toEqual(families.map((f) => `${ORIGIN}/products/${f.slug}`).sort());
      } finally {
        await app.close();
      }
      const past = await t.app.inject({ method: 'GET', url: '/sitemaps/products-99.xml' });
      expect(past.statusCode).toBe(404);
      expect(past.json()).toMatchObject({ error_type: 'not_found' });
    });
  },
);

describe('the head of a served page', () => {
  let distDir: string;
  let shop: TestApp;
  let testShop: TestApp;
  let families: FamilyView[];
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'everbloom-seo-'));
    // The shop's own index.html, with its static title and description.
    const index = await readFile(join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    await writeFile(join(distDir, 'index.html'), index);
    [shop, testShop] = await Promise.all([
      createTestApp('pglite', { webDistDir: distDir, publicUrl: ORIGIN, allowIndexing: true }),
      createTestApp('pglite', { webDistDir: distDir, publicUrl: ORIGIN }),
    ]);
    families = await demoFamilies(shop);
  });
  afterAll(async () => {
    await Promise.all([shop.close(), testShop.close()]);
    await rm(distDir, { recursive: true, force: true });
  });

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    );

  it('a product page: its own title and description instead of index.html’s, canonical, Open Graph and Product data', async () => {
    const family = families.find((f) => f.variations.length > 1) ?? families[0];
    if (!family) throw new Error('No demo products');
    const reply = await shop.app.inject({
      method: 'GET',
      url: `/products/${family.slug}?variation=1`,
    });
    expect(reply.statusCode).toBe(200);
    const tags = head(reply.body);
    expect(tags.match(/<title>/g)).toHaveLength(1);
    expect(tags).toContain(`<title>${family.name} | Everbloom</title>`);
    expect(tags.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(tags).toContain(`<link rel="canonical" href="${ORIGIN}/products/${family.slug}" />`);
    expect(tags).toContain(
      `<meta property="og:image" content="${ORIGIN}${family.preview_image.src}" />`,
    );
    const product = jsonLd(tags).find((block) => block['@type'] === 'Product');
    expect(product?.name).toBe(family.name);
    expect(product?.offers).toHaveLength(family.variations.length);
    // The picture preload (ADR 032) is still there beside them.
    expect(tags).toContain('<link rel="preload" as="image"');
    // A data block only: the policy still runs no inline script.
    expect(reply.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it('the home page: the shop’s title once, the web site and its search', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: '/' });
    const tags = head(reply.body);
    expect(tags.match(/<title>/g)).toHaveLength(1);
    expect(tags).toContain('<title>Everbloom — artificial plants and flowers</title>');
    expect(tags).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(jsonLd(tags).map((block) => block['@type'])).toEqual(['WebSite', 'ItemList']);
  });

  it('other pages keep index.html’s head', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: '/basket' });
    const tags = head(reply.body);
    expect(tags).toContain('<title>Everbloom — artificial plants and flowers</title>');
    expect(tags).not.toContain('canonical');
  });

  it('a test shop keeps search engines out: robots.txt, no sitemap, X-Robots-Tag on every reply', async () => {
    const robots = await testShop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toMatch(/User-agent: \*\nDisallow: \/\n$/);
    expect(robots.body).not.toContain('Sitemap');
    const sitemap = await testShop.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(404);
    for (const url of ['/', `/products/${families[0]?.slug}`, '/api/v1/products']) {
      const reply = await testShop.app.inject({ method: 'GET', url });
      expect(reply.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    const open = await shop.app.inject({ method: 'GET', url: '/' });
    expect(open.headers['x-robots-tag']).toBeUndefined();
  });
});
