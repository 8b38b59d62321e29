import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  PRODUCT_IMAGE_SIZES,
  type FamilyView,
} from '../../domain/api/catalogue.ts';
import { TURNSTILE_SCRIPT } from '../../domain/captcha.ts';
import { variationFromParam } from '../../domain/product-variation.ts';
import { turnstileVerifier } from '../adapters/captcha/turnstile.ts';
import { braintreeGateway } from '../adapters/payments/braintree.ts';
import { escapeHtml } from '../lib/html.ts';
import type { AppDeps } from '../app.ts';
import {
  appOnDatabase,
  createTestApp,
  ENGINES,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../testing/test-app.ts';

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Everbloom</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** INDEX as a shop in payments test mode serves it when it adds nothing else. */
const TEST_SHOP_INDEX = INDEX.replace(
  '  </head>',
  '  <meta name="test-shop" content="true" />\n  </head>',
);

describe('the served index.html', () => {
  let distDir: string;
  const apps: Pick<TestApp, 'app' | 'close'>[] = [];
  // The apps of one engine share one database: these tests only read it.
  let shared: TestDatabase;
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'everbloom-web-'));
    await writeFile(join(distDir, 'index.html'), INDEX);
    shared = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared.close();
    await rm(distDir, { recursive: true, force: true });
  });

  /** An app with `deps` on the shared PGlite database. */
  async function appWith(deps: Partial<AppDeps>) {
    const app = await appOnDatabase(shared.db, deps);
    const t = { app, close: () => app.close() };
    apps.push(t);
    return t;
  }

  async function page(paypalClientId: string | null | undefined, url = '/checkout/payment') {
    const t = await appWith({
      webDistDir: distDir,
      ...(paypalClientId === undefined
        ? {}
        : { wallets: { braintree: null, paypalClientId, googlePayMerchantId: null } }),
    });
    return t.app.inject({ method: 'GET', url });
  }

  it('sends an old catalogue address (/?category=) to its category page for good, keeping the rest', async () => {
    const moved = await page(null, '/?category=trees&sort=price_asc');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/categories/trees?sort=price_asc');
    // Not a category: the home page itself.
    expect((await page(null, '/?category=%3Cb%3E')).statusCode).toBe(200);
  });

  it('carries the configured PayPal client id in a meta tag in the head', async () => {
    const reply = await page('AbC-123_live');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const head = reply.body.slice(0, reply.body.indexOf('</head>'));
    expect(head).toContain('<meta name="paypal-client-id" content="AbC-123_live" />');
    expect(reply.body).toContain('<div id="root"></div>');
  });

  it('marks every page of a shop in payments test mode as the test shop’s, and no page of a Braintree shop', async () => {
    const testShop = await appWith({ webDistDir: distDir });
    for (const url of ['/', '/products/fern', '/checkout/payment', '/account']) {
      const reply = await testShop.app.inject({ method: 'GET', url });
      expect(reply.body.slice(0, reply.body.indexOf('</head>')), url).toContain(
        '<meta name="test-shop" content="true" />',
      );
    }
    const settings = {
      environment: 'production' as const,
      merchantId: 'merchant',
      publicKey: 'public',
      privateKey: 'private',
    };
    const live = await appWith({
      webDistDir: distDir,
      payments: braintreeGateway(settings),
    });
    for (const url of ['/', '/checkout/payment']) {
      expect((await live.app.inject({ method: 'GET', url })).body, url).not.toContain('test-shop');
    }
  });

  it('escapes the client id, so a strange value cannot break out of the attribute', async () => {
    const reply = await page('x" /><script>alert(1)</script>&\'');
    expect(reply.body).toContain(
      '<meta name="paypal-client-id" content="x&quot; /&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;" />',
    );
    expect(reply.body).not.toContain('<script>alert(1)</script>');
  });

  it('has no PayPal meta tag when no client id is configured', async () => {
    for (const id of [undefined, null, '']) {
      const reply = await page(id, '/order/thank-you/abc');
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toBe(TEST_SHOP_INDEX);
      expect(reply.body).not.toContain('paypal-client-id');
    }
  });

  it('the login page preloads Turnstile’s widget script; other pages and the offline test mode do not', async () => {
    const preload = `<link rel="preload" as="script" href="${escapeHtml(TURNSTILE_SCRIPT)}" />`;
    const turnstile = await appWith({
      webDistDir: distDir,
      captcha: turnstileVerifier({ secretKey: 'secret', siteKey: 'site-key' }),
    });
    const login = await turnstile.app.inject({ method: 'GET', url: '/login?redirect=%2Faccount' });
    expect(login.body.slice(0, login.body.indexOf('</head>'))).toContain(preload);
    for (const url of ['/login/reset-password?token=abc', '/basket', '/checkout']) {
      const other = await turnstile.app.inject({ method: 'GET', url });
      expect(other.body, url).toBe(TEST_SHOP_INDEX);
    }
    const offline = await appWith({ webDistDir: distDir });
    expect((await offline.app.inject({ method: 'GET', url: '/login' })).body).toBe(TEST_SHOP_INDEX);
  });

  describe('the list pages preload their first picture (ADR 032)', () => {
    async function firstPicture(t: Pick<TestApp, 'app'>, query: string) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}` });
      const [first] = (reply.json() as { data: { products: FamilyView[] } }).data.products;
      if (!first) throw new Error(`No products for ${query}`);
      return first.preview_image;
    }

    function preloads(body: string): string[] {
      const head = body.slice(0, body.indexOf('</head>'));
      return head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    }

    it.each(ENGINES)(
      'names the picture the first card shows, for the list the query asks for (%s)',
      async (engine) => {
        let t: Pick<TestApp, 'app' | 'close'>;
        if (engine === 'pglite') t = await appWith({ webDistDir: distDir });
        else apps.push((t = await createTestApp(engine, { webDistDir: distDir })));
        // The home page and a category page, as the list pages ask for them.
        for (const [page, query] of [
          ['/', ''],
          ['/?sort=price_desc', '?sort=price_desc'],
          ['/?page=2&sort=price_asc&per_page=3', '?page=2&sort=price_asc'],
          ['/categories/trees?sort=price_desc', '?category=trees&sort=price_desc'],
          // A search, and a filtered list (prices in pounds on the page, pence in the API).
          ['/search?q=olive', '?q=olive'],
          [
            '/categories/trees?min_price=60&in_stock=1',
            '?category=trees&price_min=6000&in_stock=true',
          ],
        ] as const) {
          const image = await firstPicture(t, query);
          const reply = await t.app.inject({ method: 'GET', url: page });
          expect(reply.statusCode).toBe(200);
          expect(preloads(reply.body)).toEqual([
            `<link rel="preload" as="image" href="${escapeHtml(image.src)}"` +
              ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(CARD_IMAGE_SIZES)}"` +
              ` fetchpriority="high" />`,
          ]);
          expect(reply.body).toContain('<div id="root"></div>');
        }
      },
    );

    it('names the product page picture: the chosen variation, else the default one', async () => {
      const t = await appWith({ webDistDir: distDir });
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
      const families = (list.json() as { data: { products: FamilyView[] } }).data.products;
      const family = families.find(
        (f) => new Set(f.variations.map((v) => v.preview_image.src)).size > 1,
      );
      if (!family) throw new Error('No demo product whose variations have different pictures');
      const chosen = family.variations.find((v) => v !== variationFromParam(family, null));
      if (!chosen) throw new Error('No second variation');
      for (const [query, image] of [
        ['', variationFromParam(family, null)?.preview_image],
        [`?variation=${chosen.id}`, chosen.preview_image],
      ] as const) {
        if (!image) throw new Error('No picture');
        const reply = await t.app.inject({
          method: 'GET',
          url: `/products/${family.slug}${query}`,
        });
        expect(preloads(reply.body)).toEqual([
          `<link rel="preload" as="image" href="${escapeHtml(image.src)}"` +
            ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(PRODUCT_IMAGE_SIZES)}"` +
            ` fetchpriority="high" />`,
        ]);
      }
    });

    it('gives other pages, an unknown product and a category with no products no preload', async () => {
      const t = await appWith({ webDistDir: distDir });
      for (const url of ['/basket', '/login', '/products/no-such-plant', '/categories/no-such']) {
        const reply = await t.app.inject({ method: 'GET', url });
        expect(reply.statusCode).toBe(200);
        expect(preloads(reply.body)).toEqual([]);
      }
    });
  });

  describe('pages preload the code they import first, from the build manifest (ADR 033)', () => {
    let builtDir: string;
    const script = `export const plant = '${'fern '.repeat(400)}';\n`;
    beforeAll(async () => {
      builtDir = await mkdtemp(join(tmpdir(), 'everbloom-web-built-'));
      await mkdir(join(builtDir, '.vite'));
      await mkdir(join(builtDir, 'assets'));
      await writeFile(join(builtDir, 'index.html'), INDEX);
      await writeFile(
        join(builtDir, '.vite/manifest.json'),
        JSON.stringify({
          'main.tsx': { file: 'assets/index-a1.js', isEntry: true },
          'features/basket/basket-page.tsx': {
            file: 'assets/basket-page-b2.js',
            imports: ['main.tsx'],
            css: ['assets/basket-page-c3.css'],
          },
          'features/checkout/payment/client/test-mode/test-mode-client.tsx': {
            file: 'assets/test-mode-client-d4.js',
          },
          'features/checkout/checkout-app.tsx': { file: 'assets/checkout-app-e5.js' },
          'features/checkout/payment/payment-page.tsx': { file: 'assets/payment-page-f6.js' },
        }),
      );
      await writeFile(join(builtDir, 'assets/basket-page-b2.js'), script);
      await writeFile(join(builtDir, 'assets/basket-page-b2.js.br'), brotliCompressSync(script));
    });
    afterAll(() => rm(builtDir, { recursive: true, force: true }));

    const head = (body: string) => body.slice(0, body.indexOf('</head>'));

    it('names the page’s scripts and style sheets in the head', async () => {
      const t = await appWith({ webDistDir: builtDir });
      const basket = await t.app.inject({ method: 'GET', url: '/basket?from=menu' });
      expect(basket.statusCode).toBe(200);
      expect(head(basket.body)).toContain(
        '<link rel="modulepreload" href="/assets/basket-page-b2.js" />\n' +
          '  <link rel="preload" as="style" href="/assets/basket-page-c3.css" />',
      );
      expect(basket.body).not.toContain('index-a1.js');

      // The payment step also preloads the card client of the shop's mode (test here).
      const payment = await t.app.inject({ method: 'GET', url: '/checkout/payment' });
      for (const file of ['checkout-app-e5.js', 'payment-page-f6.js', 'test-mode-client-d4.js']) {
        expect(head(payment.body)).toContain(`<link rel="modulepreload" href="/assets/${file}" />`);
      }
      const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
      expect(unknown.body).toBe(TEST_SHOP_INDEX);
    });

    it('sends the build’s brotli file to a browser that accepts it, the plain file otherwise', async () => {
      const t = await appWith({ webDistDir: builtDir });
      const url = '/assets/basket-page-b2.js';
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('serves pages without preloads when the manifest is missing or unreadable', async () => {
      const broken = await mkdtemp(join(tmpdir(), 'everbloom-web-broken-'));
      try {
        await mkdir(join(broken, '.vite'));
        await writeFile(join(broken, 'index.html'), INDEX);
        await writeFile(join(broken, '.vite/manifest.json'), '{ not json');
        const t = await appWith({ webDistDir: broken });
        const reply = await t.app.inject({ method: 'GET', url: '/basket' });
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toBe(TEST_SHOP_INDEX);
      } finally {
        await rm(broken, { recursive: true, force: true });
      }
    });
  });
});
