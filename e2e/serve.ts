/**
 * Serves the shop for the browser journeys: builds the web app and the back office from the current
 * source, then starts the server on a fresh PGlite database in a temporary folder.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
// The shop, then the back office (built inside the shop's folder, which the first empties),
// then the server renderer of the catalogue pages (dist/server, ADR 057). The second shop
// of a run serves the build the first one made (playwright.config.ts).
if (!process.env.E2E_SKIP_BUILD) {
  for (const config of ['vite.config.ts', 'vite.admin.config.ts', 'vite.ssr.config.ts']) {
    await build({ configFile: join(root, config), logLevel: 'warn' });
  }
}

// One folder per port, emptied at start: Playwright may end this server with SIGKILL,
// when no exit handler runs, so the next run clears what the last one left.
const port = process.env.E2E_PORT ?? '3400';
const dataDir = join(tmpdir(), `everbloom-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.NODE_ENV = 'test';
process.env.DATA_DIR = dataDir;
process.env.MEDIA_DIR = join(dataDir, 'media');
process.env.PORT = port;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// 'exit' handlers run synchronously (an async rm would never finish).
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import('../src/server/main.ts');
