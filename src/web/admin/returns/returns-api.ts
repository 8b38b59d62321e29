/**
 * The returns pages' calls (ADR 070): the list (by status or order), one return, and the
 * writes that answer with it (received, refused, refunded).
 */
import type { AdminReturnView } from '../../../domain/api/returns.ts';
import { adminApi, queryString } from '../lib/admin-api.ts';

export interface ReturnListParams {
  status?: string | undefined;
  order_number?: string | undefined;
  cursor?: string | undefined;
}

export interface ReturnListPage {
  returns: AdminReturnView[];
  next_cursor: string | null;
}

export const returnListKey = (params: ReturnListParams) => ['admin', 'returns', params] as const;
export const returnKey = (returnNumber: string) => ['admin', 'return', returnNumber] as const;

export const fetchReturns = (params: ReturnListParams) =>
  adminApi<ReturnListPage>('GET', `/returns${queryString({ ...params })}`);

export const fetchReturn = async (returnNumber: string) =>
  (
    await adminApi<{ return: AdminReturnView }>(
      'GET',
      `/returns/${encodeURIComponent(returnNumber)}`,
    )
  ).return;

/** A write on the return that answers with it. */
export const returnWrite = async (
  returnNumber: string,
  action: 'receive' | 'refuse' | 'refund',
  body?: unknown,
) =>
  (
    await adminApi<{ return: AdminReturnView }>(
      'POST',
      `/returns/${encodeURIComponent(returnNumber)}/${action}`,
      body,
    )
  ).return;
