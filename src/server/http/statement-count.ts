/**
 * Opt-in (SQL_STATEMENTS_HEADER=true): each reply carries `X-Sql-Statements`, the
 * number of SQL statements its request sent before the reply went out (ADR 022), for
 * benchmarks and tests. Off by default: then no hook is added.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withStatementScope, type StatementScope } from '../db/statement-count.ts';

export const STATEMENTS_HEADER = 'x-sql-statements';

const scopesByRequest = new WeakMap<FastifyRequest, StatementScope>();

/** Must be registered before any hook that queries the database. */
export function registerStatementCountHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: StatementScope = { count: 0 };
    scopesByRequest.set(request, scope);
    withStatementScope(scope, done);
  });
  app.addHook('onSend', async (request, reply) => {
    const scope = scopesByRequest.get(request);
    if (scope) reply.header(STATEMENTS_HEADER, String(scope.count));
  });
}
