/**
 * Prometheus metrics at GET /metrics (ADR 028): request latency by route, orders created
 * by payment type, payment failures and stock-outs by catalogue error type, payment
 * declines and attempts refused as card testing (ADR 040), and
 * prom-client's process metrics. Every label takes a bounded set of values (the route's
 * pattern, never the raw URL), so the series stay few however the shop is called.
 *
 * Each app has its own registry (tests build many apps in one process); the process
 * metrics are the process's, so they live in one registry shared by its apps.
 * Who may read them: a bearer token (METRICS_TOKEN), or with none set, callers on this
 * machine outside production; in production without a token, nobody (404).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../domain/errors.ts';
import type { MetricsAccess } from '../config.ts';
import type { OrderEvents } from '../modules/order/order-completion.ts';
import type { CardTestingEvents } from '../modules/order/payment-attempts.ts';
import { refusalError } from '../modules/order/order-completion.ts';
import { toAppError } from './errors.ts';
import { openapi } from './openapi.ts';

export const METRICS_PATH = '/metrics';

/** The route label of requests no route matched (404s, and the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Refusals that mean the shop could not sell what the shopper wanted. */
const STOCK_OUT_TYPES = new Set(['insufficient_stock', 'product_unavailable']);

/** Where a stock-out happened: adding to or changing the basket, or placing the order. */
function stockOutStage(route: string | undefined): 'basket' | 'order' | null {
  if (route === '/api/v1/basket/order') return 'order';
  if (route === '/api/v1/basket' || route?.startsWith('/api/v1/basket/')) return 'basket';
  return null;
}

let processRegistry: Registry | undefined;

/** The process's CPU, memory, event loop and GC metrics: collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ShopMetrics {
  registry: Registry;
  requestDuration: Histogram<'route' | 'method' | 'status_class'>;
  stockOuts: Counter<'type' | 'stage'>;
  /** What order completion reports (orders paid and failed), counted here. */
  orderEvents: OrderEvents;
  /** Card testing defences' declines and refusals (ADR 040), counted here. */
  cardTestingEvents: CardTestingEvents;
}

/** A fresh registry with the shop's metrics, for one app. */
export function shopMetrics(): ShopMetrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its reply, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ordersCreated = new Counter({
    name: 'everbloom_orders_created_total',
    help: 'Orders paid (created), by payment type (none: nothing to pay).',
    labelNames: ['payment_type'] as const,
    registers: [registry],
  });
  const paymentFailures = new Counter({
    name: 'everbloom_payment_failures_total',
    help: 'Orders whose payment failed, by the catalogue error type the shopper was given.',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const stockOuts = new Counter({
    name: 'everbloom_stock_outs_total',
    help: 'Refusals for lack of stock (insufficient_stock) or a discontinued item (product_unavailable), by type and stage (basket or order).',
    labelNames: ['type', 'stage'] as const,
    registers: [registry],
  });
  const paymentDeclines = new Counter({
    name: 'everbloom_payment_declines_total',
    help: 'Payment attempts the gateway refused (declined, or the card failed verification or 3-D Secure), by catalogue error type: what card testing shows as.',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const paymentAttemptsLimited = new Counter({
    name: 'everbloom_payment_attempts_limited_total',
    help: 'Payment attempts and client token requests refused with rate_limit (ADR 040), by the key that was over its limit.',
    labelNames: ['key'] as const,
    registers: [registry],
  });
  return {
    registry,
    requestDuration,
    stockOuts,
    cardTestingEvents: {
      declined: (type) => paymentDeclines.inc({ type }),
      limited: (key) => paymentAttemptsLimited.inc({ key }),
    },
    orderEvents: {
      paid: (paymentType) => ordersCreated.inc({ payment_type: paymentType ?? 'none' }),
      failed: (type) => paymentFailures.inc({ type: refusalError(type, null).type }),
    },
  };
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether this request may read the metrics under `access` (never called when 'off'). */
function mayRead(request: FastifyRequest, access: Exclude<MetricsAccess, 'off'>): boolean {
  if (access === 'loopback') {
    // The connection's own peer, not request.ip: and nothing relayed by a proxy on this
    // machine, which would make the whole internet look local.
    return (
      isLoopback(request.socket.remoteAddress) &&
      request.headers['x-forwarded-for'] === undefined &&
      request.headers.forwarded === undefined
    );
  }
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(access.token));
}

/**
 * Times every reply, counts stock-out refusals, and serves GET /metrics as `access`
 * allows. Register on the root app before the routes (its hooks then see every request).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: ShopMetrics,
  access: MetricsAccess,
): void {
  const { requestDuration, stockOuts } = metrics;
  app.addHook('onResponse', async (request, reply) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    requestDuration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onError', async (request, _reply, error) => {
    const type = toAppError(error).type;
    if (!STOCK_OUT_TYPES.has(type)) return;
    const stage = stockOutStage(request.routeOptions.url);
    if (stage) stockOuts.inc({ type, stage });
  });
  if (access === 'off') return;
  const doc = openapi({
    summary: 'Prometheus metrics (a bearer token, or callers on this machine: ADR 028)',
    replies: { 200: { mediaType: 'text/plain' } },
    errors: ['unauthorized'],
  });
  app.get(METRICS_PATH, doc, async (request, reply) => {
    if (!mayRead(request, access)) {
      if (access !== 'loopback') reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthorized');
    }
    const text = (await processMetrics().metrics()) + (await metrics.registry.metrics());
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

/** What the job metrics read: the queue's figures, and its failed attempts as they happen. */
export interface JobFiguresSource {
  figures(): Promise<
    {
      name: string;
      waiting: number;
      active: number;
      dead_letters: number;
      oldest_waiting_seconds: number;
    }[]
  >;
  onFailure(listener: (name: string, deadLettered: boolean) => void): void;
}

/**
 * The job queue's metrics (ADR 069): depth, jobs running, dead letters and the oldest
 * waiting job's age per queue, read from the database at each scrape (so any process
 * shows every worker's queue), and the attempts that failed in this process.
 */
export function registerJobMetrics(metrics: ShopMetrics, jobs: JobFiguresSource): void {
  const { registry } = metrics;
  // One query per scrape, shared by the four gauges.
  let read: { at: number; figures: ReturnType<JobFiguresSource['figures']> } | null = null;
  const figures = () => {
    if (!read || Date.now() - read.at > 1000) read = { at: Date.now(), figures: jobs.figures() };
    return read.figures;
  };
  const gauge = (
    name: string,
    help: string,
    field: 'waiting' | 'active' | 'dead_letters' | 'oldest_waiting_seconds',
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await figures()) this.set({ queue: queue.name }, queue[field]);
      },
    });
  gauge(
    'everbloom_jobs_waiting',
    'Jobs waiting to run (new, or waiting to retry), by queue.',
    'waiting',
  );
  gauge('everbloom_jobs_active', 'Jobs running now, by queue.', 'active');
  gauge(
    'everbloom_jobs_dead_letters',
    'Jobs that failed their last attempt and wait for staff (/admin/jobs), by queue.',
    'dead_letters',
  );
  gauge(
    'everbloom_jobs_oldest_waiting_seconds',
    'Age of the oldest job whose time has come and that has not started, by queue.',
    'oldest_waiting_seconds',
  );
  const failures = new Counter({
    name: 'everbloom_job_failures_total',
    help: 'Job attempts that failed in this process, by queue and outcome (retry, or dead_letter after the last).',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  jobs.onFailure((queue, deadLettered) =>
    failures.inc({ queue, outcome: deadLettered ? 'dead_letter' : 'retry' }),
  );
}
