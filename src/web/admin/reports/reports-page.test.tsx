import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SalesReport } from '../../../domain/api/admin-reports.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { ReportsPage } from './reports-page.tsx';

// The chart draws on a canvas jsdom has not got; the table is what is checked here.
vi.mock('./takings-chart.tsx', () => ({
  TakingsChart: ({ rows }: { rows: unknown[] }) => <p>Chart of {rows.length} periods</p>,
}));

const figures = (takings: number) => ({
  orders: takings ? 2 : 0,
  items: takings ? 3 : 0,
  takings,
  discounts: 0,
  delivery: takings ? 499 : 0,
  refunds: 0,
  vat: { '20': Math.round(takings / 6), '5': 0, '0': 0 },
});

const sales = (from: string, to: string): SalesReport => ({
  from,
  to,
  group: 'day',
  rows: [
    { period: from, ...figures(12_345) },
    { period: to, ...figures(0) },
  ],
  totals: figures(12_345),
});

const handlers = {
  'GET /api/v1/admin/reports/best-sellers': () => ({
    body: {
      data: {
        from: '2026-11-01',
        to: '2026-11-02',
        rows: [
          {
            product_id: 7,
            sku: 'FERN-BOS',
            name: '<b>Boston fern</b>',
            units: 3,
            takings: 4500,
            refunded: 1,
          },
        ],
      },
    },
  }),
  'GET /api/v1/admin/reports/stock-value': () => ({
    body: {
      data: {
        rows: [],
        totals: { variations: 0, on_hand: 0, value: 0, value_ex_vat: 0 },
      },
    },
  }),
};

describe('the reports page', () => {
  it('shows the range’s sales as a table with totals, best sellers, and CSV links', async () => {
    const { calls } = mockApi({
      ...handlers,
      'GET /api/v1/admin/reports/sales': (_body, url) => ({
        body: { data: sales(url.searchParams.get('from')!, url.searchParams.get('to')!) },
      }),
    });
    const { container } = renderWithApp(<ReportsPage />, {
      path: '/admin/reports?from=2026-11-01&to=2026-11-02&group=day',
    });
    const table = await screen.findByRole('table', { name: /sales by day/i });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('2026-11-01');
    expect(rows[1]).toHaveTextContent('£123.45');
    expect(within(table).getByRole('columnheader', { name: 'VAT 20%' })).toBeInTheDocument();
    expect(within(rows.at(-1)!).getByRole('rowheader')).toHaveTextContent('Total');
    // The chart is a chunk of its own, loaded after the table.
    expect(
      await screen.findByText('Chart of 2 periods', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /download sales as csv/i })).toHaveAttribute(
      'href',
      '/api/v1/admin/reports/sales.csv?from=2026-11-01&to=2026-11-02&group=day',
    );
    const sent = new URLSearchParams(calls.find((c) => c.path.endsWith('/sales'))!.search);
    expect(Object.fromEntries(sent)).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      group: 'day',
    });
    // Names are text, never markup.
    expect(await screen.findByText('<b>Boston fern</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/0 units of 0 variations/)).toBeInTheDocument();
  });

  it('says so when nothing sold, and shows a range error by its field', async () => {
    mockApi({
      ...handlers,
      'GET /api/v1/admin/reports/sales': (_body, url) =>
        url.searchParams.get('to') === '2026-01-01'
          ? {
              status: 422,
              body: {
                error_type: 'validation',
                message: 'Please check the highlighted fields.',
                errors: { to: ['Please choose an end date on or after the start date'] },
              },
            }
          : {
              body: {
                data: {
                  ...sales('2026-11-01', '2026-11-02'),
                  rows: [],
                  totals: figures(0),
                },
              },
            },
    });
    const first = renderWithApp(<ReportsPage />, {
      path: '/admin/reports?from=2026-11-01&to=2026-11-02',
    });
    expect(await screen.findByText(/no orders were paid/i)).toBeInTheDocument();
    first.unmount();

    renderWithApp(<ReportsPage />, { path: '/admin/reports?from=2026-02-01&to=2026-01-01' });
    expect(
      await screen.findByText('Please choose an end date on or after the start date'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });
});
