/** Rendering the account's pages as the app mounts them (/account/*), for their tests. */
import userEvent from '@testing-library/user-event';
import type { Mock } from 'vitest';
import type { SavedAddressView } from '../../../domain/api/user.ts';
import { setAuthToken } from '../../lib/auth-token.ts';
import { ada, data } from '../../shared/login/testing/fixtures.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { AccountRoutes } from '../../app/account-routes.tsx';

export { ada, data, failure } from '../../shared/login/testing/fixtures.ts';

export const home: SavedAddressView = {
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

export const office: SavedAddressView = {
  ...home,
  id: 12,
  company_name: 'Analytical Engines Ltd',
  line_1: '1 Dorset Street',
  line_3: 'Marylebone',
  postcode: 'W1U 4EG',
  default_delivery: false,
  default_billing: true,
};

/** Renders /account/* at `path`, Ada signed in unless told otherwise. */
export function renderAccount(
  path: string,
  handlers: Record<string, ApiHandler> = {},
  { signedIn = true } = {},
) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi({
    'GET /api/v1/user': () => data(ada()),
    'POST /api/v1/auth/logout': () => data({ logged_out: true }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<p>Elsewhere</p>, {
    path,
    routes: [
      { path: '/account/*', element: <AccountRoutes /> },
      { path: '/login', element: <p>Login page</p> },
    ],
  });
  return { ...api, ...view, user };
}

export const callsTo = (calls: { method: string; path: string }[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === `/api/v1${path}`);

/**
 * Holds back the replies to requests whose path ends with `suffix` until `release`
 * is called, so a test can see the page while it waits.
 */
export function holdReplies(fetchMock: Mock<typeof fetch>, method: string, suffix: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith(suffix) && (init?.method ?? 'GET').toUpperCase() === method) {
      await held;
    }
    return answer(input, init);
  });
  return release;
}
