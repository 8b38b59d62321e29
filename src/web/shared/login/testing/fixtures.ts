/** Replies and data for the login and account component tests. */
import type { UserView } from '../../../../domain/api/user.ts';
import type { ApiHandler } from '../../../testing/render.tsx';

export const TEST_MODE_CONFIG: ApiHandler = () => ({
  body: { data: { captcha: { mode: 'test', site_key: null } } },
});

export const TURNSTILE_CONFIG: ApiHandler = () => ({
  body: { data: { captcha: { mode: 'turnstile', site_key: '1x00000000000000000000AA' } } },
});

export const data = (body: unknown) => ({ body: { data: body } });

export const failure = (
  status: number,
  error_type: string,
  message: string,
  errors?: Record<string, string[]>,
) => ({ status, body: { error_type, message, ...(errors ? { errors } : {}) } });

export const ada = (overrides: Partial<UserView> = {}): UserView => ({
  full_name: 'Mrs Ada Lovelace',
  email_address: 'ada@example.com',
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  prices_exclude_tax: false,
  newsletter: false,
  basket_reminders: false,
  loyalty_points: { available: 120 },
  ...overrides,
});

/** A promise the test settles, for holding a reply back. */
export function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
