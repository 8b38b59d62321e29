/**
 * Caddy in front of shop processes, as deployed (deploy/Caddyfile, ADR 073): the same
 * Caddyfile with this run's ports and upstreams, its own local CA in a throw-away data
 * folder, and an HTTP/2 client that trusts that CA — one TLS connection per shopper's
 * checkout, as one browser makes it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import {
  BASKET_COOKIE,
  freePort,
  HTTP_TIMEOUT_MS,
  killAtCleanUp,
  onCleanUp,
  ROOT,
  STATEMENTS_HEADER,
  type HttpReply,
} from './harness.ts';

/** The Caddy binary: CADDY_BIN, else `caddy` on the PATH (Debian: apt-get install caddy). */
const CADDY_BIN = process.env.CADDY_BIN || 'caddy';
const START_TIMEOUT_MS = 30_000;

export interface RunningCaddy {
  origin: string;
  pid: number;
  /** Caddy's local CA root (PEM), which its certificate chains to. */
  ca: string;
  output: string[];
  stop: () => Promise<void>;
}

export interface Http2Client {
  /** Sends one request on this client's connection; the same shape as harness's `http`. */
  request: (
    origin: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options?: { cookie?: string; body?: unknown },
  ) => Promise<HttpReply>;
  close: () => void;
}

/** Opens one HTTP/2 connection to `origin` (https), trusting `ca` besides the usual roots. */
export function http2Client(origin: string, ca: string): Promise<Http2Client> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca: [...rootCertificates, ca] });
    session.once('error', reject);
    session.once('connect', () => {
      session.off('error', reject);
      session.on('error', () => undefined);
      resolve({
        close: () => session.close(),
        request: (_origin, method, path, options = {}) =>
          new Promise((done, fail) => {
            const payload =
              options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
            const headers: http2.OutgoingHttpHeaders = { ':method': method, ':path': path };
            if (options.cookie) headers.cookie = options.cookie;
            if (payload) headers['content-type'] = 'application/json';
            if (method !== 'GET') headers['content-length'] = String(payload?.length ?? 0);
            const stream = session.request(headers, { endStream: payload === null });
            stream.setTimeout(HTTP_TIMEOUT_MS, () => {
              stream.close(http2.constants.NGHTTP2_CANCEL);
              fail(new Error(`${method} ${path}: no answer within ${HTTP_TIMEOUT_MS} ms`));
            });
            let status = 0;
            let cookies: string[] = [];
            let statements: number | null = null;
            const chunks: Buffer[] = [];
            stream.on('response', (received) => {
              status = Number(received[':status'] ?? 0);
              cookies = [received['set-cookie'] ?? []].flat().map((c) => c.split(';')[0] ?? '');
              const counted = received[STATEMENTS_HEADER.toLowerCase()];
              statements = counted === undefined ? null : Number(counted);
            });
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('end', () =>
              done({
                status,
                text: Buffer.concat(chunks).toString('utf8'),
                cookie: cookies.find((c) => c.startsWith(`${BASKET_COOKIE}=`)) ?? null,
                cookies,
                statements,
              }),
            );
            stream.on('error', fail);
            if (payload) stream.end(payload);
          }),
      });
    });
  });
}

/**
 * Starts Caddy with deploy/Caddyfile in front of `upstreams` (host:port each) on a free
 * port of localhost, and waits until its certificate is made and a request through it
 * reaches a shop.
 */
export async function startCaddy(upstreams: string[]): Promise<RunningCaddy> {
  const dir = await mkdtemp(join(tmpdir(), 'everbloom-bench-caddy-'));
  onCleanUp(() => rm(dir, { recursive: true, force: true }));
  const [httpsPort, httpPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    CADDY_BIN,
    ['run', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        SITE_ADDRESS: `localhost:${httpsPort}`,
        CADDY_HTTPS_PORT: String(httpsPort),
        CADDY_HTTP_PORT: String(httpPort),
        CADDY_ADMIN: `127.0.0.1:${adminPort}`,
        SHOP_UPSTREAMS: upstreams.join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  killAtCleanUp(child);
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
      if (output.length > 20) output.shift();
    }
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  let failedToSpawn: Error | null = null;
  child.once('error', (error) => (failedToSpawn = error));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const origin = `https://localhost:${httpsPort}`;
  const rootFile = join(dir, 'data/caddy/pki/authorities/local/root.crt');
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError = 'not started';
  for (;;) {
    if (failedToSpawn !== null) {
      throw new Error(
        `Caddy could not be started (${CADDY_BIN}): ${(failedToSpawn as Error).message}. ` +
          'Install it (apt-get install caddy) or set CADDY_BIN.',
      );
    }
    if (child.exitCode !== null)
      throw new Error(`Caddy exited while starting:\n${output.join('\n')}`);
    if (existsSync(rootFile)) {
      const ca = await readFile(rootFile, 'utf8');
      try {
        const client = await http2Client(origin, ca);
        try {
          const reply = await client.request(origin, 'GET', '/api/v1/health');
          if (reply.status === 200) return { origin, pid: child.pid ?? 0, ca, output, stop };
          lastError = `/api/v1/health answered ${reply.status}`;
        } finally {
          client.close();
        }
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not answer within ${START_TIMEOUT_MS / 1000} s (${lastError})`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
}
