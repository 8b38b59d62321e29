/**
 * The back office's reports (ADR 067): sales by UK day, week or month, best sellers and
 * stock value, as JSON and as CSV.
 *
 * Sales: an order counts in the period it was paid, a refund in the period it was made.
 * VAT at each rate is the VAT stored with each line (order_items.tax_amount) at the
 * line's rate, plus the delivery's VAT (the order's VAT less its lines') at the delivery
 * option's rate, less the same from refunds: a refund's lines' VAT at their rate and the
 * rest of its VAT (the delivery charge's; goodwill carries none) at the delivery rate.
 */
import type {
  BestSellers,
  ReportGroup,
  SalesFigures,
  SalesReport,
  StockValue,
  StockValueRow,
} from '../../../domain/api/admin-reports.ts';
import { STOCK_VALUE_ROWS } from '../../../domain/api/admin-reports.ts';
import { vatIncluded, type Pence } from '../../../domain/money.ts';
import { periodOf, periodsBetween, vatKey, vatKeys } from '../../../domain/reports.ts';
import { ukDayRange } from '../../../domain/uk-days.ts';
import { csvRow } from '../audit/audit-csv.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** Best sellers listed in the reply; the CSV lists up to BEST_SELLERS_CSV. */
export const BEST_SELLERS_ROWS = 50;
export const BEST_SELLERS_CSV = 5_000;

export interface ReportRange {
  from: string;
  to: string;
}

const emptyFigures = (keys: readonly string[]): SalesFigures => ({
  orders: 0,
  items: 0,
  takings: 0,
  discounts: 0,
  delivery: 0,
  refunds: 0,
  vat: Object.fromEntries(keys.map((key) => [key, 0])),
});

/** The value of `on_hand` units at `price` without VAT: per unit, then times the units. */
const exVat = (price: number, rateBp: number, onHand: number) =>
  onHand * (price - vatIncluded(price as Pence, rateBp));

/** Pounds, as a number (a negative one is not text a spreadsheet could take for a formula). */
const penceCell = (amount: number) => amount / 100;

export function reportsService(deps: { repository: ReportsRepository }) {
  const { repository } = deps;

  async function sales(range: ReportRange & { group: ReportGroup }): Promise<SalesReport> {
    // Rows left all zero (an order paid then cancelled) name no rate.
    const days = (await repository.salesDays(range.from, range.to)).filter((r) =>
      [r.orders, r.takings, r.discounts, r.delivery, r.tax, r.items, r.refunds, r.refund_tax].some(
        (figure) => figure !== 0,
      ),
    );
    const keys = vatKeys(days.flatMap((r) => (r.rate < 0 ? [r.delivery_rate] : [r.rate])));
    const periods = periodsBetween(range.from, range.to, range.group);
    const rows = new Map(periods.map((period) => [period, emptyFigures(keys)]));
    const rowOf = (day: string) => rows.get(periodOf(day, range.group))!;
    const addVat = (figures: SalesFigures, rateBp: number, amount: number) => {
      const key = vatKey(rateBp);
      figures.vat[key] = (figures.vat[key] ?? 0) + amount;
    };

    for (const day of days) {
      const row = rowOf(day.day);
      if (day.rate < 0) {
        // Whole orders and refunds: their VAT at the delivery rate, their lines' moved
        // to the lines' own rates below.
        row.orders += day.orders;
        row.takings += day.takings;
        row.discounts += day.discounts;
        row.delivery += day.delivery;
        row.refunds += day.refunds;
        addVat(row, day.delivery_rate, day.tax - day.refund_tax);
      } else {
        row.items += day.items;
        addVat(row, day.rate, day.tax - day.refund_tax);
        addVat(row, day.delivery_rate, day.refund_tax - day.tax);
      }
    }

    const totals = emptyFigures(keys);
    for (const row of rows.values()) {
      totals.orders += row.orders;
      totals.items += row.items;
      totals.takings += row.takings;
      totals.discounts += row.discounts;
      totals.delivery += row.delivery;
      totals.refunds += row.refunds;
      for (const key of keys) totals.vat[key]! += row.vat[key] ?? 0;
    }
    return {
      from: range.from,
      to: range.to,
      group: range.group,
      rows: [...rows].map(([period, figures]) => ({ period, ...figures })),
      totals,
    };
  }

  async function bestSellers(range: ReportRange, limit = BEST_SELLERS_ROWS): Promise<BestSellers> {
    const { start, end } = ukDayRange(range.from, range.to);
    return {
      from: range.from,
      to: range.to,
      rows: await repository.bestSellers(start, end, limit),
    };
  }

  const stockRow = (record: Awaited<ReturnType<ReportsRepository['stockValues']>>[number]) =>
    ({
      id: record.id,
      sku: record.sku,
      name: record.name,
      on_hand: record.on_hand,
      price: record.price,
      value: record.on_hand * record.price,
      value_ex_vat: exVat(record.price, record.tax_rate_bp, record.on_hand),
    }) satisfies StockValueRow;

  async function stockValue(limit: number | null = STOCK_VALUE_ROWS): Promise<StockValue> {
    const [records, groups] = await Promise.all([
      repository.stockValues(limit),
      repository.stockByPrice(),
    ]);
    const totals = { variations: 0, on_hand: 0, value: 0, value_ex_vat: 0 };
    for (const group of groups) {
      totals.variations += group.variations;
      totals.on_hand += group.on_hand;
      totals.value += group.on_hand * group.price;
      totals.value_ex_vat += exVat(group.price, group.tax_rate_bp, group.on_hand);
    }
    return { rows: records.map(stockRow), totals };
  }

  return {
    sales,
    bestSellers,
    stockValue,

    /** The sales report as CSV: a row per period and a totals row; amounts in pounds. */
    async salesCsv(range: ReportRange & { group: ReportGroup }) {
      const report = await sales(range);
      // Highest rate first (an object lists integer-like keys in ascending order).
      const keys = Object.keys(report.totals.vat).sort((a, b) => Number(b) - Number(a));
      const cells = (label: string, f: SalesFigures) => [
        label,
        f.orders,
        f.items,
        penceCell(f.takings),
        penceCell(f.discounts),
        penceCell(f.delivery),
        penceCell(f.refunds),
        ...keys.map((key) => penceCell(f.vat[key] ?? 0)),
      ];
      const header = [
        range.group,
        'orders',
        'items',
        'takings',
        'discounts',
        'delivery',
        'refunds',
        ...keys.map((key) => `vat_${key}`),
      ];
      return {
        filename: `sales-${range.group}-${range.from}-to-${range.to}.csv`,
        body: [
          csvRow(header),
          ...report.rows.map((row) => csvRow(cells(row.period, row))),
          csvRow(cells('total', report.totals)),
        ].join(''),
      };
    },

    async bestSellersCsv(range: ReportRange) {
      const report = await bestSellers(range, BEST_SELLERS_CSV);
      return {
        filename: `best-sellers-${range.from}-to-${range.to}.csv`,
        body: [
          csvRow(['sku', 'name', 'units', 'takings', 'refunded_units']),
          ...report.rows.map((r) =>
            csvRow([r.sku, r.name, r.units, penceCell(r.takings), r.refunded]),
          ),
        ].join(''),
      };
    },

    async stockValueCsv(day: string) {
      const report = await stockValue(null);
      return {
        filename: `stock-value-${day}.csv`,
        body: [
          csvRow(['sku', 'name', 'on_hand', 'price', 'value', 'value_ex_vat']),
          ...report.rows.map((r) =>
            csvRow([
              r.sku,
              r.name,
              r.on_hand,
              penceCell(r.price),
              penceCell(r.value),
              penceCell(r.value_ex_vat),
            ]),
          ),
          csvRow([
            'total',
            '',
            report.totals.on_hand,
            '',
            penceCell(report.totals.value),
            penceCell(report.totals.value_ex_vat),
          ]),
        ].join(''),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
