/**
 * Sending a shopper to log in and back (spec sections 2 and 4): a page passes its
 * path as ?redirect=, the login page sends it as redirect_uri, and the server's
 * reply says where to go. Here, not in a feature, because any page may ask.
 */
import { safeRedirectPath } from '../../domain/safe-redirect.ts';

/** The query parameter carrying the page a shopper was sent to log in from. */
export const REDIRECT_PARAM = 'redirect';

/**
 * The login page, asked to come back to `path` afterwards:
 * '/login?redirect=/account'. Slashes stay readable; anything else is encoded.
 */
export function loginFor(path: string): string {
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

/** The page the login page was asked to come back to, as it was given (or null). */
export function redirectWish(search: string): string | null {
  return new URLSearchParams(search).get(REDIRECT_PARAM);
}

/**
 * Where to go after logging in (spec section 2): the redirect address in the reply
 * (the server returns only a path on this site; the browser checks again), else
 * /account.
 */
export function destinationAfterLogin(redirectUri: string | null | undefined): string {
  return safeRedirectPath(redirectUri) ?? '/account';
}
