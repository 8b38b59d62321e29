/**
 * The staff session cookie (ADR 047): a random token, HttpOnly, SameSite=Strict, Secure
 * in production, scoped to the back office's paths. Only its sha256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const STAFF_COOKIE = 'eb_staff';

/** A session unused for 30 minutes has ended; none lasts beyond 12 hours. */
export const STAFF_SESSION_LIMITS = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

export const hashStaffToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newStaffToken(): string {
  return randomBytes(32).toString('base64url');
}

export function staffTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[STAFF_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

const cookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure }) as const;

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean): void {
  // A session cookie (no Max-Age): the server's idle and absolute limits end it.
  reply.setCookie(STAFF_COOKIE, token, cookieOptions(secure));
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(secure));
}
