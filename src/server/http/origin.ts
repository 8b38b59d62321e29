/**
 * Other origins cannot write. A request that changes state (every method but GET, HEAD
 * and OPTIONS, and the GETs that change a basket) is refused with 403 `unauthorized`
 * when a browser says it comes from elsewhere: an Origin that is not the shop's own,
 * or Sec-Fetch-Site other than same-origin or none (none: typed or bookmarked). The
 * shop's own origin is the one the request was addressed to (scheme and Host, or the
 * proxy's X-Forwarded-* when trusted) and PUBLIC_URL's. A request with neither header
 * (curl, another server) passes: no browser sent it with a shopper's cookies.
 *
 * Which request changes state is decided by the route that matched (its pattern, as
 * registered), never by the text of the URL: the router decodes percent-encodings and
 * ignores a trailing slash, so `/api/v1/basket/abandone%64` reaches the same handler as
 * `/api/v1/basket/abandoned`. Fastify answers HEAD with a GET route's handler, so a HEAD
 * of a state-changing GET changes state too.
 *
 * CORS stays closed: no Access-Control-* header is ever sent, so another site's
 * scripts cannot read replies either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';

/**
 * Route patterns (as registered) whose GET changes state: copying a linked basket into
 * this browser's.
 */
export const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(['/api/v1/basket/abandoned']);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the shop's own page (or the shopper) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

function changesState(request: FastifyRequest): boolean {
  if (!READ_METHODS.has(request.method)) return true;
  if (request.method === 'OPTIONS') return false;
  // undefined when no route matched (the not-found handler changes nothing).
  const route = request.routeOptions.url;
  return route !== undefined && STATE_CHANGING_GETS.has(route);
}

/** Whether a state-changing request may proceed, given the shop's public origin. */
export function fromOwnOrigin(request: FastifyRequest, publicOrigin: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_FETCH_SITES.has(String(site))) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}` || origin === publicOrigin;
}

export function registerOriginCheck(app: FastifyInstance, options: { publicUrl?: string }): void {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  app.addHook('onRequest', async (request) => {
    if (changesState(request) && !fromOwnOrigin(request, publicOrigin)) {
      throw new AppError('unauthorized', { status: 403 });
    }
  });
}
