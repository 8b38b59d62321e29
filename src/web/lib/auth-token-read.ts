/**
 * The reading half of lib/auth-token.ts: what the API client and the header need on
 * every page. Setting and removing live there, outside the first download (the home
 * page's JavaScript budget, ADR 009).
 */
import { useSyncExternalStore } from 'react';
import { readCookie } from './cookies.ts';

export const AUTH_TOKEN_COOKIE = 'ba_auth_token';

const listeners = new Set<() => void>();

/** The stored token, or null. */
export function readAuthToken(): string | null {
  return readCookie(AUTH_TOKEN_COOKIE);
}

/** Re-renders whatever uses useAuthToken; called after the cookie changes. */
export function authTokenChanged(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored token, re-rendering when it is set or removed. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, readAuthToken, () => null);
}
