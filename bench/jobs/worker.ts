/**
 * bench:jobs's worker process: the shop's send-email job (its definition, the pg-boss
 * adapter, the SMTP mailer) working the queue on BENCH_JOBS_DATABASE_URL and sending
 * to BENCH_JOBS_SMTP_URL. Only the job machinery: no HTTP, no migrations.
 */
import { SEND_EMAIL_JOB, sendEmailJob } from '../../src/server/adapters/email/queued.ts';
import { smtpMailer } from '../../src/server/adapters/email/smtp.ts';
import { pgBossQueue } from '../../src/server/adapters/jobs/pg-boss.ts';
import { BENCH_JOB_TIMEOUT_S, BENCH_MAINTENANCE_S } from './settings.ts';

const url = process.env.BENCH_JOBS_DATABASE_URL;
const smtp = process.env.BENCH_JOBS_SMTP_URL;
if (!url || !smtp) throw new Error('BENCH_JOBS_DATABASE_URL and BENCH_JOBS_SMTP_URL are needed');

const queue = pgBossQueue({
  connection: { kind: 'pool', connectionString: url, max: 4 },
  log: {
    error: (object, message) => console.error(message, object),
    warn: () => undefined,
  },
  maintenanceSeconds: BENCH_MAINTENANCE_S,
});
queue.define(SEND_EMAIL_JOB, {
  ...sendEmailJob(smtpMailer({ url: smtp, from: 'Everbloom <shop@everbloom.example>' })),
  timeoutSeconds: BENCH_JOB_TIMEOUT_S,
});
await queue.start({ work: true });
process.send?.('ready');
process.once('SIGTERM', () => void queue.stop().then(() => process.exit(0)));
