/**
 * Probes for load balancers and orchestrators (ADR 028): GET /healthz answers while the
 * process can answer at all (it touches nothing), GET /readyz only while the database
 * answers one `SELECT 1` within a short time, else 503 service_unavailable, so traffic
 * goes to processes that can serve it. Neither is logged as an error: a probe failing
 * is the probe doing its job (one warning per failed readiness check).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { data, statusOkSchema } from '../../domain/api/replies.ts';
import { AppError } from '../../domain/errors.ts';
import type { Db } from '../db/client.ts';
import { openapi } from './openapi.ts';

/** How long /readyz waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Whether the database answers `SELECT 1` within `timeoutMs`; the failure, if any. */
export async function databaseReachable(
  db: Db,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; reason: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<{ ok: false; reason: unknown }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      sql`SELECT 1`.execute(db).then(
        () => ({ ok: true }) as const,
        (reason: unknown) => ({ ok: false, reason }) as const,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const live = openapi({
  summary: 'Liveness: the process answers (touches nothing)',
  replies: { 200: data(statusOkSchema) },
});
const ready = openapi({
  summary: 'Readiness: the database answers',
  replies: { 200: data(statusOkSchema) },
  errors: ['service_unavailable'],
});

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Db; timeoutMs?: number },
): void {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  app.get('/healthz', live, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ data: { status: 'ok' } }),
  );
  app.get('/readyz', ready, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const reachable = await databaseReachable(deps.db, timeoutMs);
    if (!reachable.ok) {
      request.log.warn({ err: reachable.reason }, 'not ready: the database did not answer');
      const error = new AppError('service_unavailable');
      return reply.status(error.status).send(error.toBody());
    }
    return reply.send({ data: { status: 'ok' } });
  });
}
