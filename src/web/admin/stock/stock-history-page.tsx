/**
 * /admin/stock/:variationId (ADR 053): one variation's figures and its stock ledger,
 * newest first — who, why, before and after, and the order when an order moved it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { STOCK_REASON_LABELS } from '../../../domain/stock.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { fetchMovements, STOCK_KEY } from './stock-api.ts';
import './stock.css';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function StockHistoryPage() {
  const { variationId = '' } = useParams();
  const history = useInfiniteQuery({
    queryKey: [...STOCK_KEY, 'movements', variationId],
    queryFn: ({ pageParam }) => fetchMovements(variationId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const variation = history.data?.pages[0]?.variation;
  usePageTitle(variation ? `Stock history: ${variation.sku}` : 'Stock history');
  const movements = history.data?.pages.flatMap((page) => page.movements) ?? [];

  return (
    <section className="admin-page" aria-labelledby="stock-history-title">
      <p>
        <Link to="/admin/stock">Back to stock</Link>
      </p>
      <h1 id="stock-history-title">
        {variation ? `${variation.sku}: ${variation.name}` : 'Stock history'}
      </h1>
      {history.error && <Notice tone="error">{history.error.message}</Notice>}
      {variation && (
        <dl className="stock-figures">
          <div>
            <dt>On hand</dt>
            <dd>{variation.on_hand}</dd>
          </div>
          <div>
            <dt>Held</dt>
            <dd>{variation.held}</dd>
          </div>
          <div>
            <dt>Pre-ordered</dt>
            <dd>{variation.preordered}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd>{variation.available}</dd>
          </div>
        </dl>
      )}
      <h2>Stock ledger</h2>
      <p role="status" className="visually-hidden">
        {history.isFetching ? 'Loading movements' : `${movements.length} movements shown`}
      </p>
      <div className="stock-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Stock movements, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" className="number">
                Change
              </th>
              <th scope="col" className="number">
                Before
              </th>
              <th scope="col" className="number">
                After
              </th>
              <th scope="col">Why</th>
              <th scope="col">Note</th>
              <th scope="col">Who</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <tr key={movement.id}>
                <td>{when.format(new Date(movement.at))}</td>
                <td
                  className={`number ${movement.change > 0 ? 'stock-change--up' : movement.change < 0 ? 'stock-change--down' : ''}`}
                >
                  {movement.change > 0 ? `+${movement.change}` : movement.change}
                </td>
                <td className="number">{movement.before}</td>
                <td className="number">{movement.after}</td>
                <td>{STOCK_REASON_LABELS[movement.reason] ?? movement.reason}</td>
                <td>{movement.note}</td>
                <td>{movement.who}</td>
                <td>
                  {movement.order_number && (
                    <Link to={`/admin/orders/${encodeURIComponent(movement.order_number)}`}>
                      {movement.order_number}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {history.data && movements.length === 0 && <p>No stock movements yet.</p>}
      {history.hasNextPage && (
        <div className="stock-pager">
          <Button
            variant="secondary"
            onClick={() => void history.fetchNextPage()}
            busy={history.isFetchingNextPage}
            busyLabel="Loading"
          >
            Older movements
          </Button>
        </div>
      )}
    </section>
  );
}
