/**
 * Signed "View your order" links (ADR 044): the confirmation email's link opens the order
 * on any device, not only in the browser that placed it. The link carries a key — its
 * expiry and an HMAC-SHA256 of the order's public id and that expiry — made with a key
 * of its own derived from COOKIE_SECRET (never the cookie key itself, so a cookie
 * signature can never pass as a link, nor the reverse).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link opens its order: long enough for a pre-order months away. */
export const ORDER_LINK_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** A key is `<expiry in seconds since 1970>.<43 base64url characters>`. */
const KEY = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function orderLinks(deps: { cookieSecret: string; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const secret = createHmac('sha256', deps.cookieSecret)
    .update('everbloom order view link')
    .digest();
  const mac = (publicId: string, expires: string) =>
    createHmac('sha256', secret).update(`${publicId}.${expires}`).digest();

  /** A key that opens the order `publicId` until ORDER_LINK_TTL_MS from now. */
  function keyFor(publicId: string): string {
    const expires = String(Math.floor((now() + ORDER_LINK_TTL_MS) / 1000));
    return `${expires}.${mac(publicId, expires).toString('base64url')}`;
  }

  return {
    keyFor,

    /** Whether `key` opens the order `publicId` now: made by keyFor for it, unexpired. */
    opens(publicId: string, key: string | undefined): boolean {
      const match = key === undefined ? null : KEY.exec(key);
      if (!match) return false;
      const [, expires = '', signature = ''] = match;
      if (Number(expires) * 1000 <= now()) return false;
      return timingSafeEqual(Buffer.from(signature, 'base64url'), mac(publicId, expires));
    },

    /** The email's link: the order page, with the key. */
    viewUrl(shopUrl: string, publicId: string): string {
      const key = encodeURIComponent(keyFor(publicId));
      return `${shopUrl.replace(/\/+$/, '')}/order/thank-you/${publicId}?key=${key}`;
    },
  };
}

export type OrderLinks = ReturnType<typeof orderLinks>;
