import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Everbloom</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('the served index.html', () => {
  let distDir: string;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'everbloom-web-'));
    await writeFile(join(distDir, 'index.html'), INDEX);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await rm(distDir, { recursive: true, force: true });
  });

  async function page(paypalClientId: string | null | undefined, url = '/checkout/payment') {
    const t = await createTestApp('pglite', {
      webDistDir: distDir,
      ...(paypalClientId === undefined
        ? {}
        : { wallets: { braintree: null, paypalClientId, googlePayMerchantId: null } }),
    });
    apps.push(t);
    return t.app.inject({ method: 'GET', url });
  }

  it('carries the configured PayPal client id in a meta tag in the head', async () => {
    const reply = await page('AbC-123_live');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const head = reply.body.slice(0, reply.body.indexOf('</head>'));
    expect(head).toContain('<meta name="paypal-client-id" content="AbC-123_live" />');
    expect(reply.body).toContain('<div id="root"></div>');
  });

  it('escapes the client id, so a strange value cannot break out of the attribute', async () => {
    const reply = await page('x" /><script>alert(1)</script>&\'');
    expect(reply.body).toContain(
      '<meta name="paypal-client-id" content="x&quot; /&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;" />',
    );
    expect(reply.body).not.toContain('<script>alert(1)</script>');
  });

  it('has no PayPal meta tag when no client id is configured', async () => {
    for (const id of [undefined, null, '']) {
      const reply = await page(id, '/order/thank-you/abc');
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toBe(INDEX);
      expect(reply.body).not.toContain('paypal-client-id');
    }
  });
});
