/**
 * The signed-in customer's changes: logging in and out, registration, password reset
 * and the profile. Apart from the queries (user.ts), which the checkout's steps read
 * without changing anything (ADR 079).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { BasketView } from '../../domain/api/basket.ts';
import type { LoginResult, UserView } from '../../domain/api/user.ts';
import type {
  personalSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from '../../domain/schemas/auth.ts';
import { api } from '../lib/api-client.ts';
import { removeAuthToken, setAuthToken } from '../lib/auth-token.ts';
import { BASKET_KEY, replaceBasket } from './basket.ts';
import { SAVED_ADDRESSES_KEY, USER_KEY } from './user.ts';
import { WISHLIST_KEY } from './wishlist.ts';

/** POST /auth/login (spec section 3, Login payload). */
export interface LoginPayload {
  email: string;
  password: string;
  'cf-turnstile-response': string;
  redirect_uri?: string;
}
export type RegisterPayload = z.output<typeof registerSchema>;
export type ResetRequestPayload = z.output<typeof resetRequestSchema>;
export type ResetConfirmPayload = z.output<typeof resetConfirmSchema>;
export type PersonalPayload = z.output<typeof personalSchema>;

/** The reply of the password-reset endpoints: a message to show as it is. */
export interface MessageResult {
  message: string;
}

/** Forgets everything cached about a customer. */
function forgetCustomer(client: QueryClient): void {
  client.removeQueries({ queryKey: USER_KEY });
  client.removeQueries({ queryKey: SAVED_ADDRESSES_KEY });
  client.removeQueries({ queryKey: WISHLIST_KEY });
}

export const useLogin = () =>
  useMutation({
    mutationFn: (payload: LoginPayload) => api<LoginResult>('POST', '/auth/login', payload),
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (payload: RegisterPayload) => api<LoginResult>('POST', '/auth/register', payload),
  });

/**
 * Completes a login or registration: stores the token, then claims this browser's
 * basket for the account (POST /basket/acquire) and caches the reply. The details
 * query starts as soon as the token is stored.
 */
export function useSignIn(): (token: string) => Promise<void> {
  const client = useQueryClient();
  return async (token) => {
    forgetCustomer(client);
    setAuthToken(token);
    try {
      replaceBasket(client, await api<BasketView>('POST', '/basket/acquire'));
    } catch (error) {
      // Signed in regardless; the basket is fetched again rather than guessed.
      console.warn('Could not move the basket to the account', error);
      void client.invalidateQueries({ queryKey: BASKET_KEY });
    }
  };
}

/**
 * Logs out: revokes the token on the server, forgets it here even if that fails,
 * clears the customer's cached details and fetches the (now guest) basket again.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api('POST', '/auth/logout');
      } catch (error) {
        console.warn('The server could not revoke the login; it is forgotten here anyway', error);
      }
      removeAuthToken();
      forgetCustomer(client);
      void client.invalidateQueries({ queryKey: BASKET_KEY });
    },
  });
}

export const useRequestReset = () =>
  useMutation({
    mutationFn: (payload: ResetRequestPayload) =>
      api<MessageResult>('POST', '/auth/reset_password', payload),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (payload: ResetConfirmPayload) =>
      api<MessageResult>('POST', '/auth/reset_password/confirm', payload),
  });

export function useUpdatePersonal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: PersonalPayload) => api<UserView>('PUT', '/user/personal', payload),
    onSuccess: (user) => client.setQueryData(USER_KEY, user),
  });
}

/** The trade-prices preference; the basket's prices follow it, so it is fetched again. */
export function useUpdateTaxPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prices_exclude_tax: boolean) =>
      api<UserView>('PUT', '/user/tax', { prices_exclude_tax }),
    onSuccess: (user) => {
      client.setQueryData(USER_KEY, user);
      void client.invalidateQueries({ queryKey: BASKET_KEY });
    },
  });
}
