/**
 * The captcha port: verifies a token a captcha widget gave the browser. Adapters:
 * Cloudflare Turnstile's siteverify (turnstile.ts) and an offline test mode that
 * mirrors Turnstile's dummy keys (test-mode.ts).
 */

import type { ContentSources } from '../content-sources.ts';

/** Turnstile's documented dummy token, issued by its test sitekeys. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * Codes added to Turnstile's own (missing-input-response, invalid-input-response,
 * timeout-or-duplicate, internal-error, …) for a genuine token issued for another
 * action or solved on another hostname.
 */
export const ACTION_MISMATCH = 'action-mismatch';
export const HOSTNAME_MISMATCH = 'hostname-mismatch';

export type CaptchaResult =
  | { success: true; action: string | null; hostname: string | null }
  | {
      success: false;
      errorCodes: string[];
      /**
       * Set when the token could not be checked at all (siteverify unreachable, slow or
       * failing, or refusing our secret), saying why, for the log: the shopper did
       * nothing wrong and is told the check could not be made. Unset when the token
       * itself was refused.
       */
      unavailable?: string;
    };

export interface CaptchaVerifier {
  /** Which implementation this is ('turnstile' or 'test'), for logs and the page. */
  readonly mode: 'turnstile' | 'test';
  /** The sitekey the browser widget should use. */
  readonly siteKey: string;
  /** What the browser widget needs the page's content security policy to allow. */
  readonly contentSources?: ContentSources;
  /**
   * The script the browser widget loads, if any: the pages with a captcha form preload
   * it from their HTML, so the widget is ready as the form appears.
   */
  readonly widgetScript?: string;
  /**
   * Checks `token` for `action` (e.g. 'login'). A token for another action, an expired,
   * reused or forged token, or a missing one, is a failure with Turnstile's error codes.
   */
  verify(input: { token: string; action: string; remoteIp?: string }): Promise<CaptchaResult>;
}
