import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeadLetterView } from '../../../domain/api/admin-jobs.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { JobsPage } from './jobs-page.tsx';

const dead = (id: string, fields: Partial<DeadLetterView> = {}): DeadLetterView => ({
  id,
  name: 'send-email',
  summary: 'To ada@example.com: Your order <b>EB-1</b>',
  reason: 'connect ECONNREFUSED 127.0.0.1:25',
  attempts: 6,
  created_at: '2026-07-01T09:00:00.000Z',
  failed_at: '2026-07-01T09:30:00.000Z',
  ...fields,
});

describe('the failed jobs page', () => {
  it('lists dead letters as text and retries one, which leaves the list', async () => {
    let retried = false;
    const { calls } = mockApi({
      'GET /api/v1/admin/jobs/dead-letters': () => ({
        body: { data: { jobs: retried ? [] : [dead('a1')], next_cursor: null } },
      }),
      'POST /api/v1/admin/jobs/dead-letters/a1/retry': () => {
        retried = true;
        return { body: { data: { id: 'a1', queued: true } } };
      },
    });
    const { container } = renderWithApp(<JobsPage />);
    const row = (await screen.findByText('connect ECONNREFUSED 127.0.0.1:25')).closest('tr')!;
    expect(within(row).getByText('To ada@example.com: Your order <b>EB-1</b>')).toBeInTheDocument();
    expect(container.querySelector('td b')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /retry send-email job/i }));
    expect(await screen.findByText(/send-email job queued again/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No failed jobs.')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/admin/jobs/dead-letters/a1/retry',
    ]);
  });

  it('says when a job can no longer be retried', async () => {
    mockApi({
      'GET /api/v1/admin/jobs/dead-letters': () => ({
        body: {
          data: { jobs: [dead('b2', { name: 'housekeeping', summary: '' })], next_cursor: null },
        },
      }),
      'POST /api/v1/admin/jobs/dead-letters/b2/retry': () => ({
        status: 404,
        body: { error_type: 'job_not_found', message: 'The job requested could not be found.' },
      }),
    });
    renderWithApp(<JobsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry housekeeping job' }));
    expect(await screen.findByText('The job requested could not be found.')).toBeInTheDocument();
  });
});
