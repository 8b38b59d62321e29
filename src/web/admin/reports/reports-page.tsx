/**
 * /admin/reports (ADR 067; permission reports.read): sales by UK day, week or month for
 * a range kept in the address — a chart of takings and refunds (uPlot, its own chunk,
 * loaded here only) and a table of every figure — best sellers and stock value, each
 * with a CSV download.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  REPORT_GROUPS,
  type ReportGroup,
  type SalesFigures,
} from '../../../domain/api/admin-reports.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { formatPence, type Pence } from '../../../domain/money.ts';
import { ukDayOf } from '../../../domain/uk-days.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import {
  bestSellersCsvHref,
  fetchBestSellers,
  fetchSales,
  fetchStockValue,
  REPORTS_KEY,
  salesCsvHref,
  STOCK_VALUE_CSV_HREF,
  type ReportRange,
} from './reports-api.ts';
import './reports.css';

const TakingsChart = lazy(async () => ({
  default: (await import('./takings-chart.tsx')).TakingsChart,
}));

const GROUP_LABELS: Record<ReportGroup, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The day `days` before `day` (yyyy-MM-dd). */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function rangeOf(params: URLSearchParams, today: string): ReportRange {
  const group = params.get('group');
  return {
    from: params.get('from') ?? daysBefore(today, 29),
    to: params.get('to') ?? today,
    group: REPORT_GROUPS.includes(group as ReportGroup) ? (group as ReportGroup) : 'day',
  };
}

const money = (amount: number) => formatPence(amount as Pence);
const retry = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export function ReportsPage() {
  usePageTitle('Reports');
  const [params, setParams] = useSearchParams();
  const today = ukDayOf(new Date());
  const range = rangeOf(params, today);

  const sales = useQuery({
    queryKey: [...REPORTS_KEY, 'sales', range],
    queryFn: () => fetchSales(range),
    placeholderData: keepPreviousData,
    retry,
  });
  const best = useQuery({
    queryKey: [...REPORTS_KEY, 'best-sellers', range.from, range.to],
    queryFn: () => fetchBestSellers(range),
    placeholderData: keepPreviousData,
    retry,
  });
  const stock = useQuery({
    queryKey: [...REPORTS_KEY, 'stock-value'],
    queryFn: fetchStockValue,
    retry,
  });

  const errors = sales.error instanceof ApiError ? sales.error.errors : undefined;
  const report = sales.data;
  const vatKeys = report
    ? Object.keys(report.totals.vat).sort((a, b) => Number(b) - Number(a))
    : [];

  return (
    <section className="admin-page reports-page" aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      <p>
        Sales by UK day, week (Monday to Sunday) or month. An order counts when it was paid, a
        refund when it was made. Amounts include VAT.
      </p>
      <RangeForm
        key={`${range.from}|${range.to}|${range.group}`}
        applied={range}
        errors={errors}
        onApply={(next) => setParams(new URLSearchParams({ ...next }))}
      />

      <h2 id="sales-title">Sales</h2>
      {sales.isError && <Notice tone="error">{sales.error.message}</Notice>}
      {sales.isPending && <LoadingOverlay message="Loading the sales report…" />}
      <p className="visually-hidden" role="status">
        {report ? `Sales from ${report.from} to ${report.to} by ${report.group} shown` : ''}
      </p>
      {report && (
        <>
          <p className="reports-download">
            <a href={salesCsvHref(range)} download>
              Download sales as CSV ({report.from} to {report.to}, by {report.group})
            </a>
          </p>
          {report.totals.orders === 0 && report.totals.refunds === 0 ? (
            <Notice tone="info" live={false}>
              No orders were paid and nothing was refunded in these days.
            </Notice>
          ) : (
            <Suspense fallback={<p className="reports-chart-loading">Loading the chart…</p>}>
              <TakingsChart rows={report.rows} />
            </Suspense>
          )}
          <div className="reports-table-wrap" tabIndex={0} aria-labelledby="sales-title">
            <table className="admin-table reports-table">
              <caption className="visually-hidden">
                Sales by {report.group}, {report.from} to {report.to}, in pounds
              </caption>
              <thead>
                <tr>
                  <th scope="col">{GROUP_LABELS[report.group]}</th>
                  <th scope="col" className="number">
                    Orders
                  </th>
                  <th scope="col" className="number">
                    Items
                  </th>
                  <th scope="col" className="number">
                    Takings
                  </th>
                  <th scope="col" className="number">
                    Discounts
                  </th>
                  <th scope="col" className="number">
                    Delivery
                  </th>
                  <th scope="col" className="number">
                    Refunds
                  </th>
                  {vatKeys.map((key) => (
                    <th key={key} scope="col" className="number">
                      VAT {key}%
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <SalesRowCells key={row.period} label={row.period} figures={row} vat={vatKeys} />
                ))}
              </tbody>
              <tfoot>
                <SalesRowCells label="Total" figures={report.totals} vat={vatKeys} />
              </tfoot>
            </table>
          </div>
        </>
      )}

      <h2 id="best-title">Best sellers</h2>
      {best.isError && <Notice tone="error">{best.error.message}</Notice>}
      {best.isPending && <p>Loading best sellers…</p>}
      {best.data && (
        <>
          <p className="reports-download">
            <a href={bestSellersCsvHref(range)} download>
              Download best sellers as CSV ({best.data.from} to {best.data.to})
            </a>
          </p>
          {best.data.rows.length === 0 ? (
            <Notice tone="info" live={false}>
              Nothing was sold in these days.
            </Notice>
          ) : (
            <div className="reports-table-wrap" tabIndex={0} aria-labelledby="best-title">
              <table className="admin-table reports-table">
                <caption className="visually-hidden">
                  Best sellers by units, {best.data.from} to {best.data.to}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    <th scope="col">Name</th>
                    <th scope="col" className="number">
                      Units
                    </th>
                    <th scope="col" className="number">
                      Takings
                    </th>
                    <th scope="col" className="number">
                      Refunded units
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {best.data.rows.map((row) => (
                    <tr key={row.product_id}>
                      <td>{row.sku}</td>
                      <td>{row.name}</td>
                      <td className="number">{row.units}</td>
                      <td className="number">{money(row.takings)}</td>
                      <td className="number">{row.refunded}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      <h2 id="stock-title">Stock value</h2>
      {stock.isError && <Notice tone="error">{stock.error.message}</Notice>}
      {stock.isPending && <p>Loading stock value…</p>}
      {stock.data && (
        <>
          <p>
            {stock.data.totals.on_hand} units of {stock.data.totals.variations} variations on hand,
            worth <strong>{money(stock.data.totals.value)}</strong> at today’s prices (
            {money(stock.data.totals.value_ex_vat)} without VAT).
          </p>
          <p className="reports-download">
            <a href={STOCK_VALUE_CSV_HREF} download>
              Download stock value as CSV (every variation)
            </a>
          </p>
          {stock.data.rows.length > 0 && (
            <div className="reports-table-wrap" tabIndex={0} aria-labelledby="stock-title">
              <table className="admin-table reports-table">
                <caption className="visually-hidden">
                  The most valuable stock on hand, at today’s prices
                </caption>
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    <th scope="col">Name</th>
                    <th scope="col" className="number">
                      On hand
                    </th>
                    <th scope="col" className="number">
                      Price
                    </th>
                    <th scope="col" className="number">
                      Value
                    </th>
                    <th scope="col" className="number">
                      Without VAT
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stock.data.rows.map((row) => (
                    <tr key={row.id}>
                      <td>{row.sku}</td>
                      <td>{row.name}</td>
                      <td className="number">{row.on_hand}</td>
                      <td className="number">{money(row.price)}</td>
                      <td className="number">{money(row.value)}</td>
                      <td className="number">{money(row.value_ex_vat)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function SalesRowCells({
  label,
  figures,
  vat,
}: {
  label: string;
  figures: SalesFigures;
  vat: readonly string[];
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="number">{figures.orders}</td>
      <td className="number">{figures.items}</td>
      <td className="number">{money(figures.takings)}</td>
      <td className="number">{money(figures.discounts)}</td>
      <td className="number">{money(figures.delivery)}</td>
      <td className="number">{money(figures.refunds)}</td>
      {vat.map((key) => (
        <td key={key} className="number">
          {money(figures.vat[key] ?? 0)}
        </td>
      ))}
    </tr>
  );
}

/** The range form: starts from the address's range (remade when it changes). */
function RangeForm({
  applied,
  errors,
  onApply,
}: {
  applied: ReportRange;
  errors: FieldErrors | undefined;
  onApply: (range: ReportRange) => void;
}) {
  const [form, setForm] = useState<ReportRange>(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form className="admin-toolbar reports-range" onSubmit={submit} noValidate>
      <Field
        name="from"
        label="From"
        type="date"
        required
        value={form.from}
        error={errors?.from?.[0]}
        onChange={(e) => setForm({ ...form, from: e.target.value })}
      />
      <Field
        name="to"
        label="To"
        type="date"
        required
        value={form.to}
        error={errors?.to?.[0]}
        onChange={(e) => setForm({ ...form, to: e.target.value })}
      />
      <SelectField
        name="group"
        label="By"
        options={REPORT_GROUPS.map((group) => ({ value: group, label: GROUP_LABELS[group] }))}
        value={form.group}
        error={errors?.group?.[0]}
        onChange={(e) => setForm({ ...form, group: e.target.value as ReportGroup })}
      />
      <Button type="submit">Show</Button>
    </form>
  );
}
