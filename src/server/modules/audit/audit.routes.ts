/**
 * The audit trail for staff (ADR 049), permission `audit.read`:
 * - GET /admin/audit       entries newest first, filtered, keyset paged;
 * - GET /admin/audit.csv   a range of UK days as CSV, streamed; the export is recorded.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditPageSchema } from '../../../domain/api/admin-audit.ts';
import { data } from '../../../domain/api/replies.ts';
import { daysBetween, isDay } from '../../../domain/uk-days.ts';
import { openapi } from '../../http/openapi.ts';
import { parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { AuditService } from './audit.service.ts';

/** The longest range one export covers (a year, leap or not). */
const EXPORT_MAX_DAYS = 366;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

const DAY_MESSAGE = 'Please enter a date as yyyy-mm-dd';
const ORDER_MESSAGE = 'Please choose an end date on or after the start date';
const LIMIT_MESSAGE = `Please choose a page size from 1 to ${MAX_LIMIT}`;

/** An optional filter: '' (an empty form field) counts as not given. */
const text = (max: number, name: string) =>
  z
    .string({ error: `Please enter ${name} as text` })
    .trim()
    .max(max, `Please enter ${name} of ${max} characters or fewer`)
    .optional();
const day = z
  .string({ error: DAY_MESSAGE })
  .refine((value) => value === '' || isDay(value), DAY_MESSAGE)
  .optional();

const listQuery = z
  .object({
    staff: text(254, 'an email address'),
    action: text(100, 'an action'),
    entity_type: text(64, 'a record type'),
    entity_id: text(200, 'a record id'),
    from: day,
    to: day,
    cursor: z
      .string({ error: 'That page could not be found, please start again' })
      .regex(/^(|[1-9]\d{0,14})$/, 'That page could not be found, please start again')
      .optional(),
    limit: z
      .string({ error: LIMIT_MESSAGE })
      .regex(/^(|\d{1,3})$/, LIMIT_MESSAGE)
      .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= MAX_LIMIT), {
        message: LIMIT_MESSAGE,
      })
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && isDay(query.from) && isDay(query.to)) {
      if (daysBetween(query.from, query.to) < 0)
        ctx.addIssue({ code: 'custom', path: ['to'], message: ORDER_MESSAGE });
    }
  });

const exportQuery = z
  .object({
    from: z.string({ error: 'Please enter the first day to export' }).refine(isDay, DAY_MESSAGE),
    to: z.string({ error: 'Please enter the last day to export' }).refine(isDay, DAY_MESSAGE),
  })
  .superRefine((query, ctx) => {
    if (!isDay(query.from) || !isDay(query.to)) return;
    const days = daysBetween(query.from, query.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: ORDER_MESSAGE });
    else if (days + 1 > EXPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Please export ${EXPORT_MAX_DAYS} days or fewer at a time`,
      });
  });

const list = openapi({
  summary: 'The audit trail, newest first: who changed what, when and why',
  permission: 'audit.read',
  query: listQuery,
  replies: { 200: data(auditPageSchema) },
  errors: ['validation'],
});
const exportCsv = openapi({
  summary: 'The audit trail of a range of UK days as CSV (the export is itself recorded)',
  permission: 'audit.read',
  query: exportQuery,
  replies: { 200: { mediaType: 'text/csv' } },
  errors: ['validation'],
});

const blank = (value: string | undefined) => (value ? value : undefined);

export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const { audit } = deps;

  app.get('/admin/audit', list, async (request, reply) => {
    const query = parseInput(listQuery, request.query ?? {});
    const page = await audit.list({
      ...(blank(query.staff) ? { staff: query.staff!.toLowerCase() } : {}),
      ...(blank(query.action) ? { action: query.action! } : {}),
      ...(blank(query.entity_type) ? { entityType: query.entity_type! } : {}),
      ...(blank(query.entity_id) ? { entityId: query.entity_id! } : {}),
      ...(blank(query.from) ? { from: query.from! } : {}),
      ...(blank(query.to) ? { to: query.to! } : {}),
      ...(blank(query.cursor) ? { cursor: Number(query.cursor) } : {}),
      limit: blank(query.limit) ? Number(query.limit) : DEFAULT_LIMIT,
    });
    return reply.header('cache-control', 'no-store').send({ data: page });
  });

  app.get('/admin/audit.csv', exportCsv, async (request, reply) => {
    const range = parseInput(exportQuery, request.query ?? {});
    const { filename, lines } = await audit.exportCsv(actorOf(request), range);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
