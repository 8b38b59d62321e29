/**
 * Background jobs in the back office (ADR 069): the dead letters (jobs that used their
 * last attempt) and retrying one, recorded in the audit trail in the same transaction.
 */
import type { DeadLetterPage, DeadLetterView } from '../../../domain/api/admin-jobs.ts';
import { AppError } from '../../../domain/errors.ts';
import type { DeadLetter, JobQueue } from '../../adapters/jobs/port.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';

/**
 * What a job was for, without its content: an email's body may hold a sign-in or
 * password-reset link, which staff must not read.
 */
export function jobSummary(job: Pick<DeadLetter, 'name' | 'payload'>): string {
  const payload = job.payload;
  if (job.name === 'send-email' && payload && typeof payload === 'object') {
    const { to, subject } = payload as { to?: unknown; subject?: unknown };
    return `To ${typeof to === 'string' ? to : '?'}: ${typeof subject === 'string' ? subject : '?'}`;
  }
  if (job.name === 'basket-reminder' && payload && typeof payload === 'object') {
    const { basket_id } = payload as { basket_id?: unknown };
    return `Basket ${typeof basket_id === 'string' || typeof basket_id === 'number' ? basket_id : '?'}`;
  }
  return '';
}

const view = (job: DeadLetter): DeadLetterView => ({
  id: job.id,
  name: job.name,
  summary: jobSummary(job),
  reason: job.reason,
  attempts: job.attempts,
  created_at: job.created_at.toISOString(),
  failed_at: job.failed_at.toISOString(),
});

/** `queue` null: an app without a queue (tests), which has no dead letters. */
export function jobsService(deps: { db: Db; queue: JobQueue | null }) {
  const { db, queue } = deps;
  return {
    /** Dead letters, newest failure first (a cursor not ours reads page one). */
    async deadLetters(page: { limit: number; cursor?: string }): Promise<DeadLetterPage> {
      if (!queue) return { jobs: [], next_cursor: null };
      const { jobs, next } = await queue.deadLetters(db, page);
      return { jobs: jobs.map(view), next_cursor: next };
    },

    /**
     * Queues a dead letter for one more attempt, with its audit record in the same
     * transaction. 404 job_not_found when it is not (or no longer) a dead letter.
     */
    async retry(actor: StaffActor, id: string): Promise<{ id: string; queued: boolean }> {
      if (!queue) throw new AppError('job_not_found');
      return db.transaction().execute(async (trx) => {
        const job = await queue.deadLetter(trx, id);
        if (!job || !(await queue.retry(trx, id))) throw new AppError('job_not_found');
        await recordAudit(trx, actor, {
          action: 'job.retry',
          entityType: 'job',
          entityId: id,
          before: { state: 'failed', name: job.name, attempts: job.attempts, reason: job.reason },
          after: { state: 'retry' },
        });
        return { id, queued: true };
      });
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;
