/**
 * The browser's basket: a signed, HttpOnly cookie holding its id. Read by every route
 * that acts on "this browser's basket" (basket, order, order history) and cleared at
 * logout, so it lives here rather than in any one route file.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const BASKET_COOKIE = 'everbloom_basket';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A signed basket id is 80 characters (uuid, dot, base64url HMAC); longer is forged. */
const SIGNED_ID_MAX_LENGTH = 128;

/** The basket id from the signed cookie, or null when absent or tampered with. */
export function basketIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[BASKET_COOKIE];
  if (!raw || raw.length > SIGNED_ID_MAX_LENGTH) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && UUID.test(unsigned.value) ? unsigned.value : null;
}

const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

/**
 * Points the browser's basket cookie at `basketId` (signed, HttpOnly, SameSite=Lax, 30
 * days), or removes it when null.
 */
export function setBasketCookie(
  response: FastifyReply,
  basketId: string | null,
  secureCookies: boolean,
) {
  if (basketId === null) {
    response.clearCookie(BASKET_COOKIE, { path: '/' });
    return;
  }
  response.setCookie(BASKET_COOKIE, basketId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    signed: true,
    maxAge: THIRTY_DAYS_S,
  });
}
