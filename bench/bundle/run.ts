/**
 * `npm run bench:bundle`: builds the web app and prints, for each route, the gzip
 * size of the JavaScript and CSS the browser loads first (the entry, the route's own
 * chunk and everything they import statically). Target: the home page loads at most
 * 100 KB of JavaScript, gzip.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist/web');
const HOME_JS_BUDGET_KB = 100;

/** Route → the module its lazy route loads (keys of Vite's manifest, relative to src/web). */
const ROUTES: Record<string, string> = {
  '/': 'features/shop/home-page.tsx',
  '/products/:slug': 'features/shop/product-page.tsx',
  '/basket': 'features/basket/basket-page.tsx',
  '/checkout': 'features/checkout/checkout-page.tsx',
  '/help-centre/topics/orders/delivery': 'features/info/delivery-help-page.tsx',
  '/login, /account': 'app/account-area.tsx',
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
for (const [route, module] of Object.entries(ROUTES)) {
  if (!manifest[module]) {
    console.log(`${route.padEnd(38)} (no chunk for ${module})`);
    continue;
  }
  const { js, css } = firstLoad([entryKey, module]);
  const jsKb = gzipKb(js);
  if (route === '/') homeJs = jsKb;
  console.log(
    `${route.padEnd(38)} ${jsKb.toFixed(1).padStart(6)} KB ${gzipKb(css).toFixed(1).padStart(7)} KB   ${js.size + css.size}`,
  );
}
console.log(
  `\nTarget: home page JavaScript ≤ ${HOME_JS_BUDGET_KB} KB gzip — ${homeJs <= HOME_JS_BUDGET_KB ? 'met' : 'not met'} (${homeJs.toFixed(1)} KB)`,
);
