/** The reports page's calls (ADR 067) and the addresses of their CSVs. */
import type {
  BestSellers,
  ReportGroup,
  SalesReport,
  StockValue,
} from '../../../domain/api/admin-reports.ts';
import { adminApi, queryString } from '../lib/admin-api.ts';

export const REPORTS_KEY = ['admin', 'reports'] as const;

export interface ReportRange {
  from: string;
  to: string;
  group: ReportGroup;
}

export const fetchSales = (range: ReportRange) =>
  adminApi<SalesReport>('GET', `/reports/sales${queryString({ ...range })}`);

export const fetchBestSellers = (range: ReportRange) =>
  adminApi<BestSellers>(
    'GET',
    `/reports/best-sellers${queryString({ from: range.from, to: range.to })}`,
  );

export const fetchStockValue = () => adminApi<StockValue>('GET', '/reports/stock-value');

export const salesCsvHref = (range: ReportRange) =>
  `/api/v1/admin/reports/sales.csv${queryString({ ...range })}`;
export const bestSellersCsvHref = (range: ReportRange) =>
  `/api/v1/admin/reports/best-sellers.csv${queryString({ from: range.from, to: range.to })}`;
export const STOCK_VALUE_CSV_HREF = '/api/v1/admin/reports/stock-value.csv';
