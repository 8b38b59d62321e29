import { describe, expect, it, vi } from 'vitest';
import { SITEVERIFY_URL, turnstileVerifier } from './turnstile.ts';

const SECRET = '0x4AAAAAAAexample-secret';
const SITE_KEY = '0x4AAAAAAAexample-site';

// Response shapes as documented for siteverify (server-side-validation.mdx).
const SUCCESS = {
  success: true,
  challenge_ts: '2022-02-28T15:14:30.096Z',
  hostname: 'shop.everbloom.co.uk',
  'error-codes': [],
  action: 'login',
  cdata: 'sessionid-123456789',
};
const FAILURE = { success: false, 'error-codes': ['invalid-input-response'] };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function verifierReplying(
  reply: (init: RequestInit) => Response | Promise<Response>,
  options: { expectedHostname?: string; timeoutMs?: number } = {},
) {
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) =>
    reply(init ?? {}),
  );
  const verifier = turnstileVerifier({ secretKey: SECRET, siteKey: SITE_KEY, fetch, ...options });
  return { verifier, fetch };
}

const sentForm = (fetch: ReturnType<typeof verifierReplying>['fetch'], call = 0) =>
  new URLSearchParams(String(fetch.mock.calls[call]?.[1]?.body));

describe('turnstileVerifier', () => {
  it('identifies itself and hands out the sitekey', () => {
    const { verifier } = verifierReplying(() => json(SUCCESS));
    expect(verifier.mode).toBe('turnstile');
    expect(verifier.siteKey).toBe(SITE_KEY);
  });

  it('POSTs secret, response, remoteip and an idempotency key, form-urlencoded', async () => {
    const { verifier, fetch } = verifierReplying(() => json(SUCCESS));
    await verifier.verify({ token: 'tok.en', action: 'login', remoteIp: '203.0.113.7' });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(SITEVERIFY_URL);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const form = sentForm(fetch);
    expect([...form.keys()].sort()).toEqual(['idempotency_key', 'remoteip', 'response', 'secret']);
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('response')).toBe('tok.en');
    expect(form.get('remoteip')).toBe('203.0.113.7');
    expect(form.get('idempotency_key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('leaves remoteip out when it is not known, and uses a new idempotency key each time', async () => {
    const { verifier, fetch } = verifierReplying(() => json(SUCCESS));
    await verifier.verify({ token: 'a', action: 'login' });
    await verifier.verify({ token: 'a', action: 'login' });
    expect(sentForm(fetch, 0).has('remoteip')).toBe(false);
    expect(sentForm(fetch, 0).get('idempotency_key')).not.toBe(
      sentForm(fetch, 1).get('idempotency_key'),
    );
  });

  it('encodes tokens with reserved characters', async () => {
    const { verifier, fetch } = verifierReplying(() => json(SUCCESS));
    await verifier.verify({ token: 'a+b/c=d&e', action: 'login' });
    expect(sentForm(fetch).get('response')).toBe('a+b/c=d&e');
  });

  it('passes a success for the expected action, with its hostname', async () => {
    const { verifier } = verifierReplying(() => json(SUCCESS));
    expect(await verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: true,
      action: 'login',
      hostname: 'shop.everbloom.co.uk',
    });
  });

  it('returns siteverify’s error codes on a failure', async () => {
    const { verifier } = verifierReplying(() => json(FAILURE));
    expect(await verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['invalid-input-response'],
    });
    const spent = verifierReplying(() =>
      json({ success: false, 'error-codes': ['timeout-or-duplicate', 'bad-request'] }),
    );
    expect(await spent.verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['timeout-or-duplicate', 'bad-request'],
    });
  });

  it('fails a genuine token issued for another action with action-mismatch', async () => {
    const { verifier } = verifierReplying(() => json(SUCCESS));
    expect(await verifier.verify({ token: 'tok', action: 'checkout' })).toEqual({
      success: false,
      errorCodes: ['action-mismatch'],
    });
    // A widget rendered without an action must not pass a form that expects one.
    const actionless = verifierReplying(() => json({ ...SUCCESS, action: '' }));
    expect(await actionless.verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['action-mismatch'],
    });
  });

  it('checks the hostname only when one is expected', async () => {
    const strict = verifierReplying(() => json(SUCCESS), { expectedHostname: 'everbloom.co.uk' });
    expect(await strict.verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['hostname-mismatch'],
    });
    const both = verifierReplying(() => json(SUCCESS), { expectedHostname: 'everbloom.co.uk' });
    expect(await both.verifier.verify({ token: 'tok', action: 'signup' })).toEqual({
      success: false,
      errorCodes: ['action-mismatch', 'hostname-mismatch'],
    });
    const same = verifierReplying(() => json(SUCCESS), {
      expectedHostname: 'shop.everbloom.co.uk',
    });
    expect((await same.verifier.verify({ token: 'tok', action: 'login' })).success).toBe(true);
  });

  it('fails an empty token with missing-input-response without calling out', async () => {
    const { verifier, fetch } = verifierReplying(() => json(SUCCESS));
    expect(await verifier.verify({ token: '', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['missing-input-response'],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails a token over 2048 characters with invalid-input-response without calling out', async () => {
    const { verifier, fetch } = verifierReplying(() => json(SUCCESS));
    expect(await verifier.verify({ token: 'x'.repeat(2049), action: 'login' })).toEqual({
      success: false,
      errorCodes: ['invalid-input-response'],
    });
    expect(fetch).not.toHaveBeenCalled();
    await verifier.verify({ token: 'x'.repeat(2048), action: 'login' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'HTTP 500',
      () => new Response('upstream error', { status: 500 }),
      'siteverify answered HTTP 500',
    ],
    ['HTTP 503 with a JSON body', () => json(SUCCESS, 503), 'siteverify answered HTTP 503'],
    [
      'a non-JSON body',
      () => new Response('<html>Just a moment…</html>', { status: 200 }),
      'siteverify answered something other than JSON',
    ],
    [
      'JSON of another shape',
      () => json({ ok: true }),
      'siteverify answered JSON of an unknown shape',
    ],
    [
      'a failure with no error codes',
      () => json({ success: false, 'error-codes': [] }),
      'siteverify failed without an error code',
    ],
  ])(
    'reports %s as a check that could not be made, with internal-error',
    async (_name, reply, cause) => {
      const { verifier } = verifierReplying(reply);
      expect(await verifier.verify({ token: 'tok', action: 'login' })).toEqual({
        success: false,
        errorCodes: ['internal-error'],
        unavailable: cause,
      });
    },
  );

  it.each([['internal-error'], ['invalid-input-secret'], ['missing-input-secret']])(
    'reports siteverify’s %s as a check that could not be made, not a refused token',
    async (code) => {
      const { verifier } = verifierReplying(() => json({ success: false, 'error-codes': [code] }));
      expect(await verifier.verify({ token: 'tok', action: 'login' })).toEqual({
        success: false,
        errorCodes: [code],
        unavailable: `siteverify could not check the token: ${code}`,
      });
    },
  );

  it('reports a network failure with its cause', async () => {
    const { verifier } = verifierReplying(() => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') });
    });
    expect(await verifier.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['internal-error'],
      unavailable: 'siteverify could not be reached: fetch failed (getaddrinfo ENOTFOUND)',
    });
  });

  it('gives up after timeoutMs, saying so', async () => {
    // A siteverify that never answers: only the verifier's own abort ends the request.
    const signals: AbortSignal[] = [];
    const neverAnswers = (init: RequestInit) => {
      if (init.signal) signals.push(init.signal);
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    };
    const patient = verifierReplying(neverAnswers, { timeoutMs: 600_000 }).verifier;
    const quick = verifierReplying(neverAnswers, { timeoutMs: 30 }).verifier;
    void patient.verify({ token: 'tok', action: 'login' });
    expect(await quick.verify({ token: 'tok', action: 'login' })).toEqual({
      success: false,
      errorCodes: ['internal-error'],
      unavailable: 'siteverify did not answer within 30 ms',
    });
    const [patientSignal, quickSignal] = signals;
    expect((quickSignal?.reason as Error).name).toBe('TimeoutError');
    // The timeout is the configured one, not a default: the patient verifier still waits.
    expect(patientSignal?.aborted).toBe(false);
  });
});
