/**
 * bench:jobs (issue 23, ADR 069): 10,000 queued emails (BENCH_JOBS to change) to the
 * development mail catcher (fake-smtp-server.ts) on PostgreSQL, with two worker
 * processes. When about a fifth have arrived one worker is killed (SIGKILL) and started
 * again a second later. Prints jobs per second, emails sent twice and emails lost.
 *
 * Each email is addressed `bench-<n>@example.com`, so the catcher's log shows which
 * arrived and how often. A job cut short after the SMTP server accepted its email and
 * before pg-boss recorded it complete is sent again (at least once): that is what
 * "sent twice" counts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  SEND_EMAIL_JOB,
  queuedMailer,
  sendEmailJob,
} from '../../src/server/adapters/email/queued.ts';
import { startFakeSmtpServer } from '../../src/server/adapters/email/fake-smtp-server.ts';
import { pgBossQueue } from '../../src/server/adapters/jobs/pg-boss.ts';
import {
  formatNumber,
  numberSetting,
  onCleanUp,
  redact,
  runBenchmark,
  throwAwayDatabase,
  watchdog,
  writeResults,
} from '../lib/harness.ts';
import { BENCH_JOB_TIMEOUT_S } from './settings.ts';

const JOBS = numberSetting('BENCH_JOBS', 10_000, 10, 1_000_000);
const KILL_AT = Math.round(JOBS / 5);
const RESULTS = process.env.BENCH_RESULTS_FILE;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

await runBenchmark(async () => {
  watchdog(30 * 60 * 1000);
  const startedAt = new Date();
  const database = await throwAwayDatabase();
  if (typeof database === 'string') throw new Error(database);
  console.log(`bench:jobs — ${formatNumber(JOBS)} emails, two workers, ${redact(database.url)}`);
  const catcher = await startFakeSmtpServer();
  onCleanUp(() => catcher.close());

  // The enqueuing side: what a web process with JOBS_IN_WEB=false does.
  const queue = pgBossQueue({
    connection: { kind: 'pool', connectionString: database.url, max: 8 },
    log: { error: (object, message) => console.error(message, object), warn: () => undefined },
  });
  queue.define(SEND_EMAIL_JOB, {
    ...sendEmailJob({ mode: 'smtp', send: async () => undefined }),
    timeoutSeconds: BENCH_JOB_TIMEOUT_S,
  });
  await queue.start({ work: false });
  onCleanUp(() => queue.stop());
  const mailer = queuedMailer(queue, { mode: 'smtp', send: async () => undefined });
  const enqueueStart = Date.now();
  for (let from = 0; from < JOBS; from += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, JOBS - from) }, (_, i) =>
        mailer.send({
          to: `bench-${from + i}@example.com`,
          subject: `Your order EB-${from + i}`,
          text: `Thank you for your order ${from + i}.`,
        }),
      ),
    );
  }
  const enqueueS = (Date.now() - enqueueStart) / 1000;
  console.log(`queued in ${enqueueS.toFixed(1)} s (${formatNumber(JOBS / enqueueS)} jobs/s)`);

  const workers: (ChildProcess | null)[] = [null, null];
  const startWorker = async (slot: number) => {
    const child = fork(resolve(import.meta.dirname, 'worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_JOBS_DATABASE_URL: database.url,
        BENCH_JOBS_SMTP_URL: catcher.url,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    workers[slot] = child;
    await new Promise<void>((ready, failed) => {
      child.once('message', () => ready());
      child.once('exit', (code) =>
        failed(new Error(`worker ${slot} exited (${code}) before starting`)),
      );
    });
  };
  onCleanUp(async () => {
    for (const child of workers) if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  const seen = new Map<number, number>();
  let counted = 0;
  const count = () => {
    for (; counted < catcher.received.length; counted++) {
      const to = catcher.received[counted]?.to[0] ?? '';
      const n = Number(/^bench-(\d+)@/.exec(to)?.[1] ?? -1);
      seen.set(n, (seen.get(n) ?? 0) + 1);
    }
    return seen.size;
  };

  await Promise.all([startWorker(0), startWorker(1)]);
  const start = Date.now();
  let killedAt: { ms: number; sent: number } | null = null;
  let restartedAt = 0;
  let beforeKillRate = 0;
  let allSentMs = 0;
  // The first 99%: the rate without the tail of jobs a killed worker held.
  let ninetyNineMs = 0;
  let drained = false;
  let lastCheck = 0;
  for (;;) {
    const unique = count();
    if (!killedAt && unique >= KILL_AT) {
      workers[0]?.kill('SIGKILL');
      killedAt = { ms: Date.now() - start, sent: unique };
      beforeKillRate = unique / (killedAt.ms / 1000);
      console.log(`worker 1 killed (SIGKILL) after ${formatNumber(unique)} emails`);
      await sleep(1000);
      await startWorker(0);
      restartedAt = Date.now() - start;
      console.log('worker 1 restarted');
    }
    if (unique >= JOBS * 0.99 && !ninetyNineMs) ninetyNineMs = Date.now() - start;
    if (unique >= JOBS && !allSentMs) allSentMs = Date.now() - start;
    // Done when every email arrived and the queue is empty: the killed worker's jobs
    // (active until their timeout, then retried) may still send some a second time.
    if (allSentMs && Date.now() - lastCheck > 1000) {
      lastCheck = Date.now();
      const [queueNow] = await queue.figures();
      if (queueNow && queueNow.waiting + queueNow.active === 0) {
        drained = true;
        break;
      }
    }
    if (Date.now() - start > 20 * 60 * 1000) break;
    await sleep(100);
  }
  const drainedS = (Date.now() - start) / 1000;
  const elapsedS = (allSentMs || Date.now() - start) / 1000;
  count();
  const figures = (await queue.figures())[0];
  const duplicates = [...seen.values()].filter((times) => times > 1).length;
  const extraSends = [...seen.values()].reduce((sum, times) => sum + times - 1, 0);
  const lost = JOBS - [...seen.keys()].filter((n) => n >= 0 && n < JOBS).length;
  const rate = JOBS / elapsedS;
  const rate99 = ninetyNineMs ? (JOBS * 0.99) / (ninetyNineMs / 1000) : 0;
  console.log('');
  console.log(`emails:            ${formatNumber(JOBS)}`);
  console.log(`all sent in:       ${elapsedS.toFixed(1)} s (kill and restart included)`);
  console.log(
    `queue empty after: ${drainedS.toFixed(1)} s${drained ? '' : ' (not empty: gave up)'} (the killed worker's jobs wait out their timeout and a retry)`,
  );
  console.log(
    `jobs per second:   ${rate.toFixed(0)} overall, ${rate99.toFixed(0)} for the first 99%, ${beforeKillRate.toFixed(0)} before the kill`,
  );
  console.log(`sent twice:        ${duplicates} emails (${extraSends} extra sends)`);
  console.log(`lost:              ${lost}`);
  console.log(
    `queue at the end:  ${figures?.waiting ?? '?'} waiting, ${figures?.active ?? '?'} active, ${figures?.dead_letters ?? '?'} dead letters`,
  );
  if (killedAt)
    console.log(
      `kill:              at ${(killedAt.ms / 1000).toFixed(1)} s (${formatNumber(killedAt.sent)} sent), restarted at ${(restartedAt / 1000).toFixed(1)} s; its jobs under way were retried after their ${BENCH_JOB_TIMEOUT_S} s timeout`,
    );
  // Stopped before the database is dropped.
  await Promise.all(
    workers.map(
      (child) =>
        new Promise<void>((exited) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return exited();
          child.once('exit', () => exited());
          child.kill('SIGTERM');
        }),
    ),
  );
  await queue.stop();
  if (RESULTS)
    await writeResults(RESULTS, startedAt, {
      jobs: JOBS,
      seconds: elapsedS,
      drainedSeconds: drainedS,
      jobsPerSecond: rate,
      jobsPerSecondFirst99: rate99,
      jobsPerSecondBeforeKill: beforeKillRate,
      duplicates,
      extraSends,
      lost,
      enqueuePerSecond: JOBS / enqueueS,
    });
  if (lost > 0) process.exitCode = 1;
});
