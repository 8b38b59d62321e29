/**
 * A shutdown cannot hang (issue 19, ADR 043): after SIGTERM the shop stops listening and
 * waits for its requests — but only SHUTDOWN_GRACE_SECONDS. A request that never
 * finishes (here, a body that stops arriving) used to keep the process alive with no
 * socket until a second signal; now it exits, and its log names what was pending.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A port free on this machine now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** Resolves when `check` holds, polling; rejects with `what` after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000) {
  const giveUpAt = Date.now() + ms;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface LogLine {
  msg: string;
  level: number;
  waitingFor?: string;
  requests?: { method: string; route: string; id: string; ageMs: number }[];
  req?: { method?: string; url?: string };
}

describe('stopping the shop', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  }, 30_000);

  it('exits within its grace period however a request hangs, logging what was pending', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'everbloom-shutdown-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // The tests' migrated and seeded database, in a folder the shop's process owns.
    const seeded = await openDatabase({
      kind: 'pglite',
      dataDir: join(dataDir, 'db'),
      loadDataDir: new Blob([await readFile(inject('pgliteDumpPath'))]),
    });
    await sql`SELECT 1`.execute(seeded.db);
    await seeded.close();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DATA_DIR: join(dataDir, 'db'),
        MEDIA_DIR: join(dataDir, 'media'),
        SHUTDOWN_GRACE_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const lines = () =>
      output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);

    await until('the shop to answer', async () => {
      if (child.exitCode !== null) throw new Error(`shop exited:\n${output.join('')}`);
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    });

    // A request whose body stops arriving: it holds the server's close open.
    const stalled: Socket = connect(port, '127.0.0.1');
    cleanup.push(async () => void stalled.destroy());
    stalled.on('error', () => {});
    stalled.write(
      'POST /api/v1/basket HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"product_id":',
    );
    await until('the shop to receive the stalled request', () =>
      lines().some((line) => line.msg === 'incoming request' && line.req?.method === 'POST'),
    );

    child.kill('SIGTERM');
    let exitCode: number | null | undefined;
    await until(
      'the shop to exit',
      async () => {
        exitCode = await Promise.race([exited, Promise.resolve(undefined)]);
        return exitCode !== undefined;
      },
      30_000,
    );

    expect(exitCode).toBe(1);
    const gaveUp = lines().find((line) => line.msg.startsWith('shutdown did not finish'));
    expect(gaveUp, output.join('')).toBeDefined();
    expect(gaveUp!.level).toBe(50);
    expect(gaveUp!.waitingFor).toBe('requests in flight');
    expect(gaveUp!.requests).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/v1/basket' }),
    ]);
  }, 120_000);
});
