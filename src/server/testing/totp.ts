/**
 * Authenticator codes for tests and the browser journeys: what an authenticator app
 * would show now (or at `at`) for a staff member's base32 TOTP secret, e.g. a demo
 * staff member's from the README.
 */
import { totpCode } from '../modules/staff/totp.ts';

export { totpCode };

/** The code for the step after `at`'s (a code not yet used, for a second sign-in). */
export function nextTotpCode(secret: string, at = Date.now()): string {
  return totpCode(secret, at + 30_000);
}
