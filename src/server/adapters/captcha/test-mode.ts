/**
 * Offline captcha: behaves like Turnstile's siteverify with its documented dummy
 * keys, so the whole login flow runs with no network.
 */
import { DUMMY_TOKEN, type CaptchaVerifier } from './port.ts';

/** Turnstile's dummy sitekey that always passes (visible widget). */
export const DUMMY_SITE_KEY = '1x00000000000000000000AA';
/** Dummy secrets: always passes, always fails, token already spent. */
export const DUMMY_SECRET_PASS = '1x0000000000000000000000000000000AA';
export const DUMMY_SECRET_FAIL = '2x0000000000000000000000000000000AA';
export const DUMMY_SECRET_SPENT = '3x0000000000000000000000000000000AA';

export function testModeVerifier(options: {
  siteKey?: string;
  secretKey?: string;
}): CaptchaVerifier {
  const secretKey = options.secretKey ?? DUMMY_SECRET_PASS;
  return {
    mode: 'test',
    siteKey: options.siteKey ?? DUMMY_SITE_KEY,
    async verify({ token, action }) {
      if (!token) return { success: false, errorCodes: ['missing-input-response'] };
      if (secretKey === DUMMY_SECRET_FAIL)
        return { success: false, errorCodes: ['invalid-input-response'] };
      if (secretKey === DUMMY_SECRET_SPENT)
        return { success: false, errorCodes: ['timeout-or-duplicate'] };
      if (token !== DUMMY_TOKEN) return { success: false, errorCodes: ['invalid-input-response'] };
      return { success: true, action, hostname: 'localhost' };
    },
  };
}
