/**
 * Keeps secrets out of the logs. Request lines carry the URL with the values of
 * token-bearing query parameters replaced (password-reset tokens, basket share and
 * abandoned-basket link ids: each lets its holder act), and identifiers such as email
 * addresses are logged as a pseudonym that correlates lines without showing the address.
 * Logged errors lose what a database error copies from the data: its bound parameters
 * (emails, addresses, password hashes), its detail ("Failing row contains (...)", "Key
 * (email_address)=(...)") and, for bad input values, the value quoted in its message.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Query parameters whose value grants access: ?token= (reset), ?id= / ?restore= (links),
 * ?key= (an order's signed link, ADR 044).
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'id',
  'restore',
  'share',
  'key',
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

/** Fields of a database error that copy the data of the row or statement. */
const DATA_FIELDS = ['params', 'parameters', 'detail', 'where'] as const;

/** A logged error (and its causes) without the data a database error copies. */
export function errorLogFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const fields = stdSerializers.err(error) as unknown as Record<string, unknown>;
  return withoutData(fields, error);
}

function quotesData(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function withoutData(fields: Record<string, unknown>, error: unknown): Record<string, unknown> {
  for (const name of DATA_FIELDS) if (name in fields) fields[name] = REDACTED;
  // SQLSTATE class 22 (data exception): the message (which pino extends with its causes'
  // messages) quotes the offending value.
  if (quotesData(error) && typeof fields.message === 'string') {
    fields.message = fields.message.replace(/"[^"]*"|'[^']*'/g, `"${REDACTED}"`);
    if (typeof fields.stack === 'string') {
      fields.stack = fields.stack.replace(/"[^"]*"|'[^']*'/g, `"${REDACTED}"`);
    }
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (fields.cause && typeof fields.cause === 'object' && cause !== undefined) {
    fields.cause = withoutData(fields.cause as Record<string, unknown>, cause);
  }
  return fields;
}

/**
 * `logger`, logging requests with redacted URLs and errors without their data (whatever
 * logger the caller gave).
 */
export function withRedactedRequests(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: requestLogFields, err: errorLogFields } });
}
