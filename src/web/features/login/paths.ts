/** The login page's paths, and where the browser goes after logging in or registering. */

/** The forgotten-password view of /login (spec section 2). */
export const FORGOT_PASSWORD_HASH = '#forgot-password';

/** A same-site path to go to ('/account?tab=1'), or null for anything else. */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Never back to the login pages themselves, which would only say 'already logged in'.
  return path.startsWith('/') && !path.startsWith('//') && !/^\/login(\/|$|[?#])/.test(path)
    ? path
    : null;
}

/**
 * Where to go after logging in (spec section 2): the server's redirect address,
 * else a same-site ?redirect= path, else /account.
 */
export function destinationAfterLogin(fromServer: string | undefined, search: string): string {
  return (
    sameSitePath(fromServer) ??
    sameSitePath(new URLSearchParams(search).get('redirect')) ??
    '/account'
  );
}
