/**
 * The dashboard's figures, each a tile linking to its list (ADR 049). Links show
 * only where the staff member may read that list; the figure shows either way.
 */
import { Link } from 'react-router';
import type { DashboardView } from '../../../domain/api/admin-audit.ts';
import { formatPence, type Pence } from '../../../domain/money.ts';

export interface DashboardTilesProps {
  figures: DashboardView;
  /** Whether the staff member may read orders, and stock. */
  canReadOrders: boolean;
  canReadStock: boolean;
}

interface Tile {
  id: string;
  title: string;
  figure: string;
  detail: string;
  link: { to: string; label: string } | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function DashboardTiles({ figures, canReadOrders, canReadStock }: DashboardTilesProps) {
  const tiles: Tile[] = [
    {
      id: 'today',
      title: 'Today’s orders',
      figure: String(figures.today.orders),
      detail: `${formatPence(figures.today.takings as Pence)} taken today`,
      link: canReadOrders ? { to: '/admin/orders', label: 'See the orders' } : null,
    },
    {
      id: 'awaiting-dispatch',
      title: 'Awaiting dispatch',
      figure: String(figures.awaiting_dispatch),
      detail: 'Paid orders with items still to send',
      link: canReadOrders
        ? { to: '/admin/orders?filter=awaiting_dispatch', label: 'See the orders to send' }
        : null,
    },
    {
      id: 'preorders-in-stock',
      title: 'Pre-orders now in stock',
      figure: String(figures.preorders_in_stock),
      detail: 'Pre-ordered items that can be sent now',
      link: canReadOrders
        ? { to: '/admin/orders?filter=preorders_in_stock', label: 'See the pre-orders' }
        : null,
    },
    {
      id: 'pending-refunds',
      title: 'Refunds pending',
      figure: String(figures.pending_refunds),
      detail:
        figures.pending_refunds === 0
          ? 'None waiting for the payment provider'
          : 'Waiting for the payment provider: check them on the order',
      link: canReadOrders
        ? { to: '/admin/orders?filter=pending_refunds', label: 'See the orders' }
        : null,
    },
    {
      id: 'low-stock',
      title: 'Low stock',
      figure: String(figures.low_stock),
      detail: `Variations with ${plural(figures.low_stock_threshold, 'unit', 'units')} or fewer on hand`,
      link: canReadStock ? { to: '/admin/stock?low=true', label: 'See low stock' } : null,
    },
  ];
  return (
    <ul className="dashboard-tiles">
      {tiles.map((tile) => (
        <li key={tile.id} className="dashboard-tile">
          <h2 id={`tile-${tile.id}`} className="dashboard-tile__title">
            {tile.title}
          </h2>
          <p className="dashboard-tile__figure">{tile.figure}</p>
          <p className="dashboard-tile__detail">{tile.detail}</p>
          {tile.link && (
            <Link className="dashboard-tile__link" to={tile.link.to}>
              {tile.link.label}
              <span className="visually-hidden">: {tile.title.toLowerCase()}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
