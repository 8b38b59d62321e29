/**
 * The job port over pg-boss 10 (ADR 069). pg-boss keeps its jobs in the `pgboss` schema
 * of the shop's own database, which it creates and migrates itself when it starts (under
 * an advisory lock, so several processes starting at once are safe). Each job is taken
 * with FOR UPDATE SKIP LOCKED, so it runs in one process only; a failed attempt waits
 * retryDelay·2ⁿ (with jitter) before the next; after the last, the job stays in state
 * `failed`: the dead letters the back office lists and retries.
 *
 * On PostgreSQL pg-boss has its own small pool; on PGlite (one connection) its
 * statements queue for the shop's connection like every request's (never inside a
 * request's transaction).
 */
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import type { DeadLetter, EnqueueOptions, JobDefinition, JobQueue, QueueFigures } from './port.ts';

/** Where pg-boss keeps its tables. */
export const JOBS_SCHEMA = 'pgboss';

/** How often an idle worker looks for new jobs (enqueuing in the same process wakes it). */
const POLL_SECONDS = 2;

/** Dead letters are kept this long before pg-boss archives them (and later deletes them). */
const DEAD_LETTER_DAYS = 90;

export type JobConnection =
  | { kind: 'pool'; connectionString: string; max: number }
  | { kind: 'shared'; executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

interface Logger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface DeadLetterRow {
  id: string;
  name: string;
  data: unknown;
  reason: string | null;
  attempts: number;
  created_on: Date;
  completed_on: Date;
}

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  name: row.name,
  payload: row.data,
  reason: row.reason ?? 'no reason recorded',
  attempts: Number(row.attempts),
  created_at: new Date(row.created_on),
  failed_at: new Date(row.completed_on),
});

/** deadlock_detected, unique_violation, duplicate_table: another process created it first. */
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/** A dead-letter cursor: the last row's failure time in microseconds, and its id. */
const CURSOR = /^(\d{1,18})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A pg-boss job queue on the shop's database. */
export function pgBossQueue(deps: {
  connection: JobConnection;
  log: Logger;
  /** How often an idle worker polls, in seconds (tests shorten it; pg-boss's least is 0.5). */
  pollSeconds?: number;
  /**
   * How often a process running jobs fails those whose attempt outlived its timeout (a
   * killed process's), in seconds (pg-boss's default, 120; the benchmark shortens it).
   */
  maintenanceSeconds?: number;
}): JobQueue {
  const boss = new PgBoss({
    schema: JOBS_SCHEMA,
    ...(deps.connection.kind === 'pool'
      ? {
          connectionString: deps.connection.connectionString,
          max: deps.connection.max,
          application_name: 'everbloom-jobs',
        }
      : { db: { executeSql: deps.connection.executeSql } }),
    archiveFailedAfterSeconds: DEAD_LETTER_DAYS * 24 * 60 * 60,
    ...(deps.maintenanceSeconds ? { maintenanceIntervalSeconds: deps.maintenanceSeconds } : {}),
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, JobDefinition>();
  const workers = new Map<string, string>();
  const failureListeners: ((name: string, deadLettered: boolean) => void)[] = [];
  let started: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;

  const failed = (name: string, deadLettered: boolean) => {
    for (const listener of failureListeners) listener(name, deadLettered);
  };

  async function runOne(
    name: string,
    definition: JobDefinition,
    job: PgBoss.JobWithMetadata<unknown>,
  ) {
    const parsed = definition.schema.safeParse(job.data);
    if (!parsed.success) {
      // Another attempt would fail the same way: make this one the last.
      const reason = `payload does not match the ${name} job: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
        .join('; ')}`;
      await boss
        .getDb()
        .executeSql(
          `UPDATE ${JOBS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`,
          [name, job.id],
        );
      await boss.fail(name, job.id, { message: reason });
      deps.log.warn({ job: job.id, name, reason }, 'job dead-lettered');
      failed(name, true);
      return;
    }
    try {
      await definition.handle(parsed.data, { id: job.id });
    } catch (error) {
      const deadLettered = job.retryCount >= job.retryLimit;
      await boss.fail(name, job.id, { message: messageOf(error) });
      deps.log[deadLettered ? 'error' : 'warn'](
        { job: job.id, name, attempt: job.retryCount + 1, err: error },
        deadLettered ? 'job dead-lettered after its last attempt' : 'job attempt failed',
      );
      failed(name, deadLettered);
    }
    // Succeeded: pg-boss completes every job of the batch still active.
  }

  async function ensureQueue(name: string, definition: JobDefinition) {
    const options = {
      name,
      retryLimit: definition.retries ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: definition.timeoutSeconds ?? 15 * 60,
    };
    // Processes starting together race to create a queue (its partition): PostgreSQL
    // picks one as a deadlock victim, or the loser finds the row or table there. The
    // winner has created it, so the loser tries again and updates it instead.
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(name)) await boss.updateQueue(name, options);
        else await boss.createQueue(name, options);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 5 || typeof code !== 'string' || !RACE_CODES.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  return {
    define(name, definition) {
      if (started) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, definition as JobDefinition);
    },

    start({ work }) {
      return (started ??= (async () => {
        // Only a process that runs jobs also expires stalled ones and archives old ones.
        await boss.start();
        for (const [name, definition] of definitions) await ensureQueue(name, definition);
        if (!work) return;
        for (const [name, definition] of definitions) {
          const id = await boss.work<unknown>(
            name,
            {
              includeMetadata: true,
              batchSize: definition.batchSize ?? 1,
              pollingIntervalSeconds: deps.pollSeconds ?? POLL_SECONDS,
            },
            async (jobs) => {
              // A full batch means more may be waiting: fetch again at once, not after
              // the polling interval (pg-boss sleeps between fetches otherwise).
              if (jobs.length >= (definition.batchSize ?? 1)) {
                const self = workers.get(name);
                if (self) boss.notifyWorker(self);
              }
              await Promise.all(jobs.map((job) => runOne(name, definition, job)));
            },
          );
          workers.set(name, id);
        }
      })());
    },

    async enqueue(name, payload, options: EnqueueOptions = {}) {
      if (!definitions.has(name)) throw new Error(`no job is defined as ${name}`);
      const id = await boss.send(name, payload as object, {
        ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
        ...(options.oncePerSeconds
          ? { singletonSeconds: options.oncePerSeconds, singletonKey: name }
          : {}),
      });
      // A worker in this process starts on it now rather than at its next poll.
      const worker = workers.get(name);
      if (id && worker && !options.delaySeconds) boss.notifyWorker(worker);
      return id;
    },

    async deadLetters(db, page) {
      const match = page.cursor ? CURSOR.exec(page.cursor) : null;
      // Microseconds, exactly as stored: a cursor rounded to milliseconds could skip rows.
      const failedUs = sql`(extract(epoch FROM completed_on) * 1000000)::bigint`;
      const { rows } = await sql<DeadLetterRow & { failed_us: string }>`
        SELECT id, name, data, output->>'message' AS reason, retry_count + 1 AS attempts,
          created_on, completed_on, ${failedUs}::text AS failed_us
        FROM ${sql.table(`${JOBS_SCHEMA}.job`)}
        WHERE state = 'failed'
          ${match ? sql`AND (${failedUs}, id) < (${match[1]}::bigint, ${match[2]}::uuid)` : sql``}
        ORDER BY completed_on DESC, id DESC
        LIMIT ${page.limit + 1}`.execute(db);
      const jobs = rows.slice(0, page.limit);
      const last = jobs.at(-1);
      return {
        jobs: jobs.map(toDeadLetter),
        next: rows.length > page.limit && last ? `${last.failed_us}_${last.id}` : null,
      };
    },

    async deadLetter(db, id) {
      if (!UUID.test(id)) return null;
      const { rows } = await sql<DeadLetterRow>`
        SELECT id, name, data, output->>'message' AS reason, retry_count + 1 AS attempts,
          created_on, completed_on
        FROM ${sql.table(`${JOBS_SCHEMA}.job`)}
        WHERE state = 'failed' AND id = ${id}::uuid`.execute(db);
      return rows[0] ? toDeadLetter(rows[0]) : null;
    },

    async retry(db, id) {
      if (!UUID.test(id)) return false;
      // pg-boss's own retry, in the caller's transaction: one more attempt, now.
      const result = await sql`
        UPDATE ${sql.table(`${JOBS_SCHEMA}.job`)}
        SET state = 'retry', retry_limit = retry_limit + 1, start_after = now(),
          completed_on = NULL
        WHERE id = ${id}::uuid AND state = 'failed'`.execute(db);
      return Number(result.numAffectedRows ?? 0) === 1;
    },

    async figures(): Promise<QueueFigures[]> {
      const names = [...definitions.keys()];
      const { rows } = (await boss.getDb().executeSql(
        `SELECT name,
           count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE state = 'failed')::int AS dead_letters,
           COALESCE(EXTRACT(EPOCH FROM now() - min(created_on)
             FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8
             AS oldest_waiting_seconds
         FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1::text[]) GROUP BY name`,
        [names],
      )) as { rows: QueueFigures[] };
      const byName = new Map(rows.map((row) => [row.name, row]));
      return names.map(
        (name) =>
          byName.get(name) ?? {
            name,
            waiting: 0,
            active: 0,
            dead_letters: 0,
            oldest_waiting_seconds: 0,
          },
      );
    },

    onFailure(listener) {
      failureListeners.push(listener);
    },

    stop(timeoutMs = 10_000) {
      return (stopping ??= (async () => {
        if (!started) return;
        await started.catch(() => undefined);
        await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
      })());
    },
  };
}
