/**
 * Payments for the checkout's payment step: the payment client token (POST
 * /payments/token; not retried, not refetched on focus: spec section 7), a signed-in
 * customer's stored cards and placing the order (POST /basket/order).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PaymentTokenResult,
  PlaceOrderRequest,
  PlaceOrderResult,
  StoredCardsResult,
  StoredCardView,
} from '../../domain/api/order.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { useAuthToken } from '../lib/auth-token.ts';

export const PAYMENT_TOKEN_KEY = ['payments', 'token'] as const;
export const STORED_CARDS_KEY = ['payments', 'methods'] as const;

/**
 * The payment client token. A customer's token can reach their vault, so it is
 * fetched again when the login changes. Refetch it after a failed order (spec
 * section 4): the payment client starts again from a fresh token.
 */
export function usePaymentToken({ enabled = true }: { enabled?: boolean } = {}) {
  const login = useAuthToken();
  return useQuery({
    enabled,
    queryKey: [...PAYMENT_TOKEN_KEY, login ?? 'guest'],
    queryFn: async () => (await api<PaymentTokenResult>('POST', '/payments/token')).token,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * A signed-in customer's stored cards, default first; idle for guests. Each card's
 * nonce pays once, so the list is fetched again after a failed order.
 */
export function useStoredCards({ enabled = true }: { enabled?: boolean } = {}) {
  const login = useAuthToken();
  return useQuery({
    queryKey: [...STORED_CARDS_KEY, login],
    queryFn: async (): Promise<StoredCardView[]> =>
      (await api<StoredCardsResult>('GET', '/payments/methods')).payment_methods,
    enabled: enabled && login !== null,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** An Idempotency-Key for one attempt at paying for the order (ADR 045). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A request that may have reached the shop, or not: its answer was lost on the way. */
export const lostOnTheWay = (error: unknown) =>
  error instanceof ApiError && error.type === 'network_error';

/**
 * POST /basket/order with the attempt's Idempotency-Key. A request lost to the network
 * may have placed the order, so it is sent once more with the same key: the shop
 * answers the same order for the same key, never a second one.
 */
export async function placeOrder(
  request: PlaceOrderRequest,
  key: string,
): Promise<PlaceOrderResult> {
  const send = () =>
    api<PlaceOrderResult>('POST', '/basket/order', request, { 'idempotency-key': key });
  try {
    return await send();
  } catch (error) {
    if (!lostOnTheWay(error)) throw error;
    return send();
  }
}

/** Places the order (see placeOrder). */
export const usePlaceOrder = () =>
  useMutation({
    mutationFn: ({ request, key }: { request: PlaceOrderRequest; key: string }) =>
      placeOrder(request, key),
  });
