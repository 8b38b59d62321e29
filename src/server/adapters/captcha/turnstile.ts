/**
 * Cloudflare Turnstile: checks a widget token with the siteverify API. Never throws:
 * an unreachable, slow or broken siteverify (or one refusing our secret key) is a
 * failure with `internal-error` (or Cloudflare's code) marked `unavailable` with the
 * cause, so the caller can log it and tell the shopper the check could not be made
 * rather than that they failed it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { TURNSTILE_SCRIPT } from '../../../domain/captcha.ts';
import type { ContentSources } from '../content-sources.ts';
import {
  ACTION_MISMATCH,
  HOSTNAME_MISMATCH,
  type CaptchaResult,
  type CaptchaVerifier,
} from './port.ts';

/** Where the widget's script and its frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Cloudflare's documented policy for the widget: its script, and the frame it draws in. */
export const TURNSTILE_CONTENT_SOURCES: ContentSources = {
  'script-src': [TURNSTILE_ORIGIN],
  'frame-src': [TURNSTILE_ORIGIN],
};

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Turnstile tokens are at most this long; longer ones are rejected without a request. */
export const MAX_TOKEN_LENGTH = 2048;

export interface TurnstileOptions {
  secretKey: string;
  siteKey: string;
  /** When set, a token solved on another hostname fails with `hostname-mismatch`. */
  expectedHostname?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Where siteverify lives; tests point it at a local fake. */
  siteverifyUrl?: string;
}

const siteverifyReply = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  action: z.string().nullish(),
  hostname: z.string().nullish(),
  challenge_ts: z.string().nullish(),
});

const fail = (...errorCodes: string[]): CaptchaResult => ({ success: false, errorCodes });
const unavailable = (cause: string, errorCodes = ['internal-error']): CaptchaResult => ({
  success: false,
  errorCodes,
  unavailable: cause,
});

/**
 * Siteverify's codes that say the check itself failed, not the token: Cloudflare's own
 * error, or our secret key missing or wrong (a configuration fault to fix at once).
 */
const NOT_THE_TOKENS_FAULT = new Set([
  'internal-error',
  'missing-input-secret',
  'invalid-input-secret',
]);

/** Why a request to siteverify threw: the timeout, or the network error and its cause. */
function failureCause(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `siteverify did not answer within ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const inner = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `siteverify could not be reached: ${error.message}${inner}`;
  }
  return 'siteverify could not be reached';
}

export function turnstileVerifier({
  secretKey,
  siteKey,
  expectedHostname,
  fetch = globalThis.fetch,
  timeoutMs = 5000,
  siteverifyUrl = SITEVERIFY_URL,
}: TurnstileOptions): CaptchaVerifier {
  return {
    mode: 'turnstile',
    siteKey,
    contentSources: TURNSTILE_CONTENT_SOURCES,
    widgetScript: TURNSTILE_SCRIPT,
    async verify({ token, action, remoteIp }) {
      if (!token) return fail('missing-input-response');
      if (token.length > MAX_TOKEN_LENGTH) return fail('invalid-input-response');

      const form = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      // Lets Cloudflare recognise a repeat of this request; a token is otherwise single-use.
      form.set('idempotency_key', randomUUID());

      let response: Response;
      try {
        response = await fetch(siteverifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return unavailable(failureCause(error, timeoutMs));
      }
      if (!response.ok) return unavailable(`siteverify answered HTTP ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        // A body that is not JSON (a proxy's page), or one cut off by the timeout.
        return unavailable(
          error instanceof Error && error.name === 'TimeoutError'
            ? failureCause(error, timeoutMs)
            : 'siteverify answered something other than JSON',
        );
      }

      const parsed = siteverifyReply.safeParse(body);
      if (!parsed.success) return unavailable('siteverify answered JSON of an unknown shape');
      const reply = parsed.data;
      if (!reply.success) {
        const codes = reply['error-codes'] ?? [];
        if (codes.length === 0) return unavailable('siteverify failed without an error code');
        if (codes.some((code) => NOT_THE_TOKENS_FAULT.has(code))) {
          return unavailable(`siteverify could not check the token: ${codes.join(', ')}`, codes);
        }
        return fail(...codes);
      }

      // Siteverify only says the token is genuine: whether it was issued for this form
      // (and this site) is ours to check.
      const mismatches: string[] = [];
      if (reply.action !== action) mismatches.push(ACTION_MISMATCH);
      if (expectedHostname !== undefined && reply.hostname !== expectedHostname)
        mismatches.push(HOSTNAME_MISMATCH);
      if (mismatches.length > 0) return fail(...mismatches);

      return { success: true, action, hostname: reply.hostname ?? null };
    },
  };
}
