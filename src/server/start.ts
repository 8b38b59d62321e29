/**
 * `npm start`: builds the web app (and its server renderer) when there is no build yet,
 * then starts the shop.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const distDir = resolve(import.meta.dirname, '../../dist/web');
const built =
  existsSync(join(distDir, 'index.html')) &&
  existsSync(join(distDir, 'admin/admin.html')) &&
  existsSync(resolve(distDir, '../server/entry-server.js'));
if (!built) {
  console.log('No web build found: building the web app once (npm run build)…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build; the shop's own setting must win.
  const nodeEnv = process.env.NODE_ENV;
  // The shop, then the back office (its build goes inside the shop's, which empties it),
  // then the server renderer (dist/server, ADR 057).
  for (const config of ['vite.config.ts', 'vite.admin.config.ts', 'vite.ssr.config.ts']) {
    await build({ configFile: resolve(import.meta.dirname, '../..', config), logLevel: 'warn' });
  }
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
await import('./main.ts');
