/**
 * Returns as the shopper sees them (ADR 070): GET /api/v1/orders/{public_id}/returns
 * (the order's returns, what may be returned today, the reasons and instructions) and
 * POST to the same path to start one. Whoever may read the order may return from it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderReturnsView, ReturnView } from '../../domain/api/returns.ts';
import { api } from '../lib/api-client.ts';

const path = (publicId: string) => `/orders/${encodeURIComponent(publicId)}/returns`;

export const orderReturnsQuery = (publicId: string) =>
  queryOptions({
    queryKey: ['order', publicId, 'returns'],
    queryFn: () => api<OrderReturnsView>('GET', path(publicId)),
    refetchOnWindowFocus: false,
  });

/** The order's returns; idle while `enabled` is false (nothing sent yet). */
export const useOrderReturns = (publicId: string, enabled: boolean) =>
  useQuery({ ...orderReturnsQuery(publicId), enabled });

export interface StartReturnRequest {
  items: { order_item_id: number; quantity: number }[];
  reason: string;
}

/** Starts a return; answers it, and refetches the order's returns. */
export function useStartReturn(publicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StartReturnRequest) =>
      (await api<{ return: ReturnView }>('POST', path(publicId), input)).return,
    onSuccess: () => client.invalidateQueries({ queryKey: orderReturnsQuery(publicId).queryKey }),
  });
}
