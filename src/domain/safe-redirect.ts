/**
 * Where a shopper may be sent after logging in (spec sections 2 and 4): a page that
 * sends the shopper to log in passes its wish along, and it is followed only if it
 * is a path on this site. Shared by the server, which echoes a safe wish in the
 * login reply, and the browser, which navigates only to a safe path.
 */

/** Longer wishes are ignored rather than echoed. */
export const REDIRECT_PATH_MAX_LENGTH = 512;

/**
 * `value` when it is a relative path on this site, else null: a string starting
 * with a single '/' (not '//' nor '/\', which browsers read as another host), so it
 * carries no scheme or host, with no backslash, whitespace or control character
 * anywhere (browsers turn '\' into '/' and drop tabs and newlines, which could make
 * '/\t/evil.example' into '//evil.example').
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > REDIRECT_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value[1] === '/') return null;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || code < 0x20 || code === 0x7f || /\s/.test(char)) return null;
  }
  return value;
}
