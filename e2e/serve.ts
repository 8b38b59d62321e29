/**
 * Serves the shop for the browser journeys: builds the web app from the current
 * source, then starts the server on a fresh PGlite database in a temporary folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });

const dataDir = await mkdtemp(join(tmpdir(), 'everbloom-e2e-'));
process.env.NODE_ENV = 'test';
process.env.DATA_DIR = dataDir;
process.env.MEDIA_DIR = join(dataDir, 'media');
process.env.PORT = process.env.E2E_PORT ?? '3400';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const cleanUp = () => rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
process.once('exit', () => void cleanUp());
await import('../src/server/main.ts');
