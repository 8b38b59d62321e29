import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { data, failure, renderAccount } from './testing.tsx';

describe('store credit (/account/credit)', () => {
  it('shows a loading message, then the balance and the history newest first', async () => {
    renderAccount('/account/credit', {
      'GET /api/v1/user/credit': () =>
        data({
          balance: 750,
          entries: [
            {
              date: '2026-03-02T10:00:00.000Z',
              change: -500,
              balance_after: 750,
              kind: 'spent',
              reason: 'Spent on order EB-7Q4K',
            },
            {
              date: '2026-03-01T10:00:00.000Z',
              change: 1250,
              balance_after: 1250,
              kind: 'goodwill',
              reason: 'Goodwill credit',
            },
          ],
        }),
    });

    expect(await screen.findByText('Loading your store credit…')).toBeInTheDocument();
    expect(await screen.findByText(/of\s+store credit to spend/)).toHaveTextContent(
      'You have £7.50 of store credit to spend.',
    );
    const table = screen.getByRole('table', { name: 'Store credit history, newest first' });
    const [, ...body] = within(table).getAllByRole('row');
    expect(body.map((row) => row.textContent)).toEqual([
      '2 March 2026Spent on order EB-7Q4K−£5.00£7.50',
      '1 March 2026Goodwill credit+£12.50£12.50',
    ]);
    expect(document.title).toBe('Your store credit | Everbloom');
    expect(screen.getByRole('link', { name: 'Store credit' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says when there is no history yet', async () => {
    renderAccount('/account/credit', {
      'GET /api/v1/user/credit': () => data({ balance: 0, entries: [] }),
    });

    expect(await screen.findByText(/of\s+store credit to spend/)).toHaveTextContent(
      'You have £0.00 of store credit to spend.',
    );
    expect(screen.getByText('You have no store credit history yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the credit cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderAccount('/account/credit', {
      'GET /api/v1/user/credit': () =>
        fail
          ? failure(
              500,
              'internal_error',
              'An error occurred, if this problem persists please contact us.',
            )
          : data({ balance: 100, entries: [] }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not load your store credit.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/of\s+store credit to spend/)).toHaveTextContent(
      'You have £1.00 of store credit to spend.',
    );
  });
});
