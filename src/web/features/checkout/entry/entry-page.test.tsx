import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGE } from '../../../../domain/shopper-message.ts';
import { readAuthToken, setAuthToken } from '../../../lib/auth-token.ts';
import { ada, data, failure } from '../../../shared/login/testing/fixtures.ts';
import { reply } from '../../basket/testing/fixtures.ts';
import { checkoutBasket } from '../testing/fixtures.ts';
import { hold, renderCheckout } from '../testing/render-checkout.tsx';
import { GUEST_SUCCESS_PAUSE_MS } from './guest-email-form.tsx';

const guestForm = () => screen.getByRole('form', { name: 'Guest checkout' });
const loginForm = () => screen.getByRole('form', { name: 'Log in' });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EntryPage: a guest', () => {
  it('chooses between guest checkout (open) and returning customer', async () => {
    const { user } = renderCheckout('/checkout', checkoutBasket());

    expect(await screen.findByRole('heading', { level: 1, name: 'Secure checkout' })).toBeVisible();
    const guest = screen.getByRole('radio', { name: 'Guest checkout' });
    const returning = screen.getByRole('radio', { name: 'Returning customer?' });
    expect(guest).toBeChecked();
    expect(guest).toHaveAccessibleDescription(
      'Checkout as a guest. You can create an account later.',
    );
    expect(returning).toHaveAccessibleDescription(
      'Checkout quickly with your existing login details.',
    );
    expect(within(guestForm()).getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    expect(screen.queryByText('Checking out as a guest.')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull();

    await user.click(returning);

    expect(screen.queryByRole('form', { name: 'Guest checkout' })).toBeNull();
    const login = within(loginForm());
    expect(login.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
    expect(login.getByLabelText('Password')).toBeInTheDocument();
    expect(await login.findByRole('checkbox', { name: 'I’m not a robot' })).toBeInTheDocument();
    expect(login.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
      'href',
      '/login#forgot-password',
    );

    await user.click(guest);
    expect(guestForm()).toBeInTheDocument();
  });

  it('checks the email before sending anything', async () => {
    const { user, callsTo } = renderCheckout('/checkout', checkoutBasket());
    const form = within(await screen.findByRole('form', { name: 'Guest checkout' }));

    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('Required')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGE);

    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada at example');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('This must be an email address')).toBeVisible();
    expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo('PUT', '/basket/details')).toHaveLength(0);
  });

  it('saves the email, says so, then moves to the delivery address step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, callsTo, fetchMock, location } = renderCheckout('/checkout', checkoutBasket(), {
      'PUT /api/v1/basket/details': (body) =>
        reply(checkoutBasket({ email_address: (body as { email_address: string }).email_address })),
    });
    const form = within(await screen.findByRole('form', { name: 'Guest checkout' }));
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'Ada@Example.com');
    const held = hold(fetchMock, '/basket/details');

    await user.click(form.getByRole('button', { name: 'Continue' }));

    const busy = await form.findByRole('button', { name: 'Updating basket' });
    expect(busy).toBeDisabled();
    held.open();
    expect(await screen.findByText('Success, continuing...')).toBeVisible();
    expect(callsTo('PUT', '/basket/details').map((call) => call.body)).toEqual([
      { email_address: 'ada@example.com' },
    ]);
    expect(location()).toBe('/checkout');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(GUEST_SUCCESS_PAUSE_MS);
    });

    await waitFor(() => expect(location()).toBe('/checkout/address'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delivery address' }),
    ).toBeVisible();
  });

  it('shows the server’s message and puts its validation errors on the field', async () => {
    const { user, location } = renderCheckout('/checkout', checkoutBasket(), {
      'PUT /api/v1/basket/details': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          email_address: ['This must be an email address'],
        }),
    });
    const form = within(await screen.findByRole('form', { name: 'Guest checkout' }));
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');

    await user.click(form.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGE);
    expect(form.getByText('This must be an email address')).toBeVisible();
    expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(location()).toBe('/checkout');
  });

  it('shows any other failure’s message', async () => {
    const { user } = renderCheckout('/checkout', checkoutBasket(), {
      'PUT /api/v1/basket/details': () =>
        failure(
          429,
          'rate_limit',
          'This action has been attempted too many times, please try again later.',
        ),
    });
    const form = within(await screen.findByRole('form', { name: 'Guest checkout' }));
    await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');

    await user.click(form.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
  });

  it('says a guest with an email on the basket is checking out as a guest, email filled in', async () => {
    renderCheckout('/checkout', checkoutBasket({ email_address: 'ada@example.com' }));

    expect(await screen.findByText('Checking out as a guest.')).toBeVisible();
    expect(within(guestForm()).getByRole('textbox', { name: 'Email address' })).toHaveValue(
      'ada@example.com',
    );
  });
});

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Returning customer?' }));
  const form = within(loginForm());
  await user.type(form.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
  await user.type(form.getByLabelText('Password'), 'correct horse');
  await user.click(await form.findByRole('checkbox', { name: 'I’m not a robot' }));
  await user.click(form.getByRole('button', { name: 'Log in' }));
}

describe('EntryPage: a returning customer', () => {
  it('logs in, claims the basket, then carries on as the account to the address step', async () => {
    const { user, callsTo, fetchMock, location } = renderCheckout(
      '/checkout',
      checkoutBasket({ email_address: 'old@example.com' }),
      {
        'POST /api/v1/auth/login': () => data({ token: 'tok_ada' }),
        'POST /api/v1/basket/acquire': () => reply(checkoutBasket()),
        'GET /api/v1/user': () => data(ada()),
        'PUT /api/v1/basket/details': () => reply(checkoutBasket()),
      },
    );
    const acquire = hold(fetchMock, '/basket/acquire');

    await logIn(user);

    expect(await screen.findByText('Success, logging you in...')).toBeVisible();
    expect(readAuthToken()).toBe('tok_ada');
    // The account check runs, but the email is not cleared on a basket still being
    // claimed: a few turns of the event loop let any such call start.
    await waitFor(() => expect(callsTo('GET', '/user')).toHaveLength(1));
    for (let turn = 0; turn < 5; turn++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    }
    expect(callsTo('PUT', '/basket/details')).toHaveLength(0);

    acquire.open();

    await waitFor(() => expect(location()).toBe('/checkout/address'));
    expect(callsTo('PUT', '/basket/details').map((call) => call.body)).toEqual([
      { email_address: null },
    ]);
  });

  it('shows a failed login’s message in the form', async () => {
    const { user, location } = renderCheckout('/checkout', checkoutBasket(), {
      'POST /api/v1/auth/login': () =>
        failure(401, 'invalid_login', 'The login details entered are incorrect.'),
    });

    await logIn(user);

    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent(
      'The login details entered are incorrect.',
    );
    expect(readAuthToken()).toBeNull();
    expect(location()).toBe('/checkout');
  });
});

describe('EntryPage: a signed-in customer', () => {
  it('checks the account, clears the guest email and moves to the address step', async () => {
    setAuthToken('tok_ada');
    const { fetchMock, callsTo, location } = renderCheckout('/checkout', checkoutBasket(), {
      'GET /api/v1/user': () => data(ada()),
      'PUT /api/v1/basket/details': () => reply(checkoutBasket()),
    });
    const account = hold(fetchMock, '/user');
    const clearing = hold(fetchMock, '/basket/details');

    expect(await screen.findByText('Checking account details')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    account.open();

    expect(await screen.findByRole('heading', { name: 'Logged in' })).toBeVisible();
    expect(screen.getByText('Continue as Mrs Ada Lovelace')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continuing' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeDisabled();
    clearing.open();

    await waitFor(() => expect(location()).toBe('/checkout/address'));
    expect(callsTo('PUT', '/basket/details').map((call) => call.body)).toEqual([
      { email_address: null },
    ]);
  });

  it('shows why the email could not be cleared, and Continue tries again', async () => {
    setAuthToken('tok_ada');
    let attempts = 0;
    const { user, location } = renderCheckout('/checkout', checkoutBasket(), {
      'GET /api/v1/user': () => data(ada()),
      'PUT /api/v1/basket/details': () =>
        attempts++ === 0
          ? failure(
              500,
              'internal_error',
              'An error occurred, if this problem persists please contact us.',
            )
          : reply(checkoutBasket()),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred, if this problem persists please contact us.',
    );
    expect(location()).toBe('/checkout');

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/checkout/address'));
    expect(attempts).toBe(2);
  });

  it('logs out: the stored login is forgotten and the login page opens', async () => {
    setAuthToken('tok_ada');
    const { user, callsTo, location } = renderCheckout('/checkout', checkoutBasket(), {
      'GET /api/v1/user': () => data(ada()),
      'PUT /api/v1/basket/details': () =>
        failure(
          500,
          'internal_error',
          'An error occurred, if this problem persists please contact us.',
        ),
      'POST /api/v1/auth/logout': () => data({}),
    });
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(readAuthToken()).toBeNull();
    expect(callsTo('POST', '/auth/logout')).toHaveLength(1);
  });

  it('offers the guest and login choices when the stored login is no longer valid', async () => {
    setAuthToken('tok_expired');
    renderCheckout('/checkout', checkoutBasket(), {
      'GET /api/v1/user': () =>
        failure(401, 'unauthorized', 'You do not have permission to perform that action.'),
    });

    expect(await screen.findByRole('radio', { name: 'Guest checkout' })).toBeChecked();
    expect(readAuthToken()).toBeNull();
  });
});
