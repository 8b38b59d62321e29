/**
 * The order pages' calls (ADR 054): the list, one order, and the writes that answer
 * with the order (notes, resending the confirmation, cancelling a pre-order).
 */
import type { AdminOrderSummaryView, AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { adminApi, queryString } from '../lib/admin-api.ts';

export interface OrderListParams {
  q?: string | undefined;
  status?: string | undefined;
  filter?: string | undefined;
  cursor?: string | undefined;
}

export interface OrderListPage {
  orders: AdminOrderSummaryView[];
  next_cursor: string | null;
}

export const orderListKey = (params: OrderListParams) => ['admin', 'orders', params] as const;
export const orderKey = (orderNumber: string) => ['admin', 'order', orderNumber] as const;

export const fetchOrders = (params: OrderListParams) =>
  adminApi<OrderListPage>('GET', `/orders${queryString({ ...params })}`);

export const fetchOrder = async (orderNumber: string) =>
  (await adminApi<{ order: AdminOrderView }>('GET', `/orders/${encodeURIComponent(orderNumber)}`))
    .order;

/** A write on the order that answers with it. */
export const orderWrite = async (orderNumber: string, action: string, body: unknown) =>
  (
    await adminApi<{ order: AdminOrderView }>(
      'POST',
      `/orders/${encodeURIComponent(orderNumber)}/${action}`,
      body,
    )
  ).order;
