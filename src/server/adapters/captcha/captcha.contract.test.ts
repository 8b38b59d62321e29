/**
 * One contract for every CaptchaVerifier: the offline test mode; the Turnstile
 * adapter against a local fake siteverify (its real HTTP, parsing and error mapping,
 * offline); and the Turnstile adapter against Cloudflare when TURNSTILE_SECRET_KEY
 * and TURNSTILE_TEST_TOKEN are set (e.g. the dummy secret 1x…AA and the dummy token;
 * TURNSTILE_TEST_ACTION names the action siteverify reports for that token).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN, type CaptchaVerifier } from './port.ts';
import {
  DUMMY_SECRET_FAIL,
  DUMMY_SECRET_PASS,
  DUMMY_SECRET_SPENT,
  DUMMY_SITE_KEY,
  testModeVerifier,
} from './test-mode.ts';
import { turnstileVerifier } from './turnstile.ts';

/** The action our fake widget "issues" the dummy token for. */
const ISSUED_ACTION = 'login';

/**
 * Siteverify as documented for the dummy secrets (troubleshooting/testing.mdx and
 * get-started/server-side-validation.mdx), form-urlencoded or JSON.
 */
function fakeSiteverify(): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (body: object, status = 200) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/turnstile/v0/siteverify')
        return reply({ success: false, 'error-codes': ['bad-request'] }, 405);
      const raw = Buffer.concat(chunks).toString('utf8');
      const params: Record<string, unknown> = (request.headers['content-type'] ?? '').includes(
        'json',
      )
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw));
      const failure = (code: string) => reply({ success: false, 'error-codes': [code] });
      if (!params.secret) return failure('missing-input-secret');
      if (!params.response) return failure('missing-input-response');
      if (params.secret === DUMMY_SECRET_FAIL) return failure('invalid-input-response');
      if (params.secret === DUMMY_SECRET_SPENT) return failure('timeout-or-duplicate');
      if (params.secret !== DUMMY_SECRET_PASS) return failure('invalid-input-secret');
      if (params.response !== DUMMY_TOKEN) return failure('invalid-input-response');
      reply({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: 'localhost',
        'error-codes': [],
        action: ISSUED_ACTION,
        cdata: '',
      });
    });
  });
}

let fake: Server;
let fakeUrl = '';
beforeAll(async () => {
  fake = fakeSiteverify();
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

interface Implementation {
  name: string;
  skip: boolean;
  /** A token that passes, and the action it was issued for. */
  token: string;
  action: string;
  /** Builds the verifier; offline ones also take the dummy secrets. */
  create(secretKey?: string): CaptchaVerifier;
  takesDummySecrets: boolean;
}

const env = process.env;
const implementations: Implementation[] = [
  {
    name: 'test mode',
    skip: false,
    token: DUMMY_TOKEN,
    action: ISSUED_ACTION,
    create: (secretKey) => testModeVerifier({ secretKey, dummyTokenAction: ISSUED_ACTION }),
    takesDummySecrets: true,
  },
  {
    name: 'Turnstile against a local fake siteverify',
    skip: false,
    token: DUMMY_TOKEN,
    action: ISSUED_ACTION,
    create: (secretKey = DUMMY_SECRET_PASS) =>
      turnstileVerifier({ secretKey, siteKey: DUMMY_SITE_KEY, siteverifyUrl: fakeUrl }),
    takesDummySecrets: true,
  },
  {
    name: 'Turnstile against Cloudflare',
    skip: !(env.TURNSTILE_SECRET_KEY && env.TURNSTILE_TEST_TOKEN),
    token: env.TURNSTILE_TEST_TOKEN ?? '',
    action: env.TURNSTILE_TEST_ACTION ?? ISSUED_ACTION,
    create: () =>
      turnstileVerifier({
        secretKey: env.TURNSTILE_SECRET_KEY ?? '',
        siteKey: env.TURNSTILE_SITE_KEY ?? DUMMY_SITE_KEY,
        timeoutMs: 10_000,
      }),
    takesDummySecrets: false,
  },
];

describe.each(implementations)('captcha contract: $name', (impl) => {
  describe.skipIf(impl.skip)('verify', () => {
    it('passes a valid token for its action, echoing the action', async () => {
      const result = await impl.create().verify({ token: impl.token, action: impl.action });
      expect(result).toMatchObject({ success: true, action: impl.action });
    });

    it('fails a wrong token with invalid-input-response', async () => {
      const result = await impl.create().verify({ token: 'not-a-real-token', action: impl.action });
      expect(result).toEqual({ success: false, errorCodes: ['invalid-input-response'] });
    });

    it('fails an empty token with missing-input-response', async () => {
      const result = await impl.create().verify({ token: '', action: impl.action });
      expect(result).toEqual({ success: false, errorCodes: ['missing-input-response'] });
    });

    it('fails a valid token presented for another action', async () => {
      const result = await impl.create().verify({ token: impl.token, action: 'other-action' });
      expect(result).toEqual({ success: false, errorCodes: ['action-mismatch'] });
    });

    it.skipIf(!impl.takesDummySecrets)(
      'follows the dummy secrets: 2x…AA always fails, 3x…AA reports a spent token',
      async () => {
        const input = { token: impl.token, action: impl.action };
        expect(await impl.create(DUMMY_SECRET_FAIL).verify(input)).toEqual({
          success: false,
          errorCodes: ['invalid-input-response'],
        });
        expect(await impl.create(DUMMY_SECRET_SPENT).verify(input)).toEqual({
          success: false,
          errorCodes: ['timeout-or-duplicate'],
        });
      },
    );

    it.skipIf(!impl.takesDummySecrets)(
      'reports a secret it cannot use as a check that could not be made, not a refused token',
      async () => {
        const result = await impl
          .create('0x4AAAAAAAreal-secret')
          .verify({ token: impl.token, action: impl.action });
        expect(result).toEqual({
          success: false,
          errorCodes: ['invalid-input-secret'],
          unavailable: expect.any(String),
        });
      },
    );
  });
});

describe('test mode specifics', () => {
  it('defaults to the passing dummy keys and echoes any action, on localhost', async () => {
    const verifier = testModeVerifier();
    expect(verifier.mode).toBe('test');
    expect(verifier.siteKey).toBe(DUMMY_SITE_KEY);
    expect(await verifier.verify({ token: DUMMY_TOKEN, action: 'checkout' })).toEqual({
      success: true,
      action: 'checkout',
      hostname: 'localhost',
    });
  });

  it('rejects a secret that is not a dummy one rather than pretend to check it', async () => {
    const verifier = testModeVerifier({ secretKey: '0x4AAAAAAAreal-secret' });
    expect(await verifier.verify({ token: DUMMY_TOKEN, action: 'login' })).toEqual({
      success: false,
      errorCodes: ['invalid-input-secret'],
      unavailable: 'the test-mode captcha cannot check a real secret key',
    });
  });
});
