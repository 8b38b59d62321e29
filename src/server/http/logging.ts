/**
 * Keeps secrets out of the logs. Request lines carry the URL with the values of
 * token-bearing query parameters replaced (password-reset tokens, basket share and
 * abandoned-basket link ids: each lets its holder act), and identifiers such as email
 * addresses are logged as a pseudonym that correlates lines without showing the address.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose value grants access: ?token= (reset), ?id= / ?restore= (links). */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'id',
  'restore',
  'share',
]);

function parameterName(part: string): string {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** `url` with the values of secret query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      if (!SECRET_QUERY_PARAMETERS.has(parameterName(part))) return part;
      return `${part.split('=', 1)[0]}=${REDACTED}`;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** How a request appears in log lines (Fastify's fields, URL redacted). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `logger`, logging requests with redacted URLs (whatever logger the caller gave). */
export function withRedactedRequests(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: requestLogFields } });
}

/** A stable pseudonym for an identifier (e.g. an email address) in log lines. */
export function logPseudonym(value: string): string {
  return createHash('sha256').update(`everbloom-log:${value}`).digest('hex').slice(0, 16);
}
