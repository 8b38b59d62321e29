/**
 * /admin/stock (ADR 053): every variation's stock — on hand, held by orders awaiting
 * payment, pre-ordered and available — found by SKU or name, optionally only low stock,
 * with an Adjust dialog for staff who may adjust and each row's history on its own page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { StockRowView } from '../../../domain/api/admin-stock.ts';
import { LOW_STOCK_THRESHOLD } from '../../../domain/stock.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { useCan } from '../lib/session.ts';
import { AdjustStockDialog } from './adjust-stock-dialog.tsx';
import { fetchStock, STOCK_KEY } from './stock-api.ts';
import './stock.css';
import { KeysetPager, useKeysetPages } from '../lib/keyset-pages.tsx';

export function StockPage() {
  usePageTitle('Stock');
  const canAdjust = useCan('stock.adjust');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const low = params.get('low') === 'true';
  const [search, setSearch] = useState(q);
  // Cursors of the pages before this one, and this page's.
  const pages = useKeysetPages();
  const cursor = pages.cursor;
  const [adjusting, setAdjusting] = useState<StockRowView | null>(null);
  const [done, setDone] = useState<StockRowView | null>(null);

  const stock = useQuery({
    queryKey: [...STOCK_KEY, 'list', q, low, cursor],
    queryFn: () => fetchStock({ q, low, cursor }),
    placeholderData: keepPreviousData,
  });

  const show = (next: { q?: string; low?: boolean }) => {
    const values = { q, low, ...next };
    const query: Record<string, string> = {};
    if (values.q.trim()) query.q = values.q.trim();
    if (values.low) query.low = 'true';
    setParams(query);
    pages.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: search });
  };

  const rows = stock.data?.variations ?? [];
  const nextCursor = stock.data?.next_cursor ?? null;

  return (
    <section className="admin-page" aria-labelledby="stock-title">
      <h1 id="stock-title">Stock</h1>
      <p>
        Orders take stock when they are placed. <strong>On hand</strong> is stock no order has
        taken; <strong>held</strong> is what orders awaiting payment took (it comes back if a
        payment fails); <strong>pre-ordered</strong> is what paid orders are still owed beyond
        stock. <strong>Available</strong> is what the shop sells now. Low stock is{' '}
        {LOW_STOCK_THRESHOLD} or fewer available.
      </p>
      <form className="admin-toolbar" role="search" onSubmit={submit}>
        <Field
          label="Search by SKU or name"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <label className="stock-toolbar__check">
          <input
            type="checkbox"
            checked={low}
            onChange={(event) => show({ low: event.target.checked })}
          />
          Low stock only
        </label>
      </form>
      {done && (
        <Notice tone="success">
          {done.sku}: on hand is now {done.on_hand}.
        </Notice>
      )}
      {stock.error && <Notice tone="error">{stock.error.message}</Notice>}
      <p role="status" className="visually-hidden">
        {stock.isFetching
          ? 'Loading stock'
          : stock.data
            ? `${rows.length} ${rows.length === 1 ? 'variation' : 'variations'} shown`
            : ''}
      </p>
      <div className="stock-table-wrap">
        <table className="admin-table" aria-busy={stock.isFetching}>
          <caption className="visually-hidden">Stock by variation</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Name</th>
              <th scope="col" className="number">
                On hand
              </th>
              <th scope="col" className="number">
                Held
              </th>
              <th scope="col" className="number">
                Pre-ordered
              </th>
              <th scope="col" className="number">
                Available
              </th>
              {canAdjust && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/admin/stock/${row.id}`}>{row.sku}</Link>
                </td>
                <td>
                  {row.name}
                  {row.discontinued && ' (discontinued)'}
                  {row.is_preorder && ' (pre-order)'}
                </td>
                <td className="number">{row.on_hand}</td>
                <td className="number">{row.held}</td>
                <td className="number">{row.preordered}</td>
                <td className="number">
                  {row.available}
                  {row.low && <span className="stock-low">Low</span>}
                </td>
                {canAdjust && (
                  <td>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setDone(null);
                        setAdjusting(row);
                      }}
                      aria-label={`Adjust ${row.sku}`}
                    >
                      Adjust
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stock.data && rows.length === 0 && <p>No variations match.</p>}
      <KeysetPager pages={pages} nextCursor={nextCursor} className="stock-pager" />
      {adjusting && (
        <AdjustStockDialog
          row={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={(row) => {
            setAdjusting(null);
            setDone(row);
          }}
        />
      )}
    </section>
  );
}
