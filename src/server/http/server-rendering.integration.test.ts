/**
 * The catalogue pages rendered on the server (ADR 057), with the server renderer built
 * from the source (vite.ssr.config.ts, into a temporary folder) and the shop's own
 * index.html: the pages' HTML carries the products and the data the browser hydrates
 * from; an unknown product or category is a 404 with its not-found page.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyView, ProductListView } from '../../domain/api/catalogue.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The page-state script's JSON (page-state.ts), or null. */
function pageState(html: string): { queries: { queryKey: unknown[]; state: unknown }[] } | null {
  const match = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as ReturnType<typeof pageState>) : null;
}

describe('server-rendered catalogue pages', () => {
  let folder: string;
  let shop: TestApp;
  let first: FamilyView;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'everbloom-ssr-'));
    await mkdir(join(folder, 'web'));
    await copyFile(join(ROOT, 'src/web/index.html'), join(folder, 'web/index.html'));
    await build({
      configFile: join(ROOT, 'vite.ssr.config.ts'),
      logLevel: 'silent',
      build: { outDir: join(folder, 'server') },
    });
    shop = await createTestApp('pglite', { webDistDir: join(folder, 'web') });
    const list = await shop.app.inject({ method: 'GET', url: '/api/v1/products' });
    const view = (list.json() as { data: ProductListView }).data;
    first = view.products[0]!;
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a page’s list once for its head tags, picture preload and render', async () => {
    // The catalogue kept as the shop runs it, so only the lists' reads are counted.
    const kept = await createTestApp('pglite', {
      webDistDir: join(folder, 'web'),
      catalogueCacheMs: 60_000,
    });
    const statementsOf = async (url: string) => {
      await kept.app.inject({ method: 'GET', url }); // families and categories kept
      const before = kept.handle.statements.total;
      const reply = await kept.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      return kept.handle.statements.total - before;
    };
    for (const [page, list] of [
      ['/search?q=fern', '/api/v1/products?q=fern'],
      ['/?sort=price_asc', '/api/v1/products?sort=price_asc'],
    ] as const) {
      const listStatements = await statementsOf(list);
      expect(listStatements).toBeGreaterThan(0);
      // Three readers of the same list, one read: the page costs what its list costs.
      expect(await statementsOf(page)).toBe(listStatements);
    }
    await kept.close();
  });

  it('renders the home page with its products, and sends the list it was rendered from', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: '/' });
    expect(reply.statusCode).toBe(200);
    const root = reply.body.slice(reply.body.indexOf('<div id="root">'));
    expect(root).toContain(`>${first.name}</a>`);
    expect(root).not.toContain('class="loading-overlay');
    const state = pageState(reply.body);
    expect(state?.queries.map((query) => query.queryKey[0])).toEqual(
      expect.arrayContaining(['products', 'categories']),
    );
    expect(JSON.stringify(state)).toContain(first.name);
    // Personal parts render logged out and empty: the browser fills them in.
    expect(root).toContain('>Log in</a>');
  });

  it('sends the rendered page compressed to a browser that accepts it', async () => {
    const reply = await shop.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
  });

  it('renders a product page with its name, price and the product in the page state', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: first.url });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(new RegExp(`<h1[^>]*>${first.name}</h1>`));
    expect(reply.body).toContain('Add to basket');
    expect(pageState(reply.body)?.queries).toEqual([
      expect.objectContaining({
        queryKey: ['product', first.slug],
        state: expect.objectContaining({ status: 'success' }),
      }),
    ]);
  });

  it('answers 404 with the not-found page for an unknown product, and hands the 404 on', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: '/products/no-such-plant' });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toContain('Sorry, we can’t find that product');
    expect(JSON.stringify(pageState(reply.body))).toContain('"api_error":{"status":404');
  });

  it('answers 404 for an unknown category', async () => {
    const reply = await shop.app.inject({ method: 'GET', url: '/categories/no-such-category' });
    expect(reply.statusCode).toBe(404);
  });

  it('escapes markup in the page state, and leaves other pages to the browser', async () => {
    const search = await shop.app.inject({
      method: 'GET',
      url: `/search?q=${encodeURIComponent('</script><script>alert(1)</script>')}`,
    });
    expect(search.statusCode).toBeLessThan(500);
    expect(search.body).not.toContain('<script>alert(1)');
    const basket = await shop.app.inject({ method: 'GET', url: '/basket' });
    expect(basket.statusCode).toBe(200);
    expect(basket.body).not.toContain('id="page-state"');
    expect(basket.body).toContain('class="loading-overlay');
  });
});
