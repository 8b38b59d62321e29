import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { readAuthToken, removeAuthToken, setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { DUMMY_CAPTCHA_TOKEN } from '../../shared/login/captcha.tsx';
import { LoginPage } from './login-page.tsx';
import {
  data,
  failure,
  gate,
  json,
  TEST_MODE_CONFIG,
} from '../../shared/login/testing/fixtures.ts';

const ACQUIRED_BASKET = { id: 1, item_count: 2 };

function renderLogin(handlers: Record<string, ApiHandler> = {}, path = '/login') {
  const api = mockApi({
    'GET /api/v1/config': TEST_MODE_CONFIG,
    'GET /api/v1/basket': () => data({ id: 1, item_count: 0 }),
    'POST /api/v1/auth/login': () => data({ token: 'tok_abc' }),
    'POST /api/v1/basket/acquire': () => data(ACQUIRED_BASKET),
    ...handlers,
  });
  // No pause between keystrokes: the form reacts to each key, not to the time between.
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<LoginPage />, {
    path,
    routes: [
      { path: '/account', element: <p>Account page</p> },
      { path: '/checkout/*', element: <p>Checkout page</p> },
    ],
  });
  return { ...api, ...view, user };
}

const loginForm = () => screen.getByRole('form', { name: 'Log in' });
const registerForm = () => screen.getByRole('form', { name: 'Create an account' });

/** Fills the login form; the captcha is ticked unless told otherwise. */
async function fillLogin(
  user: ReturnType<typeof userEvent.setup>,
  { email = 'ada@example.com', password = 'correct horse', captcha = true } = {},
) {
  const form = within(await screen.findByRole('form', { name: 'Log in' }));
  if (email) await user.type(form.getByRole('textbox', { name: 'Email address' }), email);
  if (password) await user.type(form.getByLabelText('Password'), password);
  if (captcha) await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
}

const callsTo = <C extends { method: string; path: string }>(
  calls: C[],
  method: string,
  path: string,
) => calls.filter((call) => call.method === method && call.path === `/api/v1${path}`);

describe('LoginPage: the login form', () => {
  it('starts idle with the fields, the captcha, Log in and the ways to reset or register', async () => {
    renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const form = within(loginForm());
    expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    expect(form.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(await form.findByRole('checkbox', { name: 'I’m not a robot' })).not.toBeChecked();
    expect(form.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(form.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
      'href',
      '/login#forgot-password',
    );
    expect(
      screen.getByRole('heading', { name: 'New customer? Create an account' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Log in | Everbloom');
  });

  it('shows the spec’s messages and sends nothing while the form is invalid', async () => {
    const { calls, user } = renderLogin();
    const form = within(loginForm());
    await form.findByRole('checkbox', { name: 'I’m not a robot' });

    await user.click(form.getByRole('button', { name: 'Log in' }));

    expect(await form.findAllByText('Required')).toHaveLength(2);
    expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      'Required',
    );
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(form.getByText('Please complete the security check')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGE);

    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada.example.com');
    await user.type(form.getByLabelText('Password'), 'abc');
    await user.click(form.getByRole('checkbox', { name: 'I’m not a robot' }));
    await user.click(form.getByRole('button', { name: 'Log in' }));

    expect(await form.findByText('This must be an email address')).toBeInTheDocument();
    expect(form.getByText('Passwords must be at least 6 characters long')).toBeInTheDocument();
    expect(form.queryByText('Please complete the security check')).toBeNull();
    expect(callsTo(calls, 'POST', '/auth/login')).toHaveLength(0);
  });

  it('shows a field’s message only once it has been touched', async () => {
    const { user } = renderLogin();
    const form = within(loginForm());
    const email = form.getByRole('textbox', { name: 'Email address' });

    await user.type(email, 'not-an-email');
    expect(form.queryByText('This must be an email address')).toBeNull();
    await user.tab();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('reads Logging in and disables the inputs while submitting, then logs in', async () => {
    const { calls, fetchMock, user } = renderLogin();
    await fillLogin(user, { email: 'Ada@Example.com' });

    const held = gate();
    fetchMock.mockImplementationOnce(async () => {
      await held.promise;
      return json({ data: { token: 'tok_new' } });
    });
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    const form = within(loginForm());
    const busy = await form.findByRole('button', { name: 'Logging in' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(form.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
    expect(form.getByLabelText('Password')).toBeDisabled();
    expect(form.getByRole('checkbox', { name: 'I’m not a robot' })).toBeDisabled();

    held.open();
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/login'))?.[1],
    ).toMatchObject({
      method: 'POST',
      body: JSON.stringify({
        email: 'ada@example.com',
        password: 'correct horse',
        'cf-turnstile-response': DUMMY_CAPTCHA_TOKEN,
      }),
    });
    expect(callsTo(calls, 'POST', '/basket/acquire')).toHaveLength(1);
  });

  it('on success says so, stores the token, claims the basket with it and goes to /account', async () => {
    const { calls, fetchMock, router, user } = renderLogin();
    await fillLogin(user);

    const acquire = gate();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/basket/acquire')) await acquire.promise;
      return answer(input, init);
    });
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Success, logging you in...')).toBeInTheDocument();
    expect(readAuthToken()).toBe('tok_abc');
    expect(document.cookie).toContain('ba_auth_token=tok_abc');

    acquire.open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const acquireCall = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/basket/acquire'),
    );
    expect(acquireCall?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok_abc' });
    expect(callsTo(calls, 'POST', '/basket/acquire')).toHaveLength(1);
  });

  it('goes to the redirect address the server gives', async () => {
    const { router, user } = renderLogin({
      'POST /api/v1/auth/login': () => data({ token: 'tok_abc', redirect_uri: '/checkout' }),
    });
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('sends the ?redirect= wish with the login and goes where the server says', async () => {
    const { calls, router, user } = renderLogin(
      {
        // Like the server: echoes the wish back (it is a path on this site).
        'POST /api/v1/auth/login': (body) =>
          data({ token: 'tok_abc', redirect_uri: (body as { redirect_uri: string }).redirect_uri }),
      },
      '/login?redirect=/checkout/address',
    );
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/address');
    expect(callsTo(calls, 'POST', '/auth/login')[0]).toMatchObject({
      body: {
        email: 'ada@example.com',
        password: 'correct horse',
        'cf-turnstile-response': DUMMY_CAPTCHA_TOKEN,
        redirect_uri: '/checkout/address',
      },
    });
  });

  it('goes to /account when the server gives no redirect address, whatever was asked', async () => {
    // The server drops a wish that is not a path on this site.
    const { calls, router, user } = renderLogin({}, '/login?redirect=%2F%2Fevil.example%2Fphish');
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(callsTo(calls, 'POST', '/auth/login')[0]).toMatchObject({
      body: { redirect_uri: '//evil.example/phish' },
    });
  });

  it('never follows a redirect address that leads to another site', async () => {
    for (const redirect_uri of [
      '//evil.example/phish',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      const { router, user, unmount } = renderLogin({
        'POST /api/v1/auth/login': () => data({ token: 'tok_abc', redirect_uri }),
      });
      await fillLogin(user);
      await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

      expect(await screen.findByText('Account page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/account');
      unmount();
      removeAuthToken();
    }
  });

  it('sends no redirect_uri when no page asked for one', async () => {
    const { calls, user } = renderLogin();
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/auth/login')[0]?.body).not.toHaveProperty('redirect_uri');
  });

  it('shows the server’s message when the details are wrong, and stores nothing', async () => {
    const { calls, user } = renderLogin({
      'POST /api/v1/auth/login': () =>
        failure(401, 'invalid_login', 'The login details entered are incorrect.'),
    });
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent(
      'The login details entered are incorrect.',
    );
    expect(within(loginForm()).getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(within(loginForm()).getByRole('textbox', { name: 'Email address' })).toBeEnabled();
    expect(readAuthToken()).toBeNull();
    expect(screen.queryByText('Success, logging you in...')).toBeNull();
    expect(callsTo(calls, 'POST', '/basket/acquire')).toHaveLength(0);
  });

  it('shows the rate limit message', async () => {
    const { user } = renderLogin({
      'POST /api/v1/auth/login': () =>
        failure(
          429,
          'rate_limit',
          'This action has been attempted too many times, please try again later.',
        ),
    });
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
  });

  it('puts the server’s validation errors on their fields', async () => {
    const { user } = renderLogin({
      'POST /api/v1/auth/login': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          email: ['This must be an email address'],
          'cf-turnstile-response': ['The security check failed, please try again'],
        }),
    });
    await fillLogin(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Log in' }));

    const form = within(loginForm());
    expect(await form.findByText('This must be an email address')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(form.getByText('The security check failed, please try again')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGE);
  });

  it('reveals and hides the password', async () => {
    const { user } = renderLogin();
    const form = within(loginForm());
    const password = form.getByLabelText('Password');
    await user.type(password, 'secret123');

    const show = form.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    expect(show).toHaveAttribute('aria-controls', password.id);

    await user.click(show);
    expect(password).toHaveAttribute('type', 'text');
    const hide = form.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret123');
  });
});

describe('LoginPage: forgotten password', () => {
  it('opens from the link on the same page, and goes back', async () => {
    const { router, user } = renderLogin();

    await user.click(screen.getByRole('link', { name: 'Forgotten your password?' }));

    const heading = screen.getByRole('heading', { level: 1, name: 'Forgotten your password?' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.hash).toBe('#forgot-password');
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull();
    expect(document.title).toBe('Forgotten your password? | Everbloom');

    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toHaveFocus();
    expect(router.state.location.hash).toBe('');
  });

  it('sends the email and captcha, reads Sending, then shows the server’s message', async () => {
    const message =
      'If an account exists for that email address, we have sent a link to reset your password.';
    const { fetchMock, user } = renderLogin({}, '/login#forgot-password');
    const form = within(screen.getByRole('form', { name: 'Reset your password' }));

    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
    const held = gate();
    fetchMock.mockImplementationOnce(async () => {
      await held.promise;
      return json({ data: { message } });
    });
    await user.click(form.getByRole('button', { name: 'Send reset link' }));

    expect(await form.findByRole('button', { name: 'Sending' })).toBeDisabled();
    held.open();

    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('form', { name: 'Reset your password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.at(-1)?.[1]?.body).toBe(
      JSON.stringify({ email: 'ada@example.com', 'cf-turnstile-response': DUMMY_CAPTCHA_TOKEN }),
    );
  });

  it('asks for an email and the security check first', async () => {
    const { calls, user } = renderLogin({}, '/login#forgot-password');
    const form = within(screen.getByRole('form', { name: 'Reset your password' }));
    await form.findByRole('checkbox', { name: 'I’m not a robot' });

    await user.click(form.getByRole('button', { name: 'Send reset link' }));

    expect(await form.findByText('Required')).toBeInTheDocument();
    expect(form.getByText('Please complete the security check')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/auth/reset_password')).toHaveLength(0);
  });
});

describe('LoginPage: registration', () => {
  it('creates the account, then signs in like a login', async () => {
    const { calls, router, user } = renderLogin({
      'POST /api/v1/auth/register': () => data({ token: 'tok_new_account' }),
    });
    const form = within(registerForm());

    await user.selectOptions(form.getByRole('combobox', { name: /Title/ }), 'Dr');
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'grace@example.com');
    await user.type(form.getByLabelText('Password'), 'cobol1959');
    await user.click(form.getByRole('checkbox', { name: /newsletter/ }));
    await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
    await user.click(form.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(readAuthToken()).toBe('tok_new_account');
    expect(callsTo(calls, 'POST', '/auth/register')[0]).toMatchObject({
      body: {
        title: 'Dr',
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        password: 'cobol1959',
        newsletter: true,
        'cf-turnstile-response': DUMMY_CAPTCHA_TOKEN,
      },
    });
    expect(callsTo(calls, 'POST', '/basket/acquire')).toHaveLength(1);
  });

  it('takes a new customer back to the page that sent them to log in', async () => {
    const { router, user } = renderLogin(
      { 'POST /api/v1/auth/register': () => data({ token: 'tok_new_account' }) },
      '/login?redirect=/checkout/address',
    );
    const form = within(registerForm());
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'grace@example.com');
    await user.type(form.getByLabelText('Password'), 'cobol1959');
    await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/address');
  });

  it('says when the email is already registered', async () => {
    const { user } = renderLogin({
      'POST /api/v1/auth/register': () =>
        failure(409, 'email_exists', 'A registered user with that email address already exists.'),
    });
    const form = within(registerForm());
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'engine1843');
    await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'A registered user with that email address already exists.',
    );
    expect(readAuthToken()).toBeNull();
  });
});

describe('LoginPage when already logged in', () => {
  it('says so, links to the account and logs out', async () => {
    setAuthToken('tok_existing');
    const { calls, user } = renderLogin({
      'POST /api/v1/auth/logout': () => data({ logged_out: true }),
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'You are already logged in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(readAuthToken()).toBeNull();
    expect(callsTo(calls, 'POST', '/auth/logout')).toHaveLength(1);
  });
});
