/**
 * Every route the shop serves, each in exactly one list: what anyone may call, what only
 * development serves, and what touches someone's data (tried by the authorization matrix
 * suite named). authorization.integration.test.ts fails when
 * the app has a route in none of the lists, so a new endpoint cannot slip through.
 */

/** Nobody owns what these answer or change: the same for every caller. */
export const PUBLIC_ROUTES = {
  'GET /api/v1/products': 'the catalogue',
  'GET /api/v1/products/:id': 'the catalogue',
  'GET /api/v1/search/suggestions': 'the catalogue: suggestions for the search box',
  'GET /api/v1/categories': 'the catalogue',
  'GET /api/v1/config': 'vendor settings the browser needs (public keys and modes only)',
  'GET /api/v1/health': 'liveness, no data',
  'GET /healthz': 'liveness probe, no data',
  'GET /readyz': 'readiness probe, no data',
  'GET /api/v1/openapi.json': 'the API’s description',
  'GET /media/*': 'product pictures',
  'GET /robots.txt': 'what crawlers may read',
  'GET /sitemap.xml': 'the public pages’ addresses',
  'GET /sitemaps/:file': 'the public pages’ addresses',
  // The web build's files (one route per file; the test app's build has these two).
  'GET /index.html': 'the web app',
  'GET /assets/app.js': 'the web app',
  // Served only while the address lookup runs in test mode (POSTCODER_API_KEY unset).
  'GET /api/v1/test-mode/postcoder/address/:country/:term': 'demo addresses, nobody’s data',
} as const;

/** Served only outside production (devOutbox: NODE_ENV is not production). */
export const DEVELOPMENT_ROUTES = {
  'GET /dev/outbox': 'the email outbox page (shows reset links: never in production)',
  'GET /api/v1/dev/outbox': 'the email outbox as JSON',
  'GET /dev/outbox/:id/attachments/:index': 'a file sent with an outbox email (ADR 071)',
  'POST /api/v1/dev/restock': 'the operator’s restock, for browser journeys',
  // Also only with the test-mode gateway: its fault switch (ADR 030).
  'POST /api/v1/test-mode/braintree/faults': 'queues payment faults, for fault journeys',
  'GET /api/v1/test-mode/braintree/faults': 'the payment faults set',
  'DELETE /api/v1/test-mode/braintree/faults': 'clears the payment faults',
  'POST /api/v1/test-mode/braintree/settlements': 'settles a test sale, for refund journeys',
} as const;

/** Routes that read or change someone's data, and the matrix suite that tries them. */
export const OWNED_ROUTES = {
  'GET /api/v1/user': 'accounts',
  'PUT /api/v1/user/personal': 'accounts',
  'PUT /api/v1/user/tax': 'accounts',
  'PUT /api/v1/user/newsletter': 'accounts',
  'PUT /api/v1/user/basket-reminders': 'accounts',
  'PUT /api/v1/user/auth': 'accounts',
  'GET /api/v1/user/loyalty': 'accounts',
  'GET /api/v1/user/credit': 'accounts',
  'GET /api/v1/user/export': 'accounts',
  'POST /api/v1/user/erase': 'accounts',
  'GET /api/v1/user/addresses': 'accounts',
  'POST /api/v1/user/addresses': 'accounts',
  'PUT /api/v1/user/addresses/defaults': 'accounts',
  'PUT /api/v1/user/addresses/:id': 'accounts',
  'GET /api/v1/user/orders': 'accounts',
  'POST /api/v1/user/orders/:public_id/cancel': 'accounts',
  'GET /api/v1/orders/:public_id': 'accounts',
  'POST /api/v1/orders/:public_id/cancel': 'accounts',
  'GET /api/v1/orders/:public_id/invoice': 'accounts',
  'GET /api/v1/orders/:public_id/credit-notes/:number': 'accounts',
  'GET /api/v1/orders/:public_id/returns': 'accounts',
  'POST /api/v1/orders/:public_id/returns': 'accounts',
  'POST /api/v1/orders/track': 'accounts',
  'GET /api/v1/user/wishlist': 'accounts',
  'POST /api/v1/user/wishlist/items': 'accounts',
  'DELETE /api/v1/user/wishlist/items/:id': 'accounts',
  'POST /api/v1/user/wishlist/share': 'accounts',
  'DELETE /api/v1/user/wishlist/share': 'accounts',
  'GET /api/v1/wishlists/:shareId': 'accounts',
  'POST /api/v1/payments/token': 'accounts',
  'GET /api/v1/payments/methods': 'accounts',
  'DELETE /api/v1/payments/methods/:id': 'accounts',
  'PUT /api/v1/payments/methods/:id/default': 'accounts',
  'POST /api/v1/payments/webhooks': 'accounts',
  'POST /api/v1/auth/login': 'accounts',
  'POST /api/v1/auth/register': 'accounts',
  'POST /api/v1/auth/logout': 'accounts',
  'POST /api/v1/auth/reset_password': 'accounts',
  'POST /api/v1/auth/reset_password/confirm': 'accounts',
  'POST /api/v1/products/:id/stock_notifications': 'accounts',
  'GET /metrics': 'accounts',
  // Served only while payments run in test mode (Braintree keys unset).
  'POST /api/v1/test-mode/braintree/client_api/nonces': 'accounts',
  'POST /api/v1/test-mode/braintree/client_api/three_d_secure': 'accounts',
  'GET /api/v1/basket': 'baskets',
  'POST /api/v1/basket': 'baskets',
  'PATCH /api/v1/basket/:id': 'baskets',
  'DELETE /api/v1/basket/:id': 'baskets',
  'PUT /api/v1/basket/details': 'baskets',
  'PUT /api/v1/basket/delivery': 'baskets',
  'PUT /api/v1/basket/voucher': 'baskets',
  'PUT /api/v1/basket/loyalty': 'baskets',
  'PUT /api/v1/basket/credit': 'baskets',
  'POST /api/v1/basket/acquire': 'baskets',
  'GET /api/v1/basket/abandoned': 'baskets',
  'POST /api/v1/basket/share': 'baskets',
  'POST /api/v1/basket/order': 'baskets',
} as const;

/**
 * Not served by a production start with every vendor's keys and no METRICS_TOKEN
 * (start-server.integration.test.ts checks): development and test-mode routes, metrics.
 */
export const NOT_IN_PRODUCTION = [
  ...Object.keys(DEVELOPMENT_ROUTES),
  'GET /api/v1/test-mode/postcoder/address/:country/:term',
  'POST /api/v1/test-mode/braintree/client_api/nonces',
  'POST /api/v1/test-mode/braintree/client_api/three_d_secure',
  'GET /metrics',
];
