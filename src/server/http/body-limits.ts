/**
 * How much of a request body the shop reads, and how deep its JSON may nest (issue 19,
 * ADR 043). Parsing JSON is synchronous: a 1 MiB body of nested brackets held the event
 * loop for ~0.6 s, so one connection sending them cut every other shopper's throughput
 * from ~1,100 to 6 requests a second. Every route now reads a few KiB unless it is named
 * here with what it needs; JSON nested deeper than MAX_JSON_DEPTH is refused by a linear
 * scan before it is parsed. A body over its route's limit is 413 `payload_too_large`
 * (Fastify stops reading it there); JSON too deep is 400 `bad_request`.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { MAX_PICTURE_UPLOAD_BYTES } from '../../domain/pictures.ts';

/** Largest body a route accepts unless ROUTE_BODY_LIMITS names it: every form and API call fits. */
export const DEFAULT_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * Routes that need more, by method and registered pattern. Kept here, not in the
 * modules' route files, so the limits are read (and reviewed) in one place.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // A payment nonce (up to 4 KiB) and Braintree's device data (up to 16 KiB, placeOrderSchema).
  'POST /api/v1/basket/order': 32 * 1024,
  // Braintree's form post: bt_payload is a whole notification's XML in base64.
  'POST /api/v1/payments/webhooks': 64 * 1024,
  // A product picture (multipart; ADR 063): refused by its declared length before it is read.
  'POST /api/v1/admin/products/:id/pictures': MAX_PICTURE_UPLOAD_BYTES,
  // A product family with up to 50 variations and a 5,000-character description (ADR 062).
  'POST /api/v1/admin/products': 64 * 1024,
  'PATCH /api/v1/admin/products/:id': 64 * 1024,
  // A products CSV of up to 10,000 rows, as one JSON string (flat: its parse is linear).
  'POST /api/v1/admin/products/import': 4 * 1024 * 1024,
};

/** Deepest nesting of objects and arrays a JSON body may have (the shop's own use 3). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects or arrays deeper than `max`. One pass, brackets
 * inside strings ignored; stops at the first bracket too deep. It does not validate:
 * the parser still does, on text it now knows is shallow.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Sets each route's body limit as it is registered (its own, if it declares one; else
 * ROUTE_BODY_LIMITS's; else the default) and parses JSON with Fastify's own parser
 * (prototype-poisoning checks included) once the depth scan passes. Call before any
 * route is registered.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const named = methods
      .map((method) => ROUTE_BODY_LIMITS[`${method} ${route.url}`])
      .find((limit) => limit !== undefined);
    route.bodyLimit = named ?? DEFAULT_BODY_LIMIT_BYTES;
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': always text here.
    const text = String(body);
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('bad_request'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
