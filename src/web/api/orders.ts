/**
 * Orders as the shopper sees them after paying: GET /api/v1/orders/{public_id}
 * (notes/contracts.md). Only the browser or customer that placed an order may read
 * it; anyone else gets 404 order_not_found. A placed order does not change while
 * the thank-you page is open, so it is not refetched.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../domain/api/order.ts';
import { api } from '../lib/api-client.ts';

export const orderQuery = (publicId: string) =>
  queryOptions({
    queryKey: ['order', publicId],
    queryFn: async () =>
      (await api<{ order: OrderView }>('GET', `/orders/${encodeURIComponent(publicId)}`)).order,
    staleTime: Infinity,
  });

export const useOrder = (publicId: string) => useQuery(orderQuery(publicId));
