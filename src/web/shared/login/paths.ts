/** The login page's paths. */

/** The forgotten-password view of /login (spec section 2). */
export const FORGOT_PASSWORD_HASH = '#forgot-password';
