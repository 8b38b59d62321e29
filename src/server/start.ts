/**
 * `npm start`: builds the web app when there is no build yet, then starts the shop.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const distDir = resolve(import.meta.dirname, '../../dist/web');
if (!existsSync(join(distDir, 'index.html'))) {
  console.log('No web build found: building the web app once (npm run build)…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build; the shop's own setting must win.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'warn',
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
await import('./main.ts');
