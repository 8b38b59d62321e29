import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readAuthToken } from '../../lib/auth-token.ts';
import { ada, callsTo, data, failure, holdReplies, renderAccount } from './testing.tsx';

describe('the account hub (/account)', () => {
  it('sends a visitor without a login to log in and come back', async () => {
    const { calls, router } = renderAccount('/account', {}, { signedIn: false });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/account');
    expect(calls).toHaveLength(0);
  });

  it('sends a visitor to a sub-page to log in and come back to it', async () => {
    const { router } = renderAccount('/account/cards', {}, { signedIn: false });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=/account/cards');
  });

  it('shows a loading message, then greets the customer with their details and buds', async () => {
    renderAccount('/account', {
      'GET /api/v1/user': () => data(ada({ loyalty_points: { available: 1250 } })),
    });

    expect(screen.getByRole('status')).toHaveTextContent('Checking account details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: 'Your details' }));
    expect(details.getByText('Mrs Ada Lovelace')).toBeInTheDocument();
    expect(details.getByText('ada@example.com')).toBeInTheDocument();
    expect(details.getByText('1,250 buds')).toBeInTheDocument();
    expect(document.title).toBe('Your account | Everbloom');
  });

  it('links to every part of the account, in the page and in the account navigation', async () => {
    renderAccount('/account');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });

    const nav = within(screen.getByRole('navigation', { name: 'Your account' }));
    expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/account',
      '/account/orders',
      '/account/wishlist',
      '/account/addresses',
      '/account/cards',
      '/account/buds',
      '/account/credit',
      '/account/settings',
    ]);
    expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    const sections = within(screen.getByRole('region', { name: 'Your account' }));
    for (const [name, href] of [
      [/Your orders/, '/account/orders'],
      [/Your wishlist/, '/account/wishlist'],
      [/Addresses/, '/account/addresses'],
      [/Saved cards/, '/account/cards'],
      [/Buds/, '/account/buds'],
      [/Store credit/, '/account/credit'],
      [/Details and preferences/, '/account/settings'],
    ] as const) {
      expect(sections.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('sends the stored token to the server', async () => {
    const { fetchMock } = renderAccount('/account');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });

    const userCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/v1/user'));
    expect(userCall?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok_ada' });
  });

  it('says when the account cannot be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderAccount('/account', {
      'GET /api/v1/user': () =>
        fail
          ? failure(
              500,
              'internal_error',
              'An error occurred, if this problem persists please contact us.',
            )
          : data(ada()),
    });

    expect(await screen.findByText(/Sorry, we could not load your account/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
  });

  it('forgets a token the server refuses and sends the visitor to log in', async () => {
    const { router } = renderAccount('/account', {
      'GET /api/v1/user': () =>
        failure(401, 'unauthorized', 'You do not have permission to perform that action.'),
    });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(readAuthToken()).toBeNull();
    expect(router.state.location.search).toBe('?redirect=/account');
  });

  it('sends an unknown account address to the hub', async () => {
    const { router } = renderAccount('/account/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('logs out: revokes the token, forgets it and goes to /login', async () => {
    const { calls, fetchMock, router, user } = renderAccount('/account/buds', {
      'GET /api/v1/user/loyalty': () => data({ balance: 0, history: [] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Your buds' });
    const release = holdReplies(fetchMock, 'POST', '/auth/logout');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Logging out' })).toBeDisabled();
    expect(readAuthToken()).toBe('tok_ada');
    release();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(readAuthToken()).toBeNull();
    expect(callsTo(calls, 'POST', '/auth/logout')).toHaveLength(1);
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(logoutCall?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok_ada' });
  });

  it('forgets the login even when the server cannot revoke it', async () => {
    const { router, user } = renderAccount('/account', {
      'POST /api/v1/auth/logout': () =>
        failure(
          500,
          'internal_error',
          'An error occurred, if this problem persists please contact us.',
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(readAuthToken()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
