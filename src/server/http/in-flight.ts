/**
 * The requests a process has received and not yet answered, so a shutdown that runs out
 * of time can say what it was waiting for (ADR 043). A request is named by its id, method
 * and route pattern — never its URL, whose query may carry a token.
 */
import type { FastifyInstance } from 'fastify';

/** One request not yet answered. */
export interface InFlightRequest {
  id: string;
  method: string;
  /** The route's pattern, or 'unmatched'. */
  route: string;
  /** Milliseconds since it arrived. */
  ageMs: number;
}

/** Tracks `app`'s requests from arrival to reply (or the client's going away). */
export function trackInFlightRequests(app: FastifyInstance): () => InFlightRequest[] {
  const open = new Map<string, { method: string; route: string; since: number }>();
  app.addHook('onRequest', (request, _reply, done) => {
    open.set(request.id, {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      since: Date.now(),
    });
    done();
  });
  const forget = (request: { id: string }, _reply: unknown, done: () => void) => {
    open.delete(request.id);
    done();
  };
  app.addHook('onResponse', forget);
  app.addHook('onRequestAbort', (request, done) => forget(request, null, done));
  return () => {
    const now = Date.now();
    return [...open].map(([id, { method, route, since }]) => ({
      id,
      method,
      route,
      ageMs: now - since,
    }));
  };
}
