/**
 * Cloudflare Turnstile: checks a widget token with the siteverify API. Never throws:
 * an unreachable, slow or broken siteverify is a failure with `internal-error`, so
 * the caller treats it like any other rejected captcha.
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

      let body: unknown;
      try {
        const response = await fetch(siteverifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return fail('internal-error');
        body = await response.json();
      } catch {
        // Network error, timeout (TimeoutError) or a body that is not JSON.
        return fail('internal-error');
      }

      const parsed = siteverifyReply.safeParse(body);
      if (!parsed.success) return fail('internal-error');
      const reply = parsed.data;
      if (!reply.success) {
        const codes = reply['error-codes'] ?? [];
        return fail(...(codes.length > 0 ? codes : ['internal-error']));
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
