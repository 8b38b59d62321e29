/**
 * Probes for load balancers and orchestrators (ADR 028): GET /healthz answers while the
 * process can answer at all (it touches nothing), GET /readyz only while the database
 * answers within a short time and has every migration this build has applied (one
 * statement: the latest name in schema_migrations), else 503 service_unavailable, so
 * traffic goes to processes that can serve it — never to one facing an empty database. Neither is logged as an error: a probe failing
 * is the probe doing its job (one warning per failed readiness check).
 */
import type { FastifyInstance } from 'fastify';
import { data, statusOkSchema } from '../../domain/api/replies.ts';
import { AppError } from '../../domain/errors.ts';
import type { Db } from '../db/client.ts';
import { migrationNames, migrationsApplied } from '../db/migrate.ts';
import { openapi } from './openapi.ts';

/** How long /readyz waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers within `timeoutMs` with every migration up to `latest`
 * applied; the failure, if any.
 */
export async function databaseReady(
  db: Db,
  latest: string,
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
      migrationsApplied(db, latest).then(
        (applied) =>
          applied
            ? ({ ok: true } as const)
            : ({ ok: false, reason: `migrations up to ${latest} not applied` } as const),
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
  summary: 'Readiness: the database answers, its migrations applied',
  replies: { 200: data(statusOkSchema) },
  errors: ['service_unavailable'],
});

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Db; timeoutMs?: number },
): void {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  // The build's latest migration: read from disk once, on the first probe.
  let latest: Promise<string> | undefined;
  app.get('/healthz', live, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ data: { status: 'ok' } }),
  );
  app.get('/readyz', ready, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    latest ??= migrationNames().then((names) => names.at(-1) ?? '');
    const state = await databaseReady(deps.db, await latest, timeoutMs);
    if (!state.ok) {
      request.log.warn(
        { err: state.reason },
        'not ready: the database did not answer, or is not migrated',
      );
      const error = new AppError('service_unavailable');
      return reply.status(error.status).send(error.toBody());
    }
    return reply.send({ data: { status: 'ok' } });
  });
}
