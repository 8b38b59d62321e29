/**
 * The signed-in customer: the details query ('details', retried once) and the saved
 * addresses. Logging in and out, registration, password reset and the profile's
 * changes are user-changes.ts, so pages that only read the customer (the checkout's
 * steps) do not download them (ADR 079). The token lives in lib/auth-token.ts; these
 * modules decide when it is stored and forgotten.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddressView, UserView } from '../../domain/api/user.ts';
import { ApiError, api } from '../lib/api-client.ts';
import { removeAuthToken, useAuthToken } from '../lib/auth-token.ts';

export const USER_KEY = ['details'] as const;
export const SAVED_ADDRESSES_KEY = ['addresses'] as const;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

async function fetchUser(): Promise<UserView> {
  try {
    return await api<UserView>('GET', '/user');
  } catch (error) {
    // The auth helper: a token the server no longer accepts (expired, revoked) is
    // forgotten, so the shop stops presenting the visitor as signed in.
    if (isUnauthorized(error)) removeAuthToken();
    throw error;
  }
}

export const userQuery = queryOptions({
  queryKey: USER_KEY,
  queryFn: fetchUser,
  // Retried once (spec section 7), but not when the token was refused.
  retry: (failures, error) => failures < 1 && !isUnauthorized(error),
  refetchOnWindowFocus: false,
});

/** The signed-in customer's details; idle while no token is stored. */
export function useUser() {
  const token = useAuthToken();
  return useQuery({ ...userQuery, enabled: token !== null });
}

export const savedAddressesQuery = queryOptions({
  queryKey: SAVED_ADDRESSES_KEY,
  queryFn: async () =>
    (await api<{ addresses: SavedAddressView[] }>('GET', '/user/addresses')).addresses,
});

/** The customer's saved addresses; idle while no token is stored. */
export function useSavedAddresses() {
  const token = useAuthToken();
  return useQuery({ ...savedAddressesQuery, enabled: token !== null });
}
