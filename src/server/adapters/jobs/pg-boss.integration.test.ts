/**
 * The job port over pg-boss (ADR 069) on each engine: two workers on one database run
 * each job once; failed attempts back off and end as a dead letter with their reason;
 * a payload that no longer fits its handler is dead-lettered at once, kept whole; a
 * dead letter retried runs again; the figures /metrics shows; stopping waits for the
 * job under way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { pgBossQueue } from './pg-boss.ts';
import type { JobQueue } from './port.ts';

const quiet = { error: () => undefined, warn: () => undefined };

function queueOn(handle: TestDatabase): JobQueue {
  return pgBossQueue({
    connection: handle.url
      ? { kind: 'pool', connectionString: handle.url, max: 3 }
      : { kind: 'shared', executeSql: handle.sharedSql! },
    log: quiet,
    pollSeconds: 0.5,
  });
}

async function until<T>(what: () => Promise<T> | T, done: (value: T) => boolean, ms = 45_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(ENGINES)('the pg-boss job queue on %s', (engine) => {
  let handle: TestDatabase;
  let first: JobQueue;
  let second: JobQueue;
  const ran: { worker: string; n: number }[] = [];
  const flakyAt: number[] = [];
  let flakyFails = true;
  const failures: [string, boolean][] = [];
  const strictRuns: unknown[] = [];
  let slowDone = false;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    first = queueOn(handle);
    second = queueOn(handle);
    for (const [worker, queue] of [
      ['first', first],
      ['second', second],
    ] as const) {
      queue.define('count', {
        schema: z.object({ n: z.number().int() }),
        batchSize: 5,
        async handle({ n }) {
          ran.push({ worker, n });
          // Long enough that both workers hold jobs at once.
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      queue.define('flaky', {
        schema: z.object({}),
        retries: 2,
        retryDelaySeconds: 1,
        async handle() {
          flakyAt.push(Date.now());
          if (flakyFails) throw new Error('SMTP said 451: try again later');
        },
      });
      queue.define('strict', {
        schema: z.object({ to: z.string() }),
        async handle(payload) {
          strictRuns.push(payload);
        },
      });
      queue.define('slow', {
        schema: z.object({}),
        async handle() {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          slowDone = true;
        },
      });
      queue.define('idle', { schema: z.object({}), async handle() {} });
      queue.onFailure((name, deadLettered) => failures.push([name, deadLettered]));
    }
    // On PostgreSQL together, as two processes starting at once race to install pg-boss
    // and create the queues (a deadlock, which the loser retries). PGlite belongs to one
    // process, which starts one queue.
    if (engine === 'postgres')
      await Promise.all([first.start({ work: true }), second.start({ work: true })]);
    else {
      await first.start({ work: true });
      await second.start({ work: true });
    }
  }, 120_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await handle?.close();
  }, 60_000);

  it('runs each job once with two workers on one database', async () => {
    const count = 60;
    for (let n = 0; n < count; n++) await (n % 2 ? first : second).enqueue('count', { n });
    await until(
      () => ran.length,
      (done) => done >= count,
    );
    // A moment for any job that would run twice to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const numbers = ran.map((run) => run.n).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(new Set(ran.map((run) => run.worker))).toEqual(new Set(['first', 'second']));
  }, 90_000);

  it('keeps one periodic job per window however many processes ask', async () => {
    const asks = await Promise.all(
      [first, second, first, second].map((queue) =>
        queue.enqueue('idle', {}, { oncePerSeconds: 3600 }),
      ),
    );
    expect(asks.filter((id) => id !== null)).toHaveLength(1);
  });

  it('backs off between failed attempts, then keeps the job as a dead letter with its reason', async () => {
    const id = await first.enqueue('flaky', {});
    expect(id).toBeTruthy();
    const [dead] = await until(
      async () =>
        (await first.deadLetters(handle.db, { limit: 10 })).jobs.filter((j) => j.id === id),
      (jobs) => jobs.length === 1,
    );
    expect(dead).toMatchObject({
      id,
      name: 'flaky',
      reason: 'SMTP said 451: try again later',
      attempts: 3,
      payload: {},
    });
    expect(flakyAt).toHaveLength(3);
    const [a, b, c] = flakyAt as [number, number, number];
    // The first retry waits 1-2 s, the second 2-4 s (retryDelay·2ⁿ/2, with jitter).
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1900);
    expect(failures.filter(([name]) => name === 'flaky')).toEqual([
      ['flaky', false],
      ['flaky', false],
      ['flaky', true],
    ]);

    // Retried (in a transaction, as the back office does): one more attempt, which works.
    flakyFails = false;
    const retried = await handle.db.transaction().execute((trx) => first.retry(trx, id!));
    expect(retried).toBe(true);
    await until(
      () => flakyAt.length,
      (n) => n === 4,
    );
    await until(
      async () => (await first.deadLetters(handle.db, { limit: 10 })).jobs.some((j) => j.id === id),
      (listed) => !listed,
    );
    // No longer a dead letter: nothing to retry.
    expect(await first.retry(handle.db, id!)).toBe(false);
    expect(await first.retry(handle.db, 'not-a-job-id')).toBe(false);
  }, 90_000);

  it('dead-letters at once a job whose payload no longer matches its handler, keeping it whole', async () => {
    const stale = { recipient: 'ada@example.com', subject: 'Your order' };
    const id = await second.enqueue('strict', stale);
    const [dead] = await until(
      async () =>
        (await first.deadLetters(handle.db, { limit: 10 })).jobs.filter((j) => j.id === id),
      (jobs) => jobs.length === 1,
    );
    expect(dead?.attempts).toBe(1);
    expect(dead?.payload).toEqual(stale);
    expect(dead?.reason).toMatch(/^payload does not match the strict job: to: /);
    expect(strictRuns).toEqual([]);
    expect(await first.deadLetter(handle.db, id!)).toMatchObject({ id, name: 'strict' });
  }, 60_000);

  it('pages the dead letters newest first', async () => {
    const all = (await first.deadLetters(handle.db, { limit: 100 })).jobs;
    expect(all.length).toBeGreaterThanOrEqual(1);
    const page = await first.deadLetters(handle.db, { limit: 1 });
    expect(page.jobs).toHaveLength(1);
    if (all.length > 1) {
      expect(page.next).not.toBeNull();
      const next = await first.deadLetters(handle.db, { limit: 1, cursor: page.next! });
      expect(next.jobs[0]?.id).toBe(all[1]?.id);
    } else expect(page.next).toBeNull();
    // A cursor not from here reads page one.
    expect((await first.deadLetters(handle.db, { limit: 1, cursor: 'junk' })).jobs).toEqual(
      page.jobs,
    );
  });

  it('reports depth, dead letters and the oldest waiting job per queue', async () => {
    // 'idle' jobs wait: a queue that only enqueues (JOBS_IN_WEB=false) has no workers.
    const sender = queueOn(handle);
    sender.define('idle-only', { schema: z.object({}), async handle() {} });
    await sender.start({ work: false });
    try {
      await sender.enqueue('idle-only', {});
      await sender.enqueue('idle-only', {});
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const [figures] = await sender.figures();
      expect(figures).toMatchObject({ name: 'idle-only', waiting: 2, active: 0, dead_letters: 0 });
      expect(figures!.oldest_waiting_seconds).toBeGreaterThanOrEqual(1);
      const strict = (await first.figures()).find((queue) => queue.name === 'strict');
      expect(strict?.dead_letters).toBe(1);
    } finally {
      await sender.stop();
    }
  }, 60_000);

  it('stops only after the job under way has finished', async () => {
    const queue = queueOn(handle);
    queue.define('slow', {
      schema: z.object({}),
      async handle() {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        slowDone = true;
      },
    });
    await queue.start({ work: true });
    // The suite's own workers stop taking 'slow' jobs, so this queue's worker runs it.
    await first.stop();
    await second.stop();
    await queue.enqueue('slow', {});
    await until(
      async () => (await queue.figures())[0]?.active ?? 0,
      (active) => active === 1,
    );
    await queue.stop(10_000);
    expect(slowDone).toBe(true);
  }, 60_000);
});
