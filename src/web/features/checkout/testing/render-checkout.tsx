/** Renders the whole app at a checkout path, with the API answered by handlers. */
import userEvent from '@testing-library/user-event';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { AppRoutes } from '../../../app/routes.tsx';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import { gate, TEST_MODE_CONFIG } from '../../../shared/login/testing/fixtures.ts';
import { reply } from '../../basket/testing/fixtures.ts';

export function renderCheckout(
  path: string,
  basket: BasketView | (() => BasketView),
  handlers: Record<string, ApiHandler> = {},
  /** Calls to this path wait for `held.open()`, from the first render on. */
  holdPath?: string,
) {
  const api = mockApi({
    'GET /api/v1/config': TEST_MODE_CONFIG,
    'GET /api/v1/basket': () => reply(typeof basket === 'function' ? basket() : basket),
    ...handlers,
  });
  const held = holdPath ? hold(api.fetchMock, holdPath) : null;
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<AppRoutes />, { path });
  const location = () => view.router.state.location.pathname;
  const callsTo = (method: string, apiPath: string) =>
    api.calls.filter((call) => call.method === method && call.path === `/api/v1${apiPath}`);
  return { ...api, ...view, user, location, callsTo, held };
}

type Fetch = ReturnType<typeof mockApi>['fetchMock'];

/** Holds back every call whose path ends with `suffix` until the gate opens. */
export function hold(fetchMock: Fetch, suffix: string) {
  const held = gate();
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname.endsWith(suffix)) await held.promise;
    return answer(input, init);
  });
  return held;
}
