/**
 * The returns pages' calls (ADR 070): the list (by status or order), one return, and the
 * writes that answer with it (received, refused, refunded); the rules and reasons.
 */
import type { AdminReturnView, ReturnRulesView } from '../../../domain/api/returns.ts';
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

/** The rules and reasons screen's calls: each write answers with the rules as they now are. */
export const RETURN_RULES_KEY = ['admin', 'return-rules'] as const;

export const fetchReturnRules = () => adminApi<ReturnRulesView>('GET', '/returns/rules');

/** Days as typed when they are not a number: the server answers with the field's message. */
export const patchReturnRules = (change: {
  window_days?: number | string;
  send_back_days?: number | string;
  refund_days?: number | string;
  address?: string[];
}) => adminApi<ReturnRulesView>('PATCH', '/returns/rules', change);

export const postReturnReason = (label: string) =>
  adminApi<ReturnRulesView>('POST', '/returns/reasons', { label });

export const patchReturnReason = (code: string, change: { label?: string; active?: boolean }) =>
  adminApi<ReturnRulesView>('PATCH', `/returns/reasons/${encodeURIComponent(code)}`, change);

export const putReturnReasonOrder = (codes: string[]) =>
  adminApi<ReturnRulesView>('PUT', '/returns/reasons/order', { codes });
