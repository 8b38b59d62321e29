/**
 * The stock pages' calls (ADR 053): the list, a variation's ledger, and adjustments.
 */
import type {
  StockListView,
  StockMovementsView,
  StockRowView,
} from '../../../domain/api/admin-stock.ts';
import type { StaffStockReason } from '../../../domain/stock.ts';
import { adminApi, queryString } from '../lib/admin-api.ts';

export const STOCK_KEY = ['admin', 'stock'] as const;

export function fetchStock(params: { q: string; low: boolean; cursor: string | null }) {
  return adminApi<StockListView>(
    'GET',
    `/stock${queryString({ q: params.q, low: params.low ? 'true' : null, cursor: params.cursor })}`,
  );
}

export function fetchMovements(variationId: string, cursor: string | null) {
  return adminApi<StockMovementsView>(
    'GET',
    `/stock/${encodeURIComponent(variationId)}/movements${queryString({ cursor })}`,
  );
}

export type AdjustmentBody =
  | { change: number; reason: StaffStockReason; note: string }
  | { counted: number; expected: number; note: string };

export async function postAdjustment(variationId: number, body: AdjustmentBody) {
  return (
    await adminApi<{ variation: StockRowView }>('POST', `/stock/${variationId}/adjustments`, body)
  ).variation;
}
