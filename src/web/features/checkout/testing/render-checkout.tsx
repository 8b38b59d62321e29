/** Renders the whole app at a checkout path, with the API answered by handlers. */
import userEvent from '@testing-library/user-event';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { AppRoutes } from '../../../app/routes.tsx';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import { TEST_MODE_CONFIG } from '../../../shared/login/testing/fixtures.ts';
import { reply } from '../../basket/testing/fixtures.ts';

export function renderCheckout(
  path: string,
  basket: BasketView | (() => BasketView),
  handlers: Record<string, ApiHandler> = {},
) {
  const api = mockApi({
    'GET /api/v1/config': TEST_MODE_CONFIG,
    'GET /api/v1/basket': () => reply(typeof basket === 'function' ? basket() : basket),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithApp(<AppRoutes />, { path });
  const location = () => view.router.state.location.pathname;
  const callsTo = (method: string, apiPath: string) =>
    api.calls.filter((call) => call.method === method && call.path === `/api/v1${apiPath}`);
  return { ...api, ...view, user, location, callsTo };
}
