/**
 * The back office's reports (ADR 067), permission `reports.read`, each as JSON and CSV:
 * - GET /admin/reports/sales?from=&to=&group=day|week|month
 * - GET /admin/reports/best-sellers?from=&to=
 * - GET /admin/reports/stock-value
 * (and the same paths ending .csv). Days are UK days, yyyy-MM-dd, both included.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bestSellersSchema,
  REPORT_GROUPS,
  salesReportSchema,
  stockValueSchema,
} from '../../../domain/api/admin-reports.ts';
import { data } from '../../../domain/api/replies.ts';
import { MAX_REPORT_DAYS, MAX_REPORT_PERIODS, periodCount } from '../../../domain/reports.ts';
import { daysBetween, isDay, ukDayOf } from '../../../domain/uk-days.ts';
import { openapi } from '../../http/openapi.ts';
import { parseInput } from '../../http/parse.ts';
import type { ReportsService } from './reports.service.ts';

const DAY_MESSAGE = 'Please enter a date as yyyy-mm-dd';

const rangeShape = {
  from: z.string({ error: 'Please enter the first day of the report' }).refine(isDay, DAY_MESSAGE),
  to: z.string({ error: 'Please enter the last day of the report' }).refine(isDay, DAY_MESSAGE),
};

const checkRange = (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (!isDay(query.from) || !isDay(query.to)) return false;
  const days = daysBetween(query.from, query.to);
  if (days < 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'Please choose an end date on or after the start date',
    });
    return false;
  }
  if (days + 1 > MAX_REPORT_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Please choose ${MAX_REPORT_DAYS} days or fewer`,
    });
    return false;
  }
  return true;
};

const salesQuery = z
  .object({
    ...rangeShape,
    group: z
      .enum(REPORT_GROUPS, { error: 'Please group by day, week or month' })
      .optional()
      .default('day'),
  })
  .superRefine((query, ctx) => {
    if (!checkRange(query, ctx)) return;
    if (periodCount(query.from, query.to, query.group) > MAX_REPORT_PERIODS) {
      ctx.addIssue({
        code: 'custom',
        path: ['group'],
        message: `That is more than ${MAX_REPORT_PERIODS} rows: please group by week or month, or choose fewer days`,
      });
    }
  });

const rangeQuery = z.object(rangeShape).superRefine((query, ctx) => {
  checkRange(query, ctx);
});

const noQuery = z.object({});

const salesDoc = {
  summary:
    'Sales by UK day, week (from Monday) or month: orders, items, takings, discounts, delivery, refunds and VAT at each rate, pence',
  permission: 'reports.read',
  query: salesQuery,
  errors: ['validation'],
} as const;
const bestSellersDoc = {
  summary: 'Best-selling variations by units on orders paid in a range of UK days, with takings',
  permission: 'reports.read',
  query: rangeQuery,
  errors: ['validation'],
} as const;
const stockValueDoc = {
  summary: 'Stock value: units on hand × today’s price, including and excluding VAT',
  permission: 'reports.read',
  query: noQuery,
} as const;
const csv = { 200: { mediaType: 'text/csv' } };

export function reportsRoutes(
  app: FastifyInstance,
  deps: { reports: ReportsService; now?: () => Date },
) {
  const { reports } = deps;
  const now = deps.now ?? (() => new Date());

  const sendCsv = (reply: FastifyReply, file: { filename: string; body: string }) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);

  app.get(
    '/admin/reports/sales',
    openapi({ ...salesDoc, replies: { 200: data(salesReportSchema) } }),
    async (request, reply) => {
      const query = parseInput(salesQuery, request.query ?? {});
      return reply.header('cache-control', 'no-store').send({ data: await reports.sales(query) });
    },
  );
  app.get(
    '/admin/reports/sales.csv',
    openapi({ ...salesDoc, summary: `${salesDoc.summary}, as CSV`, replies: csv }),
    async (request, reply) =>
      sendCsv(reply, await reports.salesCsv(parseInput(salesQuery, request.query ?? {}))),
  );

  app.get(
    '/admin/reports/best-sellers',
    openapi({ ...bestSellersDoc, replies: { 200: data(bestSellersSchema) } }),
    async (request, reply) => {
      const query = parseInput(rangeQuery, request.query ?? {});
      return reply
        .header('cache-control', 'no-store')
        .send({ data: await reports.bestSellers(query) });
    },
  );
  app.get(
    '/admin/reports/best-sellers.csv',
    openapi({ ...bestSellersDoc, summary: `${bestSellersDoc.summary}, as CSV`, replies: csv }),
    async (request, reply) =>
      sendCsv(reply, await reports.bestSellersCsv(parseInput(rangeQuery, request.query ?? {}))),
  );

  app.get(
    '/admin/reports/stock-value',
    openapi({ ...stockValueDoc, replies: { 200: data(stockValueSchema) } }),
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ data: await reports.stockValue() }),
  );
  app.get(
    '/admin/reports/stock-value.csv',
    openapi({ ...stockValueDoc, summary: `${stockValueDoc.summary}, as CSV`, replies: csv }),
    async (_request, reply) => sendCsv(reply, await reports.stockValueCsv(ukDayOf(now()))),
  );
}
