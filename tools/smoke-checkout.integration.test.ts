/**
 * The deployment's smoke test (tools/smoke-checkout.ts) against a shop behind an HTTPS,
 * HTTP/2 front, without Docker or Caddy: the bench's front (bench/lighthouse/h2-front.ts,
 * a self-signed certificate, X-Forwarded-* as a proxy sends them) before a shop in test
 * mode with a small web build. A complete checkout must pass and place a paid order; a
 * broken step must fail naming that step.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startH2Front, type H2Front } from '../bench/lighthouse/h2-front.ts';
import { createTestApp, ENGINES, type TestApp } from '../src/server/testing/test-app.ts';
import { runSmoke, SmokeFailure } from './smoke-checkout.ts';

const SCRIPT = 'console.log("everbloom");\n'.repeat(100);
const INDEX = `<!doctype html>
<html lang="en-GB"><head><title>Everbloom</title>
<script type="module" crossorigin src="/assets/index-1a2b3c.js"></script></head>
<body><div id="root"></div><noscript>JavaScript is needed.</noscript>
</body></html>
`;

describe.each(ENGINES)('smoke test through an HTTP/2 front on %s', (engine) => {
  let dist: string;
  let shop: TestApp;
  let front: H2Front;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'everbloom-smoke-web-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await mkdir(join(dist, 'assets'));
    const script = join(dist, 'assets', 'index-1a2b3c.js');
    await writeFile(script, SCRIPT);
    // As the build writes them: each asset precompressed beside the original.
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    shop = await createTestApp(engine, {
      webDistDir: dist,
      secureCookies: true,
      // The front is the one proxy in front of the shop.
      trustProxy: 1,
    });
    const backend = await shop.app.listen({ host: '127.0.0.1', port: 0 });
    front = await startH2Front(backend);
  });

  afterAll(async () => {
    await front?.stop();
    await shop?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('places and confirms a paid order over HTTP/2, step by step', async () => {
    const steps: string[] = [];
    const result = await runSmoke(front.origin, {
      ca: front.certificate,
      onStep: (step) => steps.push(step),
    });
    expect(result.alpn).toBe('h2');
    expect(result.order.status).toBe('paid');
    expect(result.order.total).toMatch(/^£\d+\.\d{2}$/);
    expect(steps).toEqual([
      'HTTPS and HTTP/2',
      'ready',
      'home page',
      'page script',
      'catalogue',
      'basket',
      'address',
      'delivery',
      'card payment',
      'order',
      'confirmation',
    ]);
    const order = await shop.handle.db
      .selectFrom('orders')
      .select(['status'])
      .where('public_id', '=', result.order.publicId)
      .executeTakeFirst();
    expect(order?.status).toBe('paid');
  });

  it('names the step that broke and what the shop answered', async () => {
    const failure = await runSmoke(front.origin, { ca: front.certificate, productId: 987654321 })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmokeFailure);
    expect((failure as SmokeFailure).step).toBe('basket');
    expect((failure as SmokeFailure).message).toMatch(/^basket: 4\d\d \(request id [^)]+\): \{/);
  });

  it('refuses a front whose certificate it does not trust, saying how to trust it', async () => {
    const failure = await runSmoke(front.origin).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmokeFailure);
    expect((failure as SmokeFailure).step).toBe('connect');
    expect((failure as SmokeFailure).message).toContain('--ca <root.crt>');
  });
});
