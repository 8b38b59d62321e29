/**
 * Security headers (helmet) with a content security policy built once from the
 * vendors configured: the shop's own origin for scripts, styles, images and API calls,
 * plus exactly the origins each configured vendor declares (Turnstile's script and
 * frame when TURNSTILE_* is set; none in test mode). Never 'unsafe-inline' scripts.
 *
 * Strict-Transport-Security is sent only when the shop runs behind HTTPS (production, where
 * cookies are Secure): over plain http on a developer's machine it would pin localhost to
 * https for a year.
 *
 * The helmet middleware is built once and applied to every reply. (@fastify/helmet
 * rebuilt it, CSP parsing included, on every request: a third of GET /api/v1/basket's
 * time. ADR 011.)
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ContentSources, VendorDirective } from '../adapters/content-sources.ts';

/** The policy with no vendor: everything from the shop's own origin. */
const OWN_DIRECTIVES: Record<string, readonly string[]> = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A vendor may add origins only: never a keyword or scheme that loosens the policy. */
const VENDOR_ORIGIN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/**
 * The policy's directives for these vendors' sources. A directive a vendor adds to that
 * the shop does not set (frame-src) starts from 'self', as default-src gave it.
 */
export function contentSecurityDirectives(
  vendors: readonly ContentSources[],
): Record<string, string[]> {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(OWN_DIRECTIVES).map(([name, sources]) => [name, [...sources]]),
  );
  for (const vendor of vendors) {
    for (const [name, origins] of Object.entries(vendor) as [VendorDirective, string[]][]) {
      const sources = (directives[name] ??= ["'self'"]);
      for (const origin of origins) {
        if (!VENDOR_ORIGIN.test(origin)) {
          throw new Error(`A vendor's ${name} source must be an https origin, not ${origin}`);
        }
        if (!sources.includes(origin)) sources.push(origin);
      }
    }
  }
  return directives;
}

/** HSTS in production: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * Adds the security headers, with the policy for `vendors`, to every reply; HSTS only
 * when `https` (the shop is served over HTTPS).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  vendors: readonly ContentSources[] = [],
  options: { https?: boolean } = {},
): void {
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { ...contentSecurityDirectives(vendors), 'upgrade-insecure-requests': null },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? STRICT_TRANSPORT_SECURITY : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, () => done());
  });
}
