/**
 * `npm run bench:bundle`: builds the web app and prints, for each route, the gzip
 * size of the JavaScript and CSS the browser loads first (the entry, the route's own
 * chunks and everything they import statically). Targets: the home page loads at most
 * 100 KB of JavaScript, gzip; /checkout/address at most 120 KB.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist/web');
const HOME_JS_BUDGET_KB = 100;
const ADDRESS_JS_BUDGET_KB = 120;

const CHECKOUT_APP = 'features/checkout/checkout-app.tsx';

/**
 * Route → the modules its lazy routes load (keys of Vite's manifest, relative to
 * src/web); a checkout step loads the checkout app, then its own chunk.
 */
const ROUTES: Record<string, string | string[]> = {
  '/': 'features/shop/home-page.tsx',
  '/products/:slug': 'features/shop/product-page.tsx',
  '/basket': 'features/basket/basket-page.tsx',
  '/checkout': [CHECKOUT_APP, 'features/checkout/entry/entry-page.tsx'],
  '/checkout/address': [CHECKOUT_APP, 'features/checkout/address/address-page.tsx'],
  '/checkout/delivery': [CHECKOUT_APP, 'features/checkout/delivery/delivery-page.tsx'],
  '/checkout/payment': [CHECKOUT_APP, 'features/checkout/payment/payment-page.tsx'],
  '/help-centre/topics/orders/delivery': 'features/info/delivery-help-page.tsx',
  '/login, /account': 'app/account-area.tsx',
  '/order/thank-you/:publicId, /track-order': 'app/order-pages.tsx',
  '/wishlists/:shareId': 'features/wishlist/shared-wishlist-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest');

/** Files loaded first for these manifest keys: their chunks, static imports and CSS. */
function firstLoad(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js, css };
}

const gzipKb = (files: Set<string>) =>
  [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length,
    0,
  ) / 1024;

console.log('route                                  JS gzip    CSS gzip   files');
let homeJs = 0;
let addressJs = 0;
for (const [route, modules] of Object.entries(ROUTES)) {
  const keys = typeof modules === 'string' ? [modules] : modules;
  const missing = keys.find((key) => !manifest[key]);
  if (missing) {
    console.log(`${route.padEnd(38)} (no chunk for ${missing})`);
    continue;
  }
  const { js, css } = firstLoad([entryKey, ...keys]);
  const jsKb = gzipKb(js);
  if (route === '/') homeJs = jsKb;
  if (route === '/checkout/address') addressJs = jsKb;
  console.log(
    `${route.padEnd(38)} ${jsKb.toFixed(1).padStart(6)} KB ${gzipKb(css).toFixed(1).padStart(7)} KB   ${js.size + css.size}`,
  );
}
console.log(
  `\nTarget: home page JavaScript ≤ ${HOME_JS_BUDGET_KB} KB gzip — ${homeJs <= HOME_JS_BUDGET_KB ? 'met' : 'not met'} (${homeJs.toFixed(1)} KB)`,
);
console.log(
  `Target: /checkout/address JavaScript ≤ ${ADDRESS_JS_BUDGET_KB} KB gzip — ${addressJs <= ADDRESS_JS_BUDGET_KB ? 'met' : 'not met'} (${addressJs.toFixed(1)} KB)`,
);
