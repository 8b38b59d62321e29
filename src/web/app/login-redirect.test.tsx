import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountRoutes } from './account-routes.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { ada, data, TEST_MODE_CONFIG } from '../shared/login/testing/fixtures.ts';
import { mockApi, renderWithApp } from '../testing/render.tsx';

/** Across pages: one that needs a login sends the shopper away and gets them back. */
describe('logging in from a page that needs it', () => {
  it('brings a visitor sent from their account to log in back to it', async () => {
    mockApi({
      'GET /api/v1/config': TEST_MODE_CONFIG,
      'GET /api/v1/basket': () => data({ id: 1, item_count: 0 }),
      'POST /api/v1/auth/login': (body) =>
        data({ token: 'tok_abc', redirect_uri: (body as { redirect_uri: string }).redirect_uri }),
      'POST /api/v1/basket/acquire': () => data({ id: 1, item_count: 0 }),
      'GET /api/v1/user': () => data(ada()),
      'GET /api/v1/user/addresses': () => data({ addresses: [] }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithApp(<p>Elsewhere</p>, {
      path: '/account',
      routes: [
        { path: '/account/*', element: <AccountRoutes /> },
        { path: '/login', element: <LoginPage /> },
      ],
    });

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/account');

    const form = within(screen.getByRole('form', { name: 'Log in' }));
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
    await user.click(form.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});
