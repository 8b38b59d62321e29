import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/render.tsx';
import { api } from './api-client.ts';
import { AUTH_TOKEN_COOKIE, readAuthToken, removeAuthToken, setAuthToken } from './auth-token.ts';

const headersOf = (init: RequestInit | undefined) =>
  (init?.headers ?? {}) as Record<string, string>;

describe('the stored login', () => {
  it('is kept in the ba_auth_token cookie, read back and removed', () => {
    expect(readAuthToken()).toBeNull();

    setAuthToken('tok_3x4mple-Token_value');
    expect(document.cookie).toContain(`${AUTH_TOKEN_COOKIE}=tok_3x4mple-Token_value`);
    expect(readAuthToken()).toBe('tok_3x4mple-Token_value');

    removeAuthToken();
    expect(readAuthToken()).toBeNull();
    expect(document.cookie).not.toContain(AUTH_TOKEN_COOKIE);
  });

  it('survives characters a cookie cannot hold as they are', () => {
    setAuthToken('a b;c=d');
    expect(readAuthToken()).toBe('a b;c=d');
  });
});

describe('api', () => {
  it('sends the stored token as a bearer header', async () => {
    const { fetchMock } = mockApi({ 'GET /api/v1/user': () => ({ body: { data: {} } }) });
    setAuthToken('tok_123');

    await api('GET', '/user');

    expect(headersOf(fetchMock.mock.calls[0]?.[1])).toMatchObject({
      authorization: 'Bearer tok_123',
    });
  });

  it('sends no authorization header without a stored token', async () => {
    const { fetchMock } = mockApi({ 'GET /api/v1/basket': () => ({ body: { data: {} } }) });

    await api('GET', '/basket');

    expect(headersOf(fetchMock.mock.calls[0]?.[1])).not.toHaveProperty('authorization');
  });
});
