/**
 * Builds the shop's HTTP application from its dependencies. Never listens: main.ts
 * does, and tests call app.inject().
 */
import { adminOrderRoutes } from './modules/admin-orders/admin-orders.routes.ts';
import { adminOrdersService } from './modules/admin-orders/admin-orders.service.ts';
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AddressLookupConfig } from '../domain/address-lookup.ts';
import { configSchema, data, statusOkSchema } from '../domain/api/replies.ts';
import type { AddressLookup } from './adapters/address-lookup/port.ts';
import { registerTestModePostcoder, testModeLookup } from './adapters/address-lookup/test-mode.ts';
import type { CaptchaVerifier } from './adapters/captcha/port.ts';
import { paymentsConfigView } from './adapters/payments/choose.ts';
import type { PaymentGateway } from './adapters/payments/port.ts';
import { isTestModeGateway, testModeGateway } from './adapters/payments/test-mode.ts';
import {
  registerTestModeBraintree,
  registerTestModeFaults,
} from './adapters/payments/test-mode-routes.ts';
import { testModeVerifier } from './adapters/captcha/test-mode.ts';
import { outboxMailer, outboxReader } from './adapters/email/outbox.ts';
import type { Mailer } from './adapters/email/port.ts';
import type { MetricsAccess, PaymentsConfig, TrustProxy } from './config.ts';
import { SAMPLE_SELLER } from './config.ts';
import type { Db } from './db/client.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerStaffAuthorization } from './http/staff-authorization.ts';
import { DEFAULT_BODY_LIMIT_BYTES, registerBodyLimits } from './http/body-limits.ts';
import { answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerJobMetrics, registerMetrics, shopMetrics } from './http/metrics.ts';
import { withRedactedRequests } from './http/logging.ts';
import { openapi, registerOpenApi } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerUnusualCharacterCheck } from './http/parse.ts';
import { registerMedia } from './http/media.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerStatementCountHeader } from './http/statement-count.ts';
import { requestTimeoutOptions, type RequestTimeouts } from './http/timeouts.ts';
import { trackInFlightRequests, type InFlightRequest } from './http/in-flight.ts';
import { registerWebApp } from './http/web-app.ts';
import { basketRepository } from './modules/basket/basket.repository.ts';
import { basketViewCache } from './modules/basket/basket-view-cache.ts';
import { basketRoutes } from './modules/basket/basket.routes.ts';
import { basketService } from './modules/basket/basket.service.ts';
import { catalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { catalogueService } from './modules/catalogue/catalogue.service.ts';
import { catalogueHeadTags } from './modules/catalogue/page-hints.ts';
import { originOf, seoHeadTags } from './modules/seo/page-head.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { seoService } from './modules/seo/seo.service.ts';
import { sitemapRepository } from './modules/seo/sitemap.repository.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { pgSearch } from './modules/search/pg-search.ts';
import { sharedWithinPage, withinPage } from './modules/search/page-reads.ts';
import { deliveryRepository } from './modules/delivery/delivery.repository.ts';
import { deliveryService } from './modules/delivery/delivery.service.ts';
import { adminOffersRoutes } from './modules/offers/admin-offers.routes.ts';
import { adminOffersService } from './modules/offers/admin-offers.service.ts';
import { deliveryAdminRoutes } from './modules/delivery/delivery-admin.routes.ts';
import { deliveryAdminService } from './modules/delivery/delivery-admin.service.ts';
import { emailPreviewsRoutes } from './modules/email-previews/email-previews.routes.ts';
import { emailPreviewsService } from './modules/email-previews/email-previews.service.ts';
import { offersService } from './modules/offers/offers.service.ts';
import { promotionRepository } from './modules/offers/promotion.repository.ts';
import { voucherRepository } from './modules/offers/voucher.repository.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { rateLimitRepository } from './modules/auth/rate-limit.repository.ts';
import { addressRepository } from './modules/user/address.repository.ts';
import { loyaltyRepository } from './modules/user/loyalty.repository.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { userService } from './modules/user/user.service.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { devRestockRoutes } from './modules/dev/restock.routes.ts';
import { stockAlertRepository } from './modules/stock-alerts/stock-alert.repository.ts';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alert.routes.ts';
import {
  stockAlertService,
  type StockAlertService,
} from './modules/stock-alerts/stock-alert.service.ts';
import { basketViews } from './modules/basket/basket-view.ts';
import { orderCompletion } from './modules/order/order-completion.ts';
import { orderHistory, type OrderHistory } from './modules/order/order-history.ts';
import { orderHistoryRoutes } from './modules/order/order-history.routes.ts';
import { orderLinks as signedOrderLinks } from './modules/order/order-link.ts';
import { orderRepository } from './modules/order/order.repository.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { orderService } from './modules/order/order.service.ts';
import { paymentAttempts, type CardTestingLimits } from './modules/order/payment-attempts.ts';
import { paymentAttemptsRepository } from './modules/order/payment-attempts.repository.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { adminOrderViews } from './modules/admin-orders/admin-order-view.ts';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes.ts';
import { dispatchService } from './modules/dispatch/dispatch.service.ts';
import { shipmentRepository } from './modules/dispatch/shipment.repository.ts';
import { paymentService } from './modules/payment/payment.service.ts';
import { orderReconciliation, type OrderReconciliation } from './modules/order/reconciliation.ts';
import { creditRepository } from './modules/credit/credit.repository.ts';
import { creditRoutes } from './modules/credit/credit.routes.ts';
import { creditService } from './modules/credit/credit.service.ts';
import { customersRepository } from './modules/customers/customers.repository.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { customersService } from './modules/customers/customers.service.ts';
import { refundRoutes } from './modules/refunds/refund.routes.ts';
import { refundService, type RefundService } from './modules/refunds/refund.service.ts';
import { jobActor } from './modules/staff/staff-actor.ts';
import { PENDING_REFUNDS_JOB } from './modules/jobs/shop-jobs.ts';
import { returnRulesRoutes } from './modules/returns/return-rules.routes.ts';
import { returnRulesService } from './modules/returns/return-rules.service.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { returnsService } from './modules/returns/returns.service.ts';
import { staffRepository } from './modules/staff/staff.repository.ts';
import { staffAccountsRoutes } from './modules/staff/staff-accounts.routes.ts';
import { staffAccountsService } from './modules/staff/staff-accounts.service.ts';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes.ts';
import { staffAuthService } from './modules/staff/staff-auth.service.ts';
import { staffTotpSecrets } from './modules/staff/totp.ts';
import { auditTrailRepository } from './modules/audit/audit.repository.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { auditService } from './modules/audit/audit.service.ts';
import { dashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { dashboardService } from './modules/dashboard/dashboard.service.ts';
import { reportsRepository } from './modules/reports/reports.repository.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { reportsService } from './modules/reports/reports.service.ts';
import { STAFF_SESSION_LIMITS } from './modules/staff/staff-session.ts';
import { picturesRoutes } from './modules/pictures/pictures.routes.ts';
import { picturesService } from './modules/pictures/pictures.service.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { adminProductRoutes } from './modules/admin-products/admin-products.routes.ts';
import { adminProductsService } from './modules/admin-products/admin-products.service.ts';
import { stockService } from './modules/stock/stock.service.ts';
import { wishlistRepository } from './modules/wishlist/wishlist.repository.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { wishlistService } from './modules/wishlist/wishlist.service.ts';
import { invoiceRepository } from './modules/invoices/invoice.repository.ts';
import { invoiceRoutes } from './modules/invoices/invoice.routes.ts';
import { invoiceService } from './modules/invoices/invoice.service.ts';
import type { DocumentSeller } from '../domain/vat-document.ts';
import type { JobQueue } from './adapters/jobs/port.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { basketReminderRepository } from './modules/basket/basket-reminder.repository.ts';
import {
  basketReminders,
  DEFAULT_BASKET_REMINDER_SECONDS,
  type BasketReminders,
} from './modules/basket/basket-reminders.ts';
import { jobsService } from './modules/jobs/jobs.service.ts';

export interface AppDeps {
  db: Db;
  cookieSecret: string;
  /** Cookies marked Secure (production behind HTTPS). */
  secureCookies?: boolean;
  /** The built web app's folder, or null to serve the API only. */
  webDistDir?: string | null;
  /** The media folder (product pictures) served at /media/, or null for none. */
  mediaDir?: string | null;
  /** The pino logger, or false for none (tests). */
  logger?: false | FastifyBaseLogger;
  catalogueCacheMs?: number;
  /** Which proxies' X-Forwarded-* to believe (Fastify's trustProxy); none by default. */
  trustProxy?: TrustProxy;
  /** The clock, for tests of dated vouchers and promotions. */
  now?: () => Date;
  /** Captcha verification; test mode (Turnstile's dummy token) by default. */
  captcha?: CaptchaVerifier;
  /** Outgoing email; the outbox table by default. */
  mailer?: Mailer;
  /** The shop's public address, for links in emails; also an origin allowed to write. */
  publicUrl?: string;
  /**
   * Serve the email outbox at /dev/outbox, the restock route at /api/v1/dev/restock and,
   * with the test-mode gateway, its fault switch (ADR 030) — never in production.
   */
  devOutbox?: boolean;
  /** The browser's UK postcode lookup; test mode (served by this app) by default. */
  addressLookup?: AddressLookup;
  /**
   * The payment gateway; by default the test-mode gateway on `db` (its client API served
   * by this app), signing with a key derived from `cookieSecret`.
   */
  payments?: PaymentGateway;
  /** What the browser's wallets are told (GET /api/v1/config); none by default. */
  wallets?: Pick<PaymentsConfig, 'braintree' | 'paypalClientId' | 'googlePayMerchantId'>;
  /**
   * Order timings (tests shorten them): how long a request waits for another request's
   * charge of the same basket, and the pauses before asking the gateway again for a sale
   * it could not confirm.
   */
  orderTimings?: { waitForPendingMs?: number; lookupRetryMs?: readonly number[] };
  /**
   * Card testing limits (ADR 040): failed payments per key per 15 minutes, and client
   * tokens per client address per minute. The defaults are the shop's; tests of other
   * behaviour, whose shoppers share one address and email, raise them.
   */
  cardTestingLimits?: Partial<CardTestingLimits>;
  /** Rows per write statement of a product CSV import (ADR 062); tests make it small. */
  productImportBatchRows?: number;
  /** Each reply says how many SQL statements its request sent (X-Sql-Statements; ADR 022). */
  sqlStatementsHeader?: boolean;
  /**
   * Who may read GET /metrics (ADR 028); callers on this machine by default
   * (app.inject's requests come from 127.0.0.1).
   */
  metricsAccess?: MetricsAccess;
  /** How long a client may take to send a request (http/timeouts.ts; tests shorten them). */
  requestTimeouts?: RequestTimeouts;
  /**
   * Whether search engines may index the shop (robots.txt, sitemap, X-Robots-Tag; ADR
   * 059). By default only when payments are real: a test shop is kept out.
   */
  allowIndexing?: boolean;
  /** The seller on VAT invoices and credit notes (ADR 071); sample values by default. */
  seller?: DocumentSeller;
  /**
   * The job queue (ADR 069): its dead letters in the back office and its figures in
   * /metrics. Without one (tests) the back office lists no dead letters.
   */
  jobs?: JobQueue;
  /**
   * How long after a basket's last change an opted-in customer's reminder is sent
   * (BASKET_REMINDER_HOURS; ADR 077); 24 hours by default. Queued only with `jobs`.
   */
  basketReminderSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles orders left pending (crash recovery, ADR 019): start-up, housekeeping, tests. */
    reconcilePendingOrders: OrderReconciliation['reconcilePendingOrders'];
    /** Settles orders pending longer than a charge should take (the sweep, ADR 038). */
    settlePendingOrders: OrderReconciliation['settlePendingOrders'];
    /** Cancellations a stopped process claimed and left, finished (ADR 023). */
    finishStaleCancellations: OrderHistory['finishStaleCancellations'];
    /**
     * Checks refunds pending longer than a refund can take with the gateway and resolves
     * them (ADR 081): the pending-refunds job, tests.
     */
    resolvePendingRefunds: () => ReturnType<RefundService['resolveStalePending']>;
    /** Sends back-in-stock emails now due (ADR 025): the minute sweep, tests. */
    dispatchStockAlerts: StockAlertService['dispatch'];
    /** The basket-reminder job's work (ADR 077): sends a basket's reminder if still due. */
    sendBasketReminder: BasketReminders['send'];
    /** Requests received and not yet answered, oldest first (what a shutdown waits for). */
    inFlightRequests: () => InFlightRequest[];
  }
}

/** Most priced basket views one process keeps. */
const BASKET_VIEWS_PER_PROCESS = 5_000;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's trustProxy. A hop count becomes proxy-addr's function (the nearest `hops`
 * peers are proxies): Fastify itself now reads a bare number as "trust nobody".
 */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: withRedactedRequests(deps.logger) } : { logger: false }),
    // Per route (http/body-limits.ts); this covers what no route declares.
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    ...requestTimeoutOptions(deps.requestTimeouts),
    trustProxy: trustProxyOption(deps.trustProxy ?? false),
    // Keep a caller's (load balancer's) request id when it is sane, else make one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed path or an over-long path parameter: the catalogue's not_found.
    frameworkErrors: answerFrameworkError,
  });
  // Before any route: each route's body limit is set as it is registered.
  registerBodyLimits(app);
  app.decorate('inFlightRequests', trackInFlightRequests(app));
  // First, so every later hook's statements are counted.
  if (deps.sqlStatementsHeader) registerStatementCountHeader(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // Before any route, so it records every route the document describes (ADR 031).
  registerOpenApi(app);
  // Before any route, so its hooks time and count every request.
  const metrics = shopMetrics();
  registerMetrics(app, metrics, deps.metricsAccess ?? 'loopback');
  if (deps.jobs) registerJobMetrics(metrics, deps.jobs);
  registerHealthRoutes(app, { db: deps.db });
  // The policy allows what the configured vendors' browser code needs, and no more.
  const captcha = deps.captcha ?? testModeVerifier({});
  const addressLookup = deps.addressLookup ?? testModeLookup();
  const payments =
    deps.payments ??
    testModeGateway({
      db: deps.db,
      secret: deps.cookieSecret,
      ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
    });
  registerSecurityHeaders(
    app,
    [captcha.contentSources ?? {}, addressLookup.contentSources, payments.contentSources],
    { https: deps.secureCookies ?? false },
  );
  registerOriginCheck(app, deps.publicUrl ? { publicUrl: deps.publicUrl } : {});
  // NUL and lone surrogates never reach a handler (nor the database).
  registerUnusualCharacterCheck(app);
  await app.register(fastifyCookie, { secret: deps.cookieSecret });
  // gzip/brotli for pages, scripts and larger API replies when the browser accepts it.
  await app.register(fastifyCompress, { threshold: 1024 });

  const cacheMs = deps.catalogueCacheMs ?? 5_000;
  const catalogue = catalogueService({ repository: catalogueRepository(deps.db), cacheMs });
  // A page's preload, head tags and server render share one read of its list.
  const search = sharedWithinPage(pgSearch(deps.db));
  const delivery = deliveryService({ repository: deliveryRepository(deps.db), cacheMs });
  const offers = offersService({
    vouchers: voucherRepository(deps.db),
    promotions: promotionRepository(deps.db),
    cacheMs,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const mailer = deps.mailer ?? outboxMailer(deps.db);
  const users = authRepository(deps.db);
  const loyalty = loyaltyRepository(deps.db);
  const storeCredit = creditRepository(deps.db);
  const rateLimits = rateLimitRepository(deps.db);
  const auth = authService({
    repository: users,
    rateLimits,
    captcha,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
  });
  const userAccounts = userService({
    users,
    addresses: addressRepository(deps.db),
    loyalty,
    auth,
  });
  registerAuthentication(app, (token) => auth.userForToken(token));
  // Before any admin route: each declares its permission, checked before its handler.
  const staff = staffRepository(deps.db);
  registerStaffAuthorization(app, (tokenHash) =>
    staff.memberOfSession(tokenHash, STAFF_SESSION_LIMITS),
  );

  const views = basketViewCache({ ttlMs: cacheMs, max: BASKET_VIEWS_PER_PROCESS });
  const basketRows = basketRepository(deps.db);
  const reminders = basketReminders({
    reminders: basketReminderRepository(deps.db),
    baskets: basketRows,
    viewOf: async (basketId, viewer) => (await baskets.get(basketId, viewer)).basket,
    queue: deps.jobs ?? null,
    delaySeconds: deps.basketReminderSeconds ?? DEFAULT_BASKET_REMINDER_SECONDS,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
  });
  app.decorate('sendBasketReminder', reminders.send);
  const baskets = basketService({
    repository: basketRows,
    catalogue,
    delivery,
    offers,
    views,
    ...(deps.now ? { now: deps.now } : {}),
    onChange: reminders.changed,
  });
  // In test mode the shop answers the browser's postcode lookups itself.
  if (addressLookup.mode === 'test') registerTestModePostcoder(app);
  // In test mode the shop also plays Braintree's client API for the browser.
  if (isTestModeGateway(payments)) registerTestModeBraintree(app, payments);

  const orders = orderRepository(deps.db);
  const orderLinks = signedOrderLinks({ cookieSecret: deps.cookieSecret });
  const seller = deps.seller ?? SAMPLE_SELLER;
  const invoices = invoiceService({ invoices: invoiceRepository(deps.db), seller });
  const completion = orderCompletion({
    orders,
    mailer,
    log: app.log,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    orderLinks,
    events: metrics.orderEvents,
    invoicing: { seller, invoices },
  });
  const reconciliation = orderReconciliation({
    orders,
    completion,
    gateway: payments,
    log: app.log,
  });
  const attempts = paymentAttempts({
    repository: paymentAttemptsRepository(deps.db),
    rateLimits,
    log: app.log,
    events: metrics.cardTestingEvents,
    ...(deps.cardTestingLimits ? { limits: deps.cardTestingLimits } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const shipments = shipmentRepository(deps.db);
  const orderPlacement = orderService({
    orders,
    shipments,
    baskets: basketRepository(deps.db),
    views: basketViews({
      catalogue,
      delivery,
      offers,
      cache: views,
      ...(deps.now ? { now: deps.now } : {}),
    }),
    completion,
    gateway: payments,
    paymentAttempts: attempts,
    log: app.log,
    ...deps.orderTimings,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const history = orderHistory({
    orders,
    shipments,
    rateLimits,
    gateway: payments,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
    invoicing: { seller, invoices },
  });
  app.decorate('reconcilePendingOrders', reconciliation.reconcilePendingOrders);
  app.decorate('settlePendingOrders', reconciliation.settlePendingOrders);
  app.decorate('finishStaleCancellations', history.finishStaleCancellations);
  const stockAlerts = stockAlertService({
    alerts: stockAlertRepository(deps.db),
    rateLimits: rateLimitRepository(deps.db),
    catalogue,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
  });
  app.decorate('dispatchStockAlerts', stockAlerts.dispatch);
  const stock = stockService({ db: deps.db, alerts: stockAlerts, catalogue, log: app.log });
  const products = adminProductsService({
    db: deps.db,
    catalogue,
    alerts: stockAlerts,
    log: app.log,
    ...(deps.productImportBatchRows ? { importBatchRows: deps.productImportBatchRows } : {}),
  });

  const refunds = refundService({
    db: deps.db,
    gateway: payments,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
    invoicing: { seller, invoices },
    onRestocked: async () => {
      catalogue.invalidate();
      await stockAlerts.dispatch();
    },
    // A return's refund completed by a check marks the return refunded (ADR 081).
    pendingLink: (trx, refund, actor) => returns.pendingRefundLink(trx, refund, actor),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const returns = returnsService({
    db: deps.db,
    refunds,
    mailer,
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    log: app.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  app.decorate('resolvePendingRefunds', () =>
    refunds.resolveStalePending(jobActor(PENDING_REFUNDS_JOB)),
  );

  await app.register(
    async (api) => {
      catalogueRoutes(api, { catalogue, movedTo: products.movedTo });
      searchRoutes(api, { catalogue, search });
      basketRoutes(api, {
        baskets,
        secureCookies: deps.secureCookies ?? false,
        budsOf: (userId) => loyalty.balance(userId),
        creditOf: (userId) => storeCredit.balance(userId),
      });
      authRoutes(api, { auth, baskets, secureCookies: deps.secureCookies ?? false });
      userRoutes(api, { users: userAccounts });
      orderRoutes(api, {
        orders: orderPlacement,
        orderLinks,
        secureCookies: deps.secureCookies ?? false,
      });
      orderHistoryRoutes(api, {
        history,
        orderLinks,
        secureCookies: deps.secureCookies ?? false,
      });
      invoiceRoutes(api, { invoices, orderLinks, secureCookies: deps.secureCookies ?? false });
      paymentRoutes(api, {
        payments: paymentService({
          gateway: payments,
          attempts,
          settleFromWebhook: reconciliation.fromWebhook,
        }),
      });
      wishlistRoutes(api, {
        wishlists: wishlistService({ repository: wishlistRepository(deps.db), catalogue }),
      });
      stockAlertRoutes(api, { alerts: stockAlerts });
      const secureCookies = deps.secureCookies ?? false;
      const totpSecrets = staffTotpSecrets(deps.cookieSecret);
      const staffAuth = staffAuthService({ db: deps.db, rateLimits, totpSecrets, log: app.log });
      staffAuthRoutes(api, { staffAuth, secureCookies });
      const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
      staffAccountsRoutes(api, {
        staffAccounts: staffAccountsService({ db: deps.db, publicUrl, totpSecrets }),
      });
      auditRoutes(api, { audit: auditService({ trail: auditTrailRepository(deps.db) }) });
      dashboardRoutes(api, {
        dashboard: dashboardService({
          repository: dashboardRepository(deps.db),
          ...(deps.now ? { now: deps.now } : {}),
        }),
      });
      stockRoutes(api, { stock });
      adminOffersRoutes(api, {
        offers: adminOffersService({
          db: deps.db,
          offers,
          ...(deps.now ? { now: deps.now } : {}),
        }),
      });
      picturesRoutes(api, {
        pictures: picturesService({ db: deps.db, mediaDir: deps.mediaDir ?? null, catalogue }),
      });
      deliveryAdminRoutes(api, { delivery: deliveryAdminService({ db: deps.db, delivery }) });
      emailPreviewsRoutes(api, {
        previews: emailPreviewsService({ db: deps.db, mailer, rateLimits, log: app.log }),
      });
      adminProductRoutes(api, { products });
      reportsRoutes(api, {
        reports: reportsService({ repository: reportsRepository(deps.db) }),
        ...(deps.now ? { now: deps.now } : {}),
      });
      creditRoutes(api, { credit: creditService({ db: deps.db, credit: storeCredit }) });
      customerRoutes(api, {
        customers: customersService({ db: deps.db, customers: customersRepository(deps.db) }),
      });
      dispatchRoutes(api, {
        dispatch: dispatchService({
          db: deps.db,
          views: adminOrderViews(deps.db),
          mailer,
          orderLinks,
          publicUrl: deps.publicUrl ?? 'http://localhost:3000',
          log: app.log,
        }),
      });
      refundRoutes(api, { refunds });
      returnsRoutes(api, {
        returns,
        orderLinks,
        secureCookies: deps.secureCookies ?? false,
      });
      returnRulesRoutes(api, { rules: returnRulesService({ db: deps.db }) });
      jobsRoutes(api, { jobs: jobsService({ db: deps.db, queue: deps.jobs ?? null }) });
      adminOrderRoutes(api, {
        orders: adminOrdersService({
          db: deps.db,
          invoices,
          orders,
          history,
          mailer,
          orderLinks,
          publicUrl: deps.publicUrl ?? 'http://localhost:3000',
        }),
      });
      api.get(
        '/health',
        openapi({ summary: 'Whether the API answers', replies: { 200: data(statusOkSchema) } }),
        async () => ({ data: { status: 'ok' } }),
      );
      // What the browser needs to know about the vendors in use (never a secret).
      const config = openapi({
        summary: 'What the browser needs to know about the vendors in use',
        replies: { 200: data(configSchema) },
      });
      api.get('/config', config, async () => ({
        data: {
          captcha: { mode: captcha.mode, site_key: captcha.siteKey },
          address_lookup: {
            mode: addressLookup.mode,
            base_url: addressLookup.baseUrl,
            identifier: addressLookup.identifier,
          } satisfies AddressLookupConfig,
          payments: paymentsConfigView(
            payments.mode,
            deps.wallets ?? { braintree: null, paypalClientId: null, googlePayMerchantId: null },
          ),
        },
      }));
    },
    { prefix: '/api/v1' },
  );
  if (deps.mediaDir) await registerMedia(app, deps.mediaDir);
  if (deps.devOutbox) {
    const reader = outboxReader(deps.db);
    outboxRoutes(app, { list: (to) => reader.list(to ? { to } : {}), get: reader.get });
    devRestockRoutes(app, { stock });
    if (isTestModeGateway(payments)) registerTestModeFaults(app, payments);
  }
  const origin = originOf(deps.publicUrl ?? 'http://localhost:3000');
  seoRoutes(app, {
    seo: seoService({
      repository: sitemapRepository(deps.db),
      origin,
      allowIndexing: deps.allowIndexing ?? payments.mode !== 'test',
    }),
  });
  const seo = { catalogue, search, publicUrl: origin };
  await registerWebApp(app, deps.webDistDir ?? null, {
    paypalClientId: deps.wallets?.paypalClientId ?? null,
    paymentMode: payments.mode,
    captchaScript: captcha.widgetScript ?? null,
    productMoved: async (slug) =>
      /^[a-z0-9-]{1,200}$/.test(slug) && !(await catalogue.familyBySlug(slug))
        ? products.movedTo(slug)
        : null,
    // The picture preload (ADR 032) and the tags for search engines and shared links.
    withinPage,
    pageHead: async (url) =>
      (await Promise.all([catalogueHeadTags({ catalogue, search }, url), seoHeadTags(seo, url)]))
        .filter(Boolean)
        .join('\n  '),
  });
  return app;
}
