/**
 * Background jobs in the back office (ADR 069), permission `jobs.manage`:
 * - GET  /admin/jobs/dead-letters              failed jobs, newest first, keyset paged;
 * - POST /admin/jobs/dead-letters/:id/retry    one more attempt (audited).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deadLetterPageSchema, jobRetrySchema } from '../../../domain/api/admin-jobs.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import { parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { JobsService } from './jobs.service.ts';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const LIMIT_MESSAGE = `Please choose a page size from 1 to ${MAX_LIMIT}`;
const CURSOR_MESSAGE = 'That page could not be found, please start again';

const listQuery = z.object({
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .regex(/^(|\d{1,18}_[0-9a-f-]{36})$/, CURSOR_MESSAGE)
    .optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^(|\d{1,3})$/, LIMIT_MESSAGE)
    .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= MAX_LIMIT), {
      message: LIMIT_MESSAGE,
    })
    .optional(),
});

/** A job id from the path: anything but a UUID is no job. */
function jobIdFromPath(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new AppError('job_not_found');
  return value.toLowerCase();
}

export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  const { jobs } = deps;

  const list = openapi({
    summary: 'Background jobs that failed their last attempt (dead letters), newest first',
    permission: 'jobs.manage',
    query: listQuery,
    replies: { 200: data(deadLetterPageSchema) },
  });
  app.get('/admin/jobs/dead-letters', list, async (request) => {
    const query = parseInput(listQuery, request.query ?? {});
    return {
      data: await jobs.deadLetters({
        limit: query.limit ? Number(query.limit) : DEFAULT_LIMIT,
        ...(query.cursor ? { cursor: query.cursor } : {}),
      }),
    };
  });

  const retry = openapi({
    summary: 'Queues a failed background job for one more attempt',
    permission: 'jobs.manage',
    params: { id: 'The job’s id' },
    replies: { 200: data(jobRetrySchema) },
    errors: ['job_not_found'],
  });
  app.post<{ Params: { id: string } }>(
    '/admin/jobs/dead-letters/:id/retry',
    retry,
    async (request) => ({
      data: await jobs.retry(actorOf(request), jobIdFromPath(request.params.id)),
    }),
  );
}
