/**
 * `npm run bench:bundle`: builds the web app and prints, for each page, the size of
 * the JavaScript and CSS the browser loads first (the entry, the page's route modules
 * and everything they import statically: the lists of `src/server/http/page-modules.ts`,
 * which the server also preloads), gzip and brotli (the build's precompressed files,
 * what the shop sends a browser that accepts them). Targets: the home page loads at
 * most 100 KB of JavaScript, gzip; /checkout/address at most 120 KB.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { moduleFiles, PAGE_MODULES, type Manifest } from '../../src/server/http/page-modules.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist/web');
const HOME_JS_BUDGET_KB = 100;
const ADDRESS_JS_BUDGET_KB = 120;

await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('No entry in the Vite manifest');

/** Files a page loads first: the entry's, and its route modules'. */
function firstLoad(keys: string[]): { js: string[]; css: string[] } {
  const modules = moduleFiles(manifest, keys);
  return { js: [entry!.file, ...modules.js], css: [...(entry!.css ?? []), ...modules.css] };
}

const kb = (files: string[], compress: (body: Buffer) => Buffer) =>
  files.reduce((sum, file) => sum + compress(readFileSync(join(DIST, file))).length, 0) / 1024;
const gzip = (body: Buffer) => gzipSync(body, { level: 9 });
const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

console.log('page                                      JS gzip  JS brotli   CSS gzip  files');
let homeJs = 0;
let addressJs = 0;
for (const { label, modules } of PAGE_MODULES) {
  const missing = modules.find((key) => !manifest[key]);
  if (missing) {
    console.log(`${label.padEnd(40)} (no chunk for ${missing})`);
    continue;
  }
  const { js, css } = firstLoad(modules);
  const jsKb = kb(js, gzip);
  if (label === '/') homeJs = jsKb;
  if (label === '/checkout/address') addressJs = jsKb;
  console.log(
    `${label.padEnd(40)} ${jsKb.toFixed(1).padStart(6)} KB ${kb(js, brotli).toFixed(1).padStart(7)} KB ${kb(css, gzip).toFixed(1).padStart(7)} KB  ${js.length + css.length}`,
  );
}
console.log(
  `\nTarget: home page JavaScript ≤ ${HOME_JS_BUDGET_KB} KB gzip — ${homeJs <= HOME_JS_BUDGET_KB ? 'met' : 'not met'} (${homeJs.toFixed(1)} KB)`,
);
console.log(
  `Target: /checkout/address JavaScript ≤ ${ADDRESS_JS_BUDGET_KB} KB gzip — ${addressJs <= ADDRESS_JS_BUDGET_KB ? 'met' : 'not met'} (${addressJs.toFixed(1)} KB)`,
);
