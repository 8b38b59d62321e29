import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedAddressView, UserView } from '../../../domain/api/user.ts';
import { VALIDATION_MESSAGE } from '../../../domain/errors.ts';
import { readAuthToken, setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { AccountPage } from './account-page.tsx';

const data = (body: unknown) => ({ body: { data: body } });

const ada = (overrides: Partial<UserView> = {}): UserView => ({
  full_name: 'Mrs Ada Lovelace',
  email_address: 'ada@example.com',
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  prices_exclude_tax: false,
  newsletter: false,
  loyalty_points: { available: 120 },
  ...overrides,
});

const home: SavedAddressView = {
  id: 11,
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Mrs Ada Lovelace',
  company_name: null,
  line_1: '12 St James’s Square',
  line_2: null,
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SW1Y 4JH',
  country_code: 'GBR',
  telephone: '020 7946 0018',
  mobile: null,
  default_delivery: true,
  default_billing: false,
};

const office: SavedAddressView = {
  ...home,
  id: 12,
  company_name: 'Analytical Engines Ltd',
  line_1: '1 Dorset Street',
  line_3: 'Marylebone',
  postcode: 'W1U 4EG',
  default_delivery: false,
  default_billing: true,
};

function renderAccount(handlers: Record<string, ApiHandler> = {}, { signedIn = true } = {}) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi({
    'GET /api/v1/user': () => data(ada()),
    'GET /api/v1/user/addresses': () => data({ addresses: [home, office] }),
    'POST /api/v1/auth/logout': () => data({ logged_out: true }),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithApp(<AccountPage />, {
    path: '/account',
    routes: [{ path: '/login', element: <p>Login page</p> }],
  });
  return { ...api, ...view, user };
}

const callsTo = (calls: { method: string; path: string }[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === `/api/v1${path}`);

describe('AccountPage', () => {
  it('sends a visitor without a login to log in and come back', async () => {
    const { calls, router } = renderAccount({}, { signedIn: false });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/account');
    expect(calls).toHaveLength(0);
  });

  it('shows a loading message, then greets the customer with their details and buds', async () => {
    renderAccount();

    expect(screen.getByRole('status')).toHaveTextContent('Checking account details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: 'Your details' }));
    expect(details.getByText('Mrs Ada Lovelace')).toBeInTheDocument();
    expect(details.getByText('ada@example.com')).toBeInTheDocument();
    expect(details.getByText('120 buds')).toBeInTheDocument();
    expect(document.title).toBe('Your account | Everbloom');
  });

  it('sends the stored token to the server', async () => {
    const { fetchMock } = renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });

    const userCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/v1/user'));
    expect(userCall?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok_ada' });
  });

  it('lists saved addresses with their default badges', async () => {
    renderAccount();

    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Default delivery address');
    expect(first).not.toHaveTextContent('Default billing address');
    expect(first).toHaveTextContent('12 St James’s Square');
    expect(first).toHaveTextContent('SW1Y 4JH');
    expect(first).toHaveTextContent('United Kingdom');
    expect(second).toHaveTextContent('Default billing address');
    expect(second).toHaveTextContent('Analytical Engines Ltd');
  });

  it('says when there are no saved addresses', async () => {
    renderAccount({ 'GET /api/v1/user/addresses': () => data({ addresses: [] }) });

    expect(await screen.findByText(/You have no saved addresses yet/)).toBeInTheDocument();
  });

  it('forgets a token the server refuses and sends the visitor to log in', async () => {
    const { router } = renderAccount({
      'GET /api/v1/user': () => ({
        status: 401,
        body: {
          error_type: 'unauthorized',
          message: 'You do not have permission to perform that action.',
        },
      }),
    });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(readAuthToken()).toBeNull();
    expect(router.state.location.search).toBe('?redirect=/account');
  });

  it('saves a new name with PUT /user/personal and shows it', async () => {
    const { calls, user } = renderAccount({
      'PUT /api/v1/user/personal': (body) => {
        const { title, first_name, last_name } = body as UserView;
        return data(ada({ title, first_name, last_name, full_name: `${first_name} ${last_name}` }));
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Your name' }));
    expect(form.getByRole('combobox', { name: /Title/ })).toHaveValue('Mrs');

    await user.selectOptions(form.getByRole('combobox', { name: /Title/ }), '');
    const first = form.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await form.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Augusta' })).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/personal')[0]).toMatchObject({
      body: { title: null, first_name: 'Augusta', last_name: 'Lovelace' },
    });
  });

  it('checks the name before saving and shows the server’s field errors', async () => {
    const { calls, user } = renderAccount({
      'PUT /api/v1/user/personal': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: VALIDATION_MESSAGE,
          errors: { last_name: ['Please enter no more than 50 characters'] },
        },
      }),
    });
    const form = within(await screen.findByRole('form', { name: 'Your name' }));

    await user.clear(form.getByRole('textbox', { name: 'First name' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Please enter your first name')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/personal')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Please enter no more than 50 characters')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Last name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('switches trade prices on with PUT /user/tax', async () => {
    const { calls, user } = renderAccount({
      'PUT /api/v1/user/tax': (body) => data(ada(body as Partial<UserView>)),
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Show trade prices \(excluding VAT\)/,
    });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(callsTo(calls, 'PUT', '/user/tax')[0]).toMatchObject({
      body: { prices_exclude_tax: true },
    });
  });

  it('logs out: revokes the token, forgets it and goes to /login', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, fetchMock, router, user } = renderAccount({
      'POST /api/v1/auth/logout': () => data({ logged_out: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/auth/logout')) await held;
      return answer(input, init);
    });

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
    const { router, user } = renderAccount({
      'POST /api/v1/auth/logout': () => ({
        status: 500,
        body: {
          error_type: 'internal_error',
          message: 'An error occurred, if this problem persists please contact us.',
        },
      }),
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
