import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { data, failure, gate, json } from '../../shared/login/testing/fixtures.ts';

const TOKEN = 'rst_0123456789abcdefghij';
const CHANGED = 'Your password has been changed. You can now log in with your new password.';
const LINK_USED = 'This password reset link has expired or has already been used.';

function renderReset(
  handlers: Record<string, ApiHandler> = {},
  path = `/login/reset-password?token=${TOKEN}`,
) {
  const api = mockApi({
    'POST /api/v1/auth/reset_password/confirm': () => data({ message: CHANGED }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<ResetPasswordPage />, { path });
  return { ...api, ...view, user };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  confirm = password,
) {
  const form = within(screen.getByRole('form', { name: 'New password' }));
  await user.type(form.getByLabelText('New password'), password);
  await user.type(form.getByLabelText('Confirm new password'), confirm);
  await user.click(form.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordPage', () => {
  it('changes the password with the link’s token and shows the server’s message', async () => {
    const { calls, user } = renderReset();
    expect(document.title).toBe('Choose a new password | Everbloom');

    await choose(user, 'new-secret-1');

    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'New password' })).toBeNull();
    expect(calls).toMatchObject([
      {
        method: 'POST',
        path: '/api/v1/auth/reset_password/confirm',
        body: { token: TOKEN, password: 'new-secret-1' },
      },
    ]);
  });

  it('reads Saving while the change is sent', async () => {
    const { fetchMock, user } = renderReset();
    const held = gate();
    fetchMock.mockImplementationOnce(async () => {
      await held.promise;
      return json({ data: { message: CHANGED } });
    });

    await choose(user, 'new-secret-1');

    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    expect(screen.getByLabelText('Confirm new password')).toBeDisabled();
    held.open();
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
  });

  it('asks for matching passwords of the minimum length before sending', async () => {
    const { calls, user } = renderReset();

    await choose(user, 'abc', 'abd');

    expect(
      await screen.findByText('Passwords must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords must match',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGE);
    expect(calls).toHaveLength(0);
  });

  it('explains a used or expired link and offers a new one', async () => {
    renderReset({
      'POST /api/v1/auth/reset_password/confirm': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, { token: [LINK_USED] }),
    });
    const user = userEvent.setup({ delay: null });

    await choose(user, 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_USED);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/login#forgot-password',
    );
    expect(screen.queryByRole('form', { name: 'New password' })).toBeNull();
  });

  it('says a link without a token is not valid', () => {
    renderReset({}, '/login/reset-password');

    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New password' })).toBeNull();
  });

  it('shows any other failure in the form', async () => {
    const { user } = renderReset({
      'POST /api/v1/auth/reset_password/confirm': () =>
        failure(
          429,
          'rate_limit',
          'This action has been attempted too many times, please try again later.',
        ),
    });

    await choose(user, 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
