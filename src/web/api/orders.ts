/**
 * Orders as the shopper sees them after paying: GET /api/v1/orders/{public_id}
 * (its reply is `orderSchema`, domain/api/replies.ts). Only the browser or customer that placed an order may read
 * it; anyone else gets 404 order_not_found. A placed order does not change while
 * the thank-you page is open, so it is not refetched; a cancellation (below) replaces
 * the cached copy with the server's answer.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  OrderListResult,
  OrderResult,
  OrderView,
  TrackOrderRequest,
} from '../../domain/api/order.ts';
import { api, apiFile } from '../lib/api-client.ts';
import { useAuthToken } from '../lib/auth-token-read.ts';

/**
 * The order; `key` is the confirmation email's signed link's (ADR 044), which opens it in
 * any browser (the server then remembers it for this browser). The key only grants
 * access, so it is not part of the cache key.
 */
export const orderQuery = (publicId: string, key?: string) =>
  queryOptions({
    queryKey: ['order', publicId],
    queryFn: async () => {
      const query = key ? `?key=${encodeURIComponent(key)}` : '';
      const path = `/orders/${encodeURIComponent(publicId)}${query}`;
      return (await api<{ order: OrderView }>('GET', path)).order;
    },
    staleTime: Infinity,
  });

export const useOrder = (publicId: string, key?: string) => useQuery(orderQuery(publicId, key));

/** The order's VAT invoice as a PDF (ADR 071), for whoever may read the order. */
export const fetchInvoice = (publicId: string) =>
  apiFile(`/orders/${encodeURIComponent(publicId)}/invoice`);

/** One of the order's credit notes as a PDF (ADR 071/078), for whoever may read the order. */
export const fetchCreditNote = (publicId: string, number: string) =>
  apiFile(`/orders/${encodeURIComponent(publicId)}/credit-notes/${encodeURIComponent(number)}`);

/*
 * Order history, tracking and pre-order cancellation (ADR 023):
 * GET /user/orders, POST /orders/track, POST /user/orders/{id}/cancel (the signed-in
 * owner) and POST /orders/{id}/cancel (a browser that placed or tracked the order).
 */

/** The signed-in customer's orders, newest first; keyed by the login so another's never shows. */
export const customerOrdersQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['orders', 'mine', token],
    queryFn: async () => (await api<OrderListResult>('GET', '/user/orders')).orders,
    refetchOnWindowFocus: false,
  });

/** The customer's orders; idle while no one is signed in. */
export function useCustomerOrders() {
  const token = useAuthToken();
  return useQuery({ ...customerOrdersQuery(token), enabled: token !== null });
}

/** Keeps a changed order everywhere it is cached: its own query and the order list. */
function storeOrder(client: QueryClient, order: OrderView) {
  client.setQueryData(orderQuery(order.public_id).queryKey, order);
  client.setQueriesData<OrderView[]>({ queryKey: ['orders', 'mine'] }, (list) =>
    list?.map((o) => (o.public_id === order.public_id ? order : o)),
  );
}

/** Finds an order by number and email; this browser may then read and cancel it. */
export function useTrackOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TrackOrderRequest) =>
      (await api<OrderResult>('POST', '/orders/track', input)).order,
    onSuccess: (order) => storeOrder(client, order),
  });
}

/**
 * Cancels a pre-order: through the account (`asOwner`, signed in) or as the browser
 * that placed or tracked it. Answers the cancelled order.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ publicId, asOwner }: { publicId: string; asOwner: boolean }) => {
      const id = encodeURIComponent(publicId);
      const path = asOwner ? `/user/orders/${id}/cancel` : `/orders/${id}/cancel`;
      return (await api<OrderResult>('POST', path)).order;
    },
    onSuccess: (order) => storeOrder(client, order),
  });
}
