/**
 * The back office's first page (ADR 049): today's orders and takings (today is the UK
 * day), orders awaiting dispatch, pre-orders now in stock, refunds pending (ADR 081) and
 * low stock.
 */
import type { DashboardView } from '../../../domain/api/admin-audit.ts';
import { LOW_STOCK_THRESHOLD } from '../../../domain/stock.ts';
import { ukDayOf, ukDayRange } from '../../../domain/uk-days.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

export function dashboardService(deps: { repository: DashboardRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async figures(): Promise<DashboardView> {
      const day = ukDayOf(now());
      const { start, end } = ukDayRange(day, day);
      const [today, awaiting, preorders, pendingRefunds, low] = await Promise.all([
        repository.paidBetween(start, end),
        repository.awaitingDispatch(),
        repository.preordersInStock(),
        repository.pendingRefunds(),
        repository.lowStock(LOW_STOCK_THRESHOLD),
      ]);
      return {
        today: { day, ...today },
        awaiting_dispatch: awaiting,
        preorders_in_stock: preorders,
        pending_refunds: pendingRefunds,
        low_stock: low,
        low_stock_threshold: LOW_STOCK_THRESHOLD,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
