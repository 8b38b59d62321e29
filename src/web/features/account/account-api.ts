/**
 * The account pages' own calls: the buds history, the newsletter, changing the
 * password, saving addresses and changing stored cards. Kept out of api/user.ts and
 * api/payments.ts, which the home page and the checkout load, so that only the
 * account chunk carries them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { StoredCardsResult } from '../../../domain/api/order.ts';
import type { StoreCreditView } from '../../../domain/api/store-credit.ts';
import type {
  LoginResult,
  LoyaltyView,
  SavedAddressView,
  UserView,
} from '../../../domain/api/user.ts';
import type { Address } from '../../../domain/schemas/address.ts';
import type { changePasswordSchema } from '../../../domain/schemas/auth.ts';
import { SAVED_ADDRESSES_KEY, USER_KEY } from '../../api/user.ts';
import { STORED_CARDS_KEY } from '../../api/payments.ts';
import { api } from '../../lib/api-client.ts';
import { setAuthToken, useAuthToken } from '../../lib/auth-token.ts';

/** Under the details key, so logging out (which removes 'details') forgets it too. */
export const LOYALTY_KEY = [...USER_KEY, 'loyalty'] as const;

export type ChangePasswordPayload = z.output<typeof changePasswordSchema>;

/** The customer's buds balance and history, newest first (GET /user/loyalty). */
export function useLoyalty() {
  const token = useAuthToken();
  return useQuery({
    queryKey: LOYALTY_KEY,
    queryFn: () => api<LoyaltyView>('GET', '/user/loyalty'),
    enabled: token !== null,
    refetchOnWindowFocus: false,
  });
}

/** Under the details key too, so logging out forgets it. */
export const STORE_CREDIT_KEY = [...USER_KEY, 'credit'] as const;

/** The customer's store credit and its history, newest first (GET /user/credit). */
export function useStoreCredit() {
  const token = useAuthToken();
  return useQuery({
    queryKey: STORE_CREDIT_KEY,
    queryFn: () => api<StoreCreditView>('GET', '/user/credit'),
    enabled: token !== null,
    refetchOnWindowFocus: false,
  });
}

/** The newsletter preference (PUT /user/newsletter). */
export function useUpdateNewsletter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (newsletter: boolean) => api<UserView>('PUT', '/user/newsletter', { newsletter }),
    onSuccess: (user) => client.setQueryData(USER_KEY, user),
  });
}

/** Abandoned-basket reminders on or off (PUT /user/basket-reminders; ADR 077). */
export function useUpdateBasketReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api<UserView>('PUT', '/user/basket-reminders', { basket_reminders: on }),
    onSuccess: (user) => client.setQueryData(USER_KEY, user),
  });
}

/**
 * Changes the password (PUT /user/auth). The server revokes every login, this one
 * included, and returns a new token: it is stored (spec section 7), so the customer
 * stays signed in here and nowhere else.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (payload: ChangePasswordPayload) => api<LoginResult>('PUT', '/user/auth', payload),
    onSuccess: ({ token }) => setAuthToken(token),
  });
}

/** A saved address with its default choices, as POST and PUT /user/addresses take it. */
export type SavedAddressPayload = Address & {
  default_delivery?: boolean;
  default_billing?: boolean;
};

interface AddressesResult {
  addresses: SavedAddressView[];
}

/** Each change's reply lists the addresses again: it replaces the cached list. */
function useAddressChange<T>(change: (input: T) => Promise<AddressesResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ addresses }) => client.setQueryData(SAVED_ADDRESSES_KEY, addresses),
  });
}

export const useCreateAddress = () =>
  useAddressChange((payload: SavedAddressPayload) =>
    api<AddressesResult>('POST', '/user/addresses', payload),
  );

export const useUpdateAddress = () =>
  useAddressChange(({ id, payload }: { id: number; payload: SavedAddressPayload }) =>
    api<AddressesResult>('PUT', `/user/addresses/${id}`, payload),
  );

/** Sets the default delivery and billing addresses (null leaves one as it is). */
export const useSetAddressDefaults = () =>
  useAddressChange(
    (choice: {
      default_delivery_address_id: number | null;
      default_billing_address_id: number | null;
    }) => api<AddressesResult>('PUT', '/user/addresses/defaults', choice),
  );

/**
 * Changes to the stored cards: 'default' makes a card the default (PUT
 * /payments/methods/{id}/default), 'delete' removes it from the vault. The reply
 * lists the cards again and replaces the cached list the payment step also reads.
 */
export function useChangeStoredCard() {
  const login = useAuthToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'default' | 'delete' }) => {
      const path = `/payments/methods/${encodeURIComponent(id)}`;
      const reply =
        action === 'default'
          ? await api<StoredCardsResult>('PUT', `${path}/default`)
          : await api<StoredCardsResult>('DELETE', path);
      return reply.payment_methods;
    },
    onSuccess: (cards) => client.setQueryData([...STORED_CARDS_KEY, login], cards),
  });
}
