/**
 * The back office's first page: what needs doing today (GET /api/v1/admin/dashboard).
 * The figures are read when the page opens and when "Refresh" is pressed.
 */
import { useQuery } from '@tanstack/react-query';
import type { DashboardView } from '../../../domain/api/admin-audit.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useCan } from '../lib/session.ts';
import { DashboardTiles } from './dashboard-tiles.tsx';
import './dashboard.css';

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function DashboardPage() {
  usePageTitle('Dashboard');
  const canReadOrders = useCan('orders.read');
  const canReadStock = useCan('stock.read');
  const figures = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => adminApi<DashboardView>('GET', '/dashboard'),
  });
  return (
    <section className="admin-page" aria-labelledby="dashboard-title">
      <div className="dashboard-heading">
        <h1 id="dashboard-title">Dashboard</h1>
        <Button
          variant="secondary"
          onClick={() => void figures.refetch()}
          busy={figures.isFetching}
          busyLabel="Refreshing…"
        >
          Refresh
        </Button>
      </div>
      {figures.isPending && <LoadingOverlay message="Loading today’s figures…" />}
      {figures.isError && (
        <Notice tone="error">{figures.error.message} Press Refresh to try again.</Notice>
      )}
      {figures.data && (
        <>
          <p className="dashboard-day" role="status">
            {formatShopDate(figures.data.today.day)}, as at{' '}
            {TIME.format(new Date(figures.dataUpdatedAt))}
          </p>
          <DashboardTiles
            figures={figures.data}
            canReadOrders={canReadOrders}
            canReadStock={canReadStock}
          />
        </>
      )}
    </section>
  );
}
