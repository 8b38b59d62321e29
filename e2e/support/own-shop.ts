/**
 * A shop of a journey's own, started beside the one the other journeys use (on a free
 * port of 127.0.0.1, with its own temporary data and media folders), serving the web
 * build that one made. For journeys that need other settings or other data.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../tools/free-port.ts';

export interface OwnShop {
  origin: string;
  /** Stops the shop and removes its folders. */
  stop(): Promise<void>;
}

export interface OwnShopOptions {
  /** Environment variables beside the test defaults (NODE_ENV=test, LOG_LEVEL=warn). */
  env?: Record<string, string>;
  /** Prepares the shop's PGlite database folder before the shop opens it. */
  prepare?: (databaseDir: string) => Promise<void>;
}

/** How long the shop may take to answer its health check (tsx compiles on start). */
const START_TIMEOUT_MS = 150_000;

/** Starts the shop `name` and resolves once it answers its health check. */
export async function startOwnShop(name: string, options: OwnShopOptions = {}): Promise<OwnShop> {
  const dataDir = await mkdtemp(join(tmpdir(), `everbloom-e2e-${name}-`));
  const databaseDir = join(dataDir, 'db');
  await options.prepare?.(databaseDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: databaseDir,
      MEDIA_DIR: join(dataDir, 'media'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (shop.exitCode === null) {
      const exited = new Promise((done) => shop.once('exit', done));
      shop.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`${origin}/api/v1/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    if (shop.exitCode !== null || waited > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`The ${name} shop did not start`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
}
