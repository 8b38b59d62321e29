/**
 * How long a client may take to send its request (issue 19, ADR 043). Fastify turns
 * Node's own limit off (its requestTimeout defaults to 0), so a client that sent headers
 * and then trickled, or stopped sending, its body held a connection and its request
 * forever — and kept a shutting-down process from closing. Node answers 408 and closes
 * the connection when either limit passes. Neither bounds the shop's own work on a
 * request (an order waiting for the gateway): only the time to receive it.
 */
import type { ServerOptions } from 'node:http';

/** Time to receive a request's headers. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Time to receive a whole request, headers and body (bodies are a few KiB). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests over either limit. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The limits (tests shorten them). */
export interface RequestTimeouts {
  headersMs?: number;
  requestMs?: number;
  checkEveryMs?: number;
}

/** Fastify's server options for these limits. */
export function requestTimeoutOptions(timeouts: RequestTimeouts = {}): {
  requestTimeout: number;
  http: ServerOptions;
} {
  const requestMs = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  return {
    // Fastify sets the server's requestTimeout from its own option, after creating it.
    requestTimeout: requestMs,
    http: {
      requestTimeout: requestMs,
      // Node refuses a headers limit above the request limit.
      headersTimeout: Math.min(timeouts.headersMs ?? HEADERS_TIMEOUT_MS, requestMs),
      connectionsCheckingInterval: timeouts.checkEveryMs ?? TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}
