/**
 * The login token, kept in the ba_auth_token cookie (spec section 3: read, set,
 * remove) and sent as a bearer header by the API client. Components that depend on
 * being signed in use useAuthToken, so setting or removing the token re-renders them.
 */
import { AUTH_TOKEN_COOKIE, authTokenChanged } from './auth-token-read.ts';
import { writeCookie } from './cookies.ts';

export { AUTH_TOKEN_COOKIE, readAuthToken, useAuthToken } from './auth-token-read.ts';

/** A login lasts as long as the server's token: 30 days (ADR 010). */
const MAX_AGE_S = 60 * 60 * 24 * 30;

/** Stores the token for 30 days. */
export function setAuthToken(token: string): void {
  writeCookie(AUTH_TOKEN_COOKIE, token, MAX_AGE_S);
  authTokenChanged();
}

/** Forgets the token (logging out, or the server no longer accepts it). */
export function removeAuthToken(): void {
  writeCookie(AUTH_TOKEN_COOKIE, '', 0);
  authTokenChanged();
}
