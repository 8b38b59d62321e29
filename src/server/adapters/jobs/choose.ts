/**
 * The job queue for the configured database (ADR 069): pg-boss with its own small pool
 * on PostgreSQL, or on PGlite's one connection, shared with the shop's requests.
 */
import type { DatabaseHandle } from '../../db/client.ts';
import { pgBossQueue } from './pg-boss.ts';
import type { JobQueue } from './port.ts';

/** Connections pg-boss opens per process on PostgreSQL (beside DATABASE_POOL_SIZE). */
export const JOBS_POOL_SIZE = 4;

export function jobQueueFor(
  database: { kind: 'postgres'; url: string } | { kind: 'pglite' },
  handle: DatabaseHandle,
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
  },
): JobQueue {
  if (database.kind === 'postgres')
    return pgBossQueue({
      connection: { kind: 'pool', connectionString: database.url, max: JOBS_POOL_SIZE },
      log,
    });
  if (!handle.sharedSql) throw new Error('the PGlite handle cannot share its connection');
  return pgBossQueue({ connection: { kind: 'shared', executeSql: handle.sharedSql }, log });
}
