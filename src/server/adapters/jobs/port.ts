/**
 * The job port (ADR 069): work the shop does away from a request, on the shop's own
 * database. Each job runs once however many processes work the queue; a failed attempt
 * is retried with exponential backoff, and after its last attempt the job is kept as a
 * dead letter, with its reason, until someone retries it from the back office.
 * The one adapter is pg-boss (pg-boss.ts): on PostgreSQL through its own pool, on PGlite
 * through the shop's one connection. Nothing else imports pg-boss.
 */
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** What one job of a kind does, and how hard the queue tries. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /**
   * The payload's shape. A payload that no longer matches (a job queued by an older
   * release) is dead-lettered at once with the mismatch as its reason: retrying cannot help.
   */
  schema: S;
  /** Does the work; throwing fails this attempt. */
  handle(payload: z.output<S>, job: { id: string }): Promise<void>;
  /** Attempts after the first (default 5). */
  retries?: number;
  /** Wait before the first retry in seconds, about doubled for each one after (default 30). */
  retryDelaySeconds?: number;
  /** How many of its jobs one process takes at a time, run side by side (default 1). */
  batchSize?: number;
  /** Seconds an attempt may run before it counts as failed (a process killed mid-job). */
  timeoutSeconds?: number;
}

export interface EnqueueOptions {
  /** Run no sooner than this many seconds from now. */
  delaySeconds?: number;
  /**
   * At most one job of this name per window of this many seconds (others are dropped):
   * the periodic work every process asks for, run once.
   */
  oncePerSeconds?: number;
}

/** A job that used its last attempt (or whose payload no longer fits its handler). */
export interface DeadLetter {
  id: string;
  name: string;
  payload: unknown;
  /** The last attempt's error message. */
  reason: string;
  attempts: number;
  created_at: Date;
  failed_at: Date;
}

/** One queue's figures for /metrics. */
export interface QueueFigures {
  name: string;
  /** Jobs waiting to run (new, or waiting for a retry). */
  waiting: number;
  active: number;
  dead_letters: number;
  /** Age of the oldest waiting job whose time has come, in seconds (0 when none). */
  oldest_waiting_seconds: number;
}

export interface JobQueue {
  /** Registers a kind of job (its queue is created when missing). Call before `start`. */
  define<S extends z.ZodType>(name: string, definition: JobDefinition<S>): void;
  /**
   * Creates the queues; with `work`, this process also runs the jobs (the web process
   * unless JOBS_IN_WEB=false, and `npm run worker`).
   */
  start(options: { work: boolean }): Promise<void>;
  /** Queues a job; null when `oncePerSeconds`/`key` found one already queued. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Dead letters, newest failure first, keyset-paged: `next` (null on the last page) is
   * the opaque cursor that fetches the page after; a cursor not from here reads page one.
   */
  deadLetters(
    db: Db,
    page: { limit: number; cursor?: string },
  ): Promise<{ jobs: DeadLetter[]; next: string | null }>;
  /** One dead letter, or null. */
  deadLetter(db: Db, id: string): Promise<DeadLetter | null>;
  /**
   * Queues a dead letter again for one more attempt, in `db`'s transaction (so the
   * staff member's audit record commits with it); false when it is no dead letter.
   */
  retry(db: Db, id: string): Promise<boolean>;
  /** Per-queue figures, read from the database (any process sees every worker's). */
  figures(): Promise<QueueFigures[]>;
  /** Told of each failed attempt (for the failure counter). */
  onFailure(listener: (name: string, deadLettered: boolean) => void): void;
  /** Stops taking jobs and waits for those under way (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}
