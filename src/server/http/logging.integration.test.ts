import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('replaces the values of token-bearing parameters and keeps the rest', () => {
    expect(redactUrl('/api/v1/products?category=trees&page=2')).toBe(
      '/api/v1/products?category=trees&page=2',
    );
    expect(redactUrl('/login/reset-password?token=abc.DEF-123')).toBe(
      '/login/reset-password?token=[redacted]',
    );
    expect(redactUrl('/basket?restore=1b9d&utm_source=mail&ID=2&%74oken=x&token')).toBe(
      '/basket?restore=[redacted]&utm_source=mail&ID=[redacted]&%74oken=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/api/v1/basket')).toBe('/api/v1/basket');
  });
});

describe.each(ENGINES)('log lines on %s', (engine) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const output = () => lines.map((line) => JSON.stringify(line)).join('\n');
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n'))
          if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp(engine, { logger: pino({ level: 'info' }, stream) });
  });
  afterAll(() => t.close());

  it('logs request URLs with reset tokens and basket link ids redacted', async () => {
    const resetToken = 'Zq3pY0sLr8vW2mN5bT7xK1dF4hJ6gA9c-reset';
    const linkId = '6f1c2b9e-3d4a-4b5c-8e7f-0a1b2c3d4e5f';
    const shopper = new Shopper(t.app);
    await shopper.get(`/login/reset-password?token=${resetToken}`);
    await shopper.get(`/api/v1/basket/abandoned?id=${linkId}`);
    await shopper.get(`/basket?restore=${linkId}`);
    await shopper.get('/api/v1/products?category=trees');

    const urls = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/login/reset-password?token=[redacted]',
        '/api/v1/basket/abandoned?id=[redacted]',
        '/basket?restore=[redacted]',
        '/api/v1/products?category=trees',
      ]),
    );
    expect(output()).not.toContain(resetToken);
    expect(output()).not.toContain(linkId);
  });

  it('logs a rate-limited login without the email address', async () => {
    const email = 'rate.limited.shopper@example.com';
    const shopper = new Shopper(t.app);
    const attempt = () =>
      shopper.post('/api/v1/auth/login', {
        email,
        password: 'not-the-password',
        'cf-turnstile-response': DUMMY_TOKEN,
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);

    const limited = lines.find((line) => line.msg === 'login rate limited');
    expect(limited).toMatchObject({ account: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(output()).not.toContain(email);
    expect(output()).not.toContain('rate.limited.shopper');
  });
});
