/**
 * Whether an error means the database could not be reached or the connection was lost
 * (ADR 030), rather than a query being wrong: the server shut the session down
 * (SQLSTATE 57P01–57P03), any connection exception (class 08), the socket refused, reset
 * or timed out, node-postgres's own connection messages, a pool that found no
 * connection in time, or an embedded engine or database handle already closed. Such a
 * failure answers 503 `service_unavailable`: the request may be repeated once the
 * database is back.
 */

const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETDOWN',
  'EHOSTDOWN',
  'ECONNABORTED',
]);
/**
 * node-postgres (pg, pg-pool), PGlite and Kysely say these without a code. Kysely's is
 * what every query meets once the database handle is closed (a shutdown whose deadline
 * passed with requests still arriving): it used to answer 500.
 */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
  /^driver has already been destroyed/,
];

/** A short reason for the log ('57P01', 'ECONNREFUSED', the driver's message); null when it is not one. */
export function connectionFailure(error: unknown, depth = 0): string | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return `SQLSTATE ${code}`;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return code;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message)))
    return message;
  // A connect to a name with several addresses fails with each one's error.
  if (Array.isArray(errors))
    for (const inner of errors) {
      const found = connectionFailure(inner, depth + 1);
      if (found) return found;
    }
  return connectionFailure(cause, depth + 1);
}
