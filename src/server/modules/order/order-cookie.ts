/**
 * The orders one browser may read without signing in: a signed, HttpOnly cookie listing
 * its recent orders' public ids, set when it places (or claims) one and cleared at logout.
 * Shared by the order and order-history routes and the logout route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { AppError } from '../../../domain/errors.ts';
import { parseInput } from '../../http/parse.ts';
import type { OrderLinks } from './order-link.ts';

export const ORDERS_COOKIE = 'everbloom_orders';
/** Orders one browser can read back without signing in. */
const RECENT_ORDERS = 10;
const NINETY_DAYS_S = 60 * 60 * 24 * 90;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The order ids in the browser's signed orders cookie. */
export function recentOrders(request: FastifyRequest): string[] {
  const raw = request.cookies[ORDERS_COOKIE];
  if (!raw || raw.length > 1024) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter((id) => UUID.test(id));
}

/** Puts an order first in the browser's signed orders cookie (it may then read it). */
export function rememberOrder(
  request: FastifyRequest,
  response: FastifyReply,
  publicId: string,
  secureCookies: boolean,
) {
  const ids = [publicId, ...recentOrders(request).filter((id) => id !== publicId)];
  response.setCookie(ORDERS_COOKIE, ids.slice(0, RECENT_ORDERS).join('.'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    signed: true,
    maxAge: NINETY_DAYS_S,
  });
}

/** An order's public id from a URL, lower-cased; order_not_found when it cannot be one. */
export function publicIdParam(value: string): string {
  const publicId = value.toLowerCase();
  if (!UUID.test(publicId)) throw new AppError('order_not_found');
  return publicId;
}

/**
 * The signed link's key (ADR 044), as GET /orders/{id} and POST /orders/{id}/cancel read
 * it; anything but a string is no key.
 */
export const orderLinkQuery = z.object({
  key: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
});

/**
 * The orders this browser may see: those in its orders cookie, and the one asked for
 * when the request carries its signed link's key. A key that opens the order also puts
 * it in the orders cookie, so the browser keeps access without the link.
 */
export function visibleOrders(
  request: FastifyRequest,
  response: FastifyReply,
  publicId: string,
  deps: { orderLinks: OrderLinks; secureCookies: boolean },
): string[] {
  const recent = recentOrders(request);
  const { key } = parseInput(orderLinkQuery, request.query ?? {});
  if (!deps.orderLinks.opens(publicId, key)) return recent;
  rememberOrder(request, response, publicId, deps.secureCookies);
  return [publicId, ...recent];
}
