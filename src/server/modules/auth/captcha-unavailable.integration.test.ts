/**
 * When Cloudflare cannot check a captcha token (unreachable, failing, refusing our
 * secret), the shopper is told the check could not be made and the log says why; a
 * token Cloudflare refuses still gets the spec's "Please complete the security check".
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CAPTCHA_FIELD,
  CAPTCHA_MISSING_MESSAGE,
  CAPTCHA_UNAVAILABLE_MESSAGE,
} from '../../../domain/schemas/auth.ts';
import { turnstileVerifier } from '../../adapters/captcha/turnstile.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

type Siteverify = 'unreachable' | 'refuses' | 'wrong-secret';

describe.each(ENGINES)('captcha checks that cannot be made, on %s', (engine) => {
  let t: TestApp;
  let siteverify: Siteverify = 'unreachable';
  const lines: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = async () => {
    const reply = (codes: string[]) =>
      new Response(JSON.stringify({ success: false, 'error-codes': codes }), {
        headers: { 'content-type': 'application/json' },
      });
    if (siteverify === 'refuses') return reply(['invalid-input-response']);
    if (siteverify === 'wrong-secret') return reply(['invalid-input-secret']);
    throw new TypeError('fetch failed', {
      cause: new Error('getaddrinfo ENOTFOUND challenges.cloudflare.com'),
    });
  };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n'))
          if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp(engine, {
      logger: pino({ level: 'info' }, stream),
      captcha: turnstileVerifier({ secretKey: 'secret', siteKey: 'site-key', fetch }),
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const captchaWarnings = () => lines.filter((l) => l.msg === 'captcha check could not be made');
  const login = () =>
    new Shopper(t.app).post('/api/v1/auth/login', {
      email: 'demo@example.com',
      password: 'plants-demo',
      [CAPTCHA_FIELD]: 'a-widget-token',
    });

  it('tells the shopper the check could not be made, and logs the cause', async () => {
    siteverify = 'unreachable';
    const reply = await login();
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ [CAPTCHA_FIELD]: [CAPTCHA_UNAVAILABLE_MESSAGE] });
    expect(captchaWarnings()).toEqual([
      expect.objectContaining({
        level: 40,
        action: 'login',
        cause: expect.stringContaining('getaddrinfo ENOTFOUND'),
      }),
    ]);
  });

  it('says the same for registration and password reset requests', async () => {
    siteverify = 'unreachable';
    const register = await new Shopper(t.app).post('/api/v1/auth/register', {
      first_name: 'Cloud',
      last_name: 'Less',
      email: 'cloudless@example.com',
      password: 'some-password',
      [CAPTCHA_FIELD]: 'a-widget-token',
    });
    const reset = await new Shopper(t.app).post('/api/v1/auth/reset_password', {
      email: 'demo@example.com',
      [CAPTCHA_FIELD]: 'a-widget-token',
    });
    for (const reply of [register, reset]) {
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual({ [CAPTCHA_FIELD]: [CAPTCHA_UNAVAILABLE_MESSAGE] });
    }
    expect(captchaWarnings().map((l) => l.action)).toEqual(['register', 'reset_password']);
  });

  it('logs a secret key Cloudflare refuses, a fault only the shop can fix', async () => {
    siteverify = 'wrong-secret';
    const reply = await login();
    expect(reply.body.errors).toEqual({ [CAPTCHA_FIELD]: [CAPTCHA_UNAVAILABLE_MESSAGE] });
    expect(captchaWarnings()).toEqual([
      expect.objectContaining({ cause: expect.stringContaining('invalid-input-secret') }),
    ]);
  });

  it('keeps the spec’s message for a token Cloudflare refuses, without a warning', async () => {
    siteverify = 'refuses';
    const reply = await login();
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ [CAPTCHA_FIELD]: [CAPTCHA_MISSING_MESSAGE] });
    expect(captchaWarnings()).toEqual([]);
  });
});
