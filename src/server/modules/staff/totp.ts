/**
 * The staff second factor (ADR 048): TOTP, RFC 6238, as every authenticator app reads
 * it — SHA-1, six digits, a 30-second step, and a code from one step either side of
 * now accepted for a clock a little out. A code is good once: the caller records the
 * step a code matched (staff.totp_last_step) and refuses that step or an earlier one.
 */
import { Secret, TOTP } from 'otpauth';
import { secretBox, type SecretBox } from '../../lib/secret-box.ts';

export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps either side of now a code may come from. */
export const TOTP_WINDOW = 1;
/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Everbloom back office';

const totp = (secret: string, label = 'staff') =>
  new TOTP({ ...TOTP_SETTINGS, issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret) });

/**
 * How staff TOTP secrets are kept in the database: sealed under a key derived from the
 * cookie secret (ADR 075). Changing COOKIE_SECRET makes them unreadable: staff then
 * need new set-up links (`npm run staff:add`), as they should after a leak.
 */
export function staffTotpSecrets(cookieSecret: string): SecretBox {
  return secretBox(cookieSecret, 'staff-totp');
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app enrols from (what the QR code holds). */
export function otpauthUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The time step `code` matches for `secret` at `now` (within the window), or null.
 * Always does the same work whatever the code, so a miss takes as long as a hit.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** The code for `secret` at `now` (tests, the demo staff, the browser journey). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}
