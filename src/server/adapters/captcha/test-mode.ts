/**
 * Offline captcha: behaves like Turnstile's siteverify with its documented dummy
 * keys, so the whole login flow runs with no network.
 */
import { ACTION_MISMATCH, DUMMY_TOKEN, type CaptchaResult, type CaptchaVerifier } from './port.ts';

/** Turnstile's dummy sitekey that always passes (visible widget). */
export const DUMMY_SITE_KEY = '1x00000000000000000000AA';
/** Dummy secrets: always passes, always fails, token already spent. */
export const DUMMY_SECRET_PASS = '1x0000000000000000000000000000000AA';
export const DUMMY_SECRET_FAIL = '2x0000000000000000000000000000000AA';
export const DUMMY_SECRET_SPENT = '3x0000000000000000000000000000000AA';

export interface TestModeOptions {
  siteKey?: string;
  secretKey?: string;
  /**
   * The action the dummy widget "issued" its token for. Unset (the default), the dummy
   * token passes for whatever action is asked; set, another action fails with
   * `action-mismatch`, as a real token issued for another form would.
   */
  dummyTokenAction?: string;
}

const fail = (...errorCodes: string[]): CaptchaResult => ({ success: false, errorCodes });

export function testModeVerifier(options: TestModeOptions = {}): CaptchaVerifier {
  const secretKey = options.secretKey ?? DUMMY_SECRET_PASS;
  const { dummyTokenAction } = options;
  return {
    mode: 'test',
    siteKey: options.siteKey ?? DUMMY_SITE_KEY,
    async verify({ token, action }) {
      if (!token) return fail('missing-input-response');
      switch (secretKey) {
        case DUMMY_SECRET_FAIL:
          return fail('invalid-input-response');
        case DUMMY_SECRET_SPENT:
          return fail('timeout-or-duplicate');
        case DUMMY_SECRET_PASS:
          break;
        default:
          // Only Turnstile can check a real secret; failing loudly beats passing silently.
          return {
            success: false,
            errorCodes: ['invalid-input-secret'],
            unavailable: 'the test-mode captcha cannot check a real secret key',
          };
      }
      if (token !== DUMMY_TOKEN) return fail('invalid-input-response');
      if (dummyTokenAction !== undefined && dummyTokenAction !== action)
        return fail(ACTION_MISMATCH);
      return { success: true, action, hostname: 'localhost' };
    },
  };
}
