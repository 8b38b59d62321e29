/**
 * An HTTPS front that speaks HTTP/2 to the browser and HTTP/1.1 to the shop, as the TLS
 * load balancer or reverse proxy of a production deployment does (README, "Many
 * processes behind a load balancer"; production sends HSTS, so browsers reach the shop
 * over HTTPS). Lighthouse's simulated network gives an HTTP/1.1 origin six connections,
 * each request waiting for one, and an HTTP/2 origin one multiplexed connection; a page
 * that loads its code as many small files is measured very differently by the two.
 *
 * The certificate is self-signed for 127.0.0.1, made with the `openssl` command for
 * this run; Chromium is started with --ignore-certificate-errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tools/free-port.ts';

/** Headers that belong to one HTTP/1.1 hop and must not cross into HTTP/2. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'te',
  'host',
]);

export interface H2Front {
  origin: string;
  /** The front's self-signed certificate (PEM), for a client that should trust it. */
  certificate: string;
  stop(): Promise<void>;
}

async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'everbloom-h2-front-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: await readFile(key), cert: await readFile(cert) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the front on a free port of 127.0.0.1, forwarding every request to `backend`
 * (a shop started with TRUST_PROXY=1).
 */
export async function startH2Front(backend: string): Promise<H2Front> {
  const target = new URL(backend);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const credentials = await selfSignedCertificate();
  const server = http2.createSecureServer(credentials);
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined)
        forwarded[name] = value;
    }
    // As a load balancer does: the shop (TRUST_PROXY=1) sees the address the browser
    // asked for, so its same-origin check passes as it would in production.
    forwarded.host = target.host;
    forwarded['x-forwarded-host'] = String(headers[':authority'] ?? '');
    forwarded['x-forwarded-proto'] = 'https';
    forwarded['x-forwarded-for'] = stream.session?.socket.remoteAddress ?? '127.0.0.1';
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: String(headers[':method']),
        path: String(headers[':path']),
        headers: forwarded,
      },
      (response) => {
        const replyHeaders: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) replyHeaders[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(replyHeaders);
        response.pipe(stream);
      },
    );
    request.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${port}`,
    certificate: credentials.cert.toString('utf8'),
    stop: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
