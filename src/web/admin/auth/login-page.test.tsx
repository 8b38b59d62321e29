import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { LoginPage, MISSING_DETAILS } from './login-page.tsx';
import { SetupPage } from './setup-page.tsx';

const LOGIN = 'POST /api/v1/admin/auth/login';
const INVALID = 'The login details entered are incorrect.';

async function fill(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(screen.getByLabelText('Email'), 'owner@everbloom.test');
  await user.type(screen.getByLabelText('Password'), 'staff-owner-demo');
  await user.type(screen.getByLabelText(/^Authenticator code/), code);
}

describe('LoginPage', () => {
  it('sends the email, password and code', async () => {
    const { calls } = mockApi({
      [LOGIN]: () => ({
        body: { data: { staff: { email: 'owner@everbloom.test', name: 'Olive', role: 'owner' } } },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<LoginPage />, { path: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Everbloom back office' })).toBeVisible();
    await fill(user, '12a3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      email: 'owner@everbloom.test',
      password: 'staff-owner-demo',
      code: '123456',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a refusal, moves the focus to it and clears the spent code', async () => {
    mockApi({
      [LOGIN]: () => ({ status: 401, body: { error_type: 'invalid_login', message: INVALID } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<LoginPage />, { path: '/admin' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'login-error'));
    expect(screen.getByLabelText(/^Authenticator code/)).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('owner@everbloom.test');
  });

  it('asks for what is missing without sending anything', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderWithApp(<LoginPage />, { path: '/admin' });
    await user.type(screen.getByLabelText('Email'), 'owner@everbloom.test');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_DETAILS);
    expect(calls).toEqual([]);
  });
});

describe('SetupPage', () => {
  const SECRET = 'RHE3QYRTB4J5LRAREIDURJJQ7WJ6YJQ5';
  const routes = [{ path: '/admin/setup/:token', element: <SetupPage /> }];

  it('shows the QR code and the key, and a wrong code on its field', async () => {
    mockApi({
      'GET /api/v1/admin/auth/setup/tok': () => ({
        body: {
          data: {
            email: 'sam@staff.test',
            name: 'Sam',
            secret: SECRET,
            otpauth_uri: `otpauth://totp/x?secret=${SECRET}`,
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        },
      }),
      'POST /api/v1/admin/auth/setup/tok': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors: { code: ['That code is not right'] },
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<p>Elsewhere</p>, { path: '/admin/setup/tok', routes });
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('RHE3 QYRT B4J5 LRAR EIDU RJJQ 7WJ6 YJQ5')).toBeVisible();
    expect(screen.getByText(/Welcome, Sam \(sam@staff.test\)/)).toBeVisible();
    await user.type(screen.getByLabelText(/^Password/), 'a long password');
    await user.type(screen.getByLabelText(/^Authenticator code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(await screen.findByText('That code is not right')).toBeVisible();
    expect(screen.getByLabelText(/^Authenticator code/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the link has expired or was used', async () => {
    mockApi({
      'GET /api/v1/admin/auth/setup/old': () => ({
        status: 404,
        body: { error_type: 'not_found', message: 'This set-up link has expired.' },
      }),
    });
    renderWithApp(<p>Elsewhere</p>, { path: '/admin/setup/old', routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('This set-up link has expired.');
  });
});
