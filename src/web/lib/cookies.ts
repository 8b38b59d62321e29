/**
 * The browser's one way to read and write its own cookies (the login token and the
 * product-clicks record). Values are URI-encoded, so any text survives the trip.
 */

/** The decoded value of cookie `name`, or null when it is absent or unreadable. */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Stores `value` in cookie `name` for the whole site for `maxAgeS` seconds (0
 * removes it); sent only over HTTPS when the page is.
 */
export function writeCookie(name: string, value: string, maxAgeS: number): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeS}; samesite=lax${secure}`;
}
