import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { data, failure, renderAccount } from './testing.tsx';

describe('buds (/account/buds)', () => {
  it('shows a loading message, then the balance and the history newest first', async () => {
    renderAccount('/account/buds', {
      'GET /api/v1/user/loyalty': () =>
        data({
          balance: 1090,
          history: [
            { change: -200, reason: 'Spent on order EB-7Q4K', date: '2026-03-02T10:00:00.000Z' },
            { change: 40, reason: 'Earned on order EB-2M8P', date: '2026-03-01T10:00:00.000Z' },
            { change: 1250, reason: 'Welcome buds', date: '2026-01-15T09:30:00.000Z' },
          ],
        }),
    });

    expect(await screen.findByText('Loading your buds…')).toBeInTheDocument();
    expect(await screen.findByText('1,090 buds')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Buds history, newest first' });
    const [, ...body] = within(table).getAllByRole('row');
    expect(body.map((row) => row.textContent)).toEqual([
      '2 March 2026Spent on order EB-7Q4K−200',
      '1 March 2026Earned on order EB-2M8P+40',
      '15 January 2026Welcome buds+1,250',
    ]);
    expect(document.title).toBe('Your buds | Everbloom');
  });

  it('says when there is no history yet', async () => {
    renderAccount('/account/buds', {
      'GET /api/v1/user/loyalty': () => data({ balance: 0, history: [] }),
    });

    expect(await screen.findByText('0 buds')).toBeInTheDocument();
    expect(screen.getByText('You have no buds history yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the buds cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderAccount('/account/buds', {
      'GET /api/v1/user/loyalty': () =>
        fail
          ? failure(
              500,
              'internal_error',
              'An error occurred, if this problem persists please contact us.',
            )
          : data({
              balance: 1,
              history: [{ change: 1, reason: 'Welcome', date: '2026-01-01T00:00:00Z' }],
            }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not load your buds.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 bud')).toBeInTheDocument();
  });
});
