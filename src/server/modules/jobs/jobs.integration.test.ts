/**
 * Background jobs in the back office and /metrics (ADR 069), with the shop's real
 * send-email job: an email whose sending fails ends as a dead letter staff can see
 * (recipient and subject, never the body) and retry, audited; the retry sends it; the
 * queue's figures and failures are in /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../adapters/email/port.ts';
import { outboxMailer } from '../../adapters/email/outbox.ts';
import { queuedMailer, SEND_EMAIL_JOB, sendEmailJob } from '../../adapters/email/queued.ts';
import { pgBossQueue } from '../../adapters/jobs/pg-boss.ts';
import type { JobQueue } from '../../adapters/jobs/port.ts';
import { signedInStaff } from '../../testing/staff.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  Shopper,
  type TestDatabase,
} from '../../testing/test-app.ts';
import type { FastifyInstance } from 'fastify';

async function until<T>(what: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(ENGINES)('background jobs in the back office on %s', (engine) => {
  let handle: TestDatabase;
  let queue: JobQueue;
  let app: FastifyInstance;
  let smtpDown = true;
  const message: EmailMessage = {
    to: 'ada@example.com',
    subject: 'Reset your password',
    text: 'Your link: https://shop.example/reset-password?token=SECRET-TOKEN',
    attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hi') }],
  };

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    queue = pgBossQueue({
      connection: handle.url
        ? { kind: 'pool', connectionString: handle.url, max: 3 }
        : { kind: 'shared', executeSql: handle.sharedSql! },
      log: { error: () => undefined, warn: () => undefined },
      pollSeconds: 0.5,
    });
    const outbox = outboxMailer(handle.db);
    const smtp: Mailer = {
      mode: 'smtp',
      async send(sent) {
        if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
        await outbox.send(sent);
      },
    };
    // The shop's job, with one attempt so the test need not wait out the backoff.
    queue.define(SEND_EMAIL_JOB, { ...sendEmailJob(smtp), retries: 0 });
    await queue.start({ work: true });
    app = await appOnDatabase(handle.db, { jobs: queue, mailer: queuedMailer(queue, smtp) });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await queue?.stop();
    await handle?.close();
  }, 60_000);

  const deadLetters = async (staff: Shopper) =>
    (await staff.get('/api/v1/admin/jobs/dead-letters')).body.data.jobs as {
      id: string;
      name: string;
      summary: string;
      reason: string;
    }[];

  it('lists an email that could not be sent, retries it (audited), and then it is sent', async () => {
    const { browser: staff, member } = await signedInStaff(app, handle.db, 'manager');
    await queuedMailer(queue, { mode: 'smtp', send: async () => undefined }).send(message);
    const [dead] = await until(
      () => deadLetters(staff),
      (jobs) => jobs.length === 1,
    );
    expect(dead).toMatchObject({
      name: 'send-email',
      summary: 'To ada@example.com: Reset your password',
      reason: 'connect ECONNREFUSED 127.0.0.1:2525',
      attempts: 1,
    });
    // Staff see what it was for, never the body (a reset link is a password).
    const page = await staff.get('/api/v1/admin/jobs/dead-letters');
    expect(JSON.stringify(page.body)).not.toContain('SECRET-TOKEN');

    const { browser: support } = await signedInStaff(app, handle.db, 'support');
    expect((await support.get('/api/v1/admin/jobs/dead-letters')).status).toBe(403);
    expect((await support.post(`/api/v1/admin/jobs/dead-letters/${dead!.id}/retry`)).status).toBe(
      403,
    );

    smtpDown = false;
    const retried = await staff.post(`/api/v1/admin/jobs/dead-letters/${dead!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ data: { id: dead!.id, queued: true } });
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['staff_id', 'action', 'entity_type', 'entity_id'])
      .where('action', '=', 'job.retry')
      .execute();
    expect(audit).toEqual([
      { staff_id: member.id, action: 'job.retry', entity_type: 'job', entity_id: dead!.id },
    ]);
    const sent = await until(
      () =>
        handle.db
          .selectFrom('outbox_emails')
          .select(['subject', 'text_body'])
          .where('to_address', '=', 'ada@example.com')
          .execute(),
      (rows) => rows.length === 1,
    );
    expect(sent[0]?.text_body).toBe(message.text);
    expect(await deadLetters(staff)).toEqual([]);

    // Not a dead letter any more, or never a job: job_not_found.
    const again = await staff.post(`/api/v1/admin/jobs/dead-letters/${dead!.id}/retry`);
    expect(again.status).toBe(404);
    expect(again.body.error_type).toBe('job_not_found');
    const junk = await staff.post('/api/v1/admin/jobs/dead-letters/not-a-job/retry');
    expect(junk.status).toBe(404);
    expect(junk.body.error_type).toBe('job_not_found');
  }, 90_000);

  it('refuses a bad page size or cursor with a field error', async () => {
    const { browser: staff } = await signedInStaff(app, handle.db, 'owner');
    const reply = await staff.get('/api/v1/admin/jobs/dead-letters?limit=0&cursor=%3Cscript%3E');
    expect(reply.status).toBe(422);
    expect(reply.body.error_type).toBe('validation');
    expect(Object.keys(reply.body.errors).sort()).toEqual(['cursor', 'limit']);
  });

  it('shows the queue’s depth, dead letters, oldest job and failures in /metrics', async () => {
    const text = (await new Shopper(app).get<string>('/metrics')).body;
    expect(text).toMatch(/^everbloom_jobs_waiting\{queue="send-email"\} \d+$/m);
    expect(text).toMatch(/^everbloom_jobs_dead_letters\{queue="send-email"\} 0$/m);
    expect(text).toMatch(/^everbloom_jobs_oldest_waiting_seconds\{queue="send-email"\} [\d.]+$/m);
    expect(text).toMatch(
      /^everbloom_job_failures_total\{queue="send-email",outcome="dead_letter"\} 1$/m,
    );
  });
});
