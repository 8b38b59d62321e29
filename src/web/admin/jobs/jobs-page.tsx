/**
 * Failed background jobs (ADR 069; permission jobs.manage): the dead letters, newest
 * first with "Load more", each with what it was for, why it failed and a "Retry" that
 * queues it for one more attempt (recorded in the audit trail).
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeadLetterPage, DeadLetterView } from '../../../domain/api/admin-jobs.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi, ApiError, queryString } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';

const JOBS_KEY = ['admin', 'jobs', 'dead-letters'] as const;
const PAGE_SIZE = 50;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function JobsPage() {
  usePageTitle('Failed jobs');
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const jobs = useInfiniteQuery({
    queryKey: JOBS_KEY,
    queryFn: ({ pageParam }) =>
      adminApi<DeadLetterPage>(
        'GET',
        `/jobs/dead-letters${queryString({ limit: PAGE_SIZE, cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const retry = useMutation({
    mutationFn: (job: DeadLetterView) =>
      adminApi<{ id: string; queued: boolean }>(
        'POST',
        `/jobs/dead-letters/${encodeURIComponent(job.id)}/retry`,
      ),
    onSuccess: (_reply, job) => {
      setDone(`${job.name} job queued again${job.summary ? ` (${job.summary})` : ''}.`);
      void client.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: () => void client.invalidateQueries({ queryKey: JOBS_KEY }),
  });
  const rows = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];

  return (
    <section className="admin-page" aria-labelledby="jobs-title">
      <h1 id="jobs-title">Failed jobs</h1>
      <p>
        Background work that failed its last attempt: emails that could not be sent, and the shop’s
        scheduled tasks. Retry one once its cause is fixed (the mail server is back, for example).
      </p>
      {done && <Notice tone="success">{done}</Notice>}
      {retry.isError && <Notice tone="error">{retry.error.message}</Notice>}
      {jobs.isError && <Notice tone="error">{jobs.error.message}</Notice>}
      {jobs.isPending && <LoadingOverlay message="Loading failed jobs…" />}
      {jobs.isSuccess && rows.length === 0 && (
        <Notice tone="info" live={false}>
          No failed jobs.
        </Notice>
      )}
      {rows.length > 0 && (
        <table className="admin-table">
          <caption className="visually-hidden">Failed jobs, newest failure first</caption>
          <thead>
            <tr>
              <th scope="col">Failed</th>
              <th scope="col">Job</th>
              <th scope="col">For</th>
              <th scope="col">Reason</th>
              <th scope="col">Attempts</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((job) => (
              <tr key={job.id}>
                <td>{when(job.failed_at)}</td>
                <td>{job.name}</td>
                <td>{job.summary}</td>
                <td>{job.reason}</td>
                <td>{job.attempts}</td>
                <td>
                  <Button
                    variant="secondary"
                    aria-label={`Retry ${job.name} job${job.summary ? `: ${job.summary}` : ''}`}
                    busy={retry.isPending && retry.variables.id === job.id}
                    busyLabel="Retrying…"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(job)}
                  >
                    Retry
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {jobs.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void jobs.fetchNextPage()}
          busy={jobs.isFetchingNextPage}
          busyLabel="Loading more…"
        >
          Load more
        </Button>
      )}
    </section>
  );
}
