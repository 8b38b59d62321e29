/**
 * The back office's stock (ADR 053): every variation's figures, adjustments and stock
 * takes, and a variation's ledger. Each route names its permission; the service writes
 * the change, its ledger row and its audit record in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  stockListSchema,
  stockMovementsSchema,
  stockRowSchema,
} from '../../../domain/api/admin-stock.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import {
  LOW_STOCK_THRESHOLD,
  MAX_STOCK_CHANGE,
  MAX_STOCK_LEVEL,
  MAX_STOCK_NOTE,
  STAFF_STOCK_REASONS,
} from '../../../domain/stock.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import { STOCK_PAGE_LIMIT, type StockService } from './stock.service.ts';

const WHOLE = 'Please give a whole number';

const limit = z
  .string()
  .regex(/^\d{1,3}$/, `Please give a number from 1 to ${STOCK_PAGE_LIMIT.max}`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= STOCK_PAGE_LIMIT.max, {
    message: `Please give a number from 1 to ${STOCK_PAGE_LIMIT.max}`,
  })
  .optional();
const cursor = z.string().max(200, 'This page link is not valid').optional();

const listQuery = z.object({
  q: z.string().max(100, 'Please search with 100 characters or fewer').optional(),
  low: z.enum(['true', 'false'], { error: 'Please give true or false' }).optional(),
  cursor,
  limit,
});
const movementsQuery = z.object({ cursor, limit });

const note = z
  .string({ error: 'Please write the note as text' })
  .trim()
  .max(MAX_STOCK_NOTE, `Please keep the note to ${MAX_STOCK_NOTE} characters or fewer`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

const changeBody = z.object({
  change: z
    .number({ error: WHOLE })
    .int(WHOLE)
    .min(-MAX_STOCK_CHANGE, `Please give a change from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}`)
    .max(MAX_STOCK_CHANGE, `Please give a change from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}`)
    .refine((n) => n !== 0, 'Please give a change other than 0'),
  reason: z.enum(STAFF_STOCK_REASONS, {
    error: `Please choose a reason: ${STAFF_STOCK_REASONS.join(', ')}`,
  }),
  note,
});

const countBody = z.object({
  counted: z
    .number({ error: WHOLE })
    .int(WHOLE)
    .min(0, 'Please give the level you counted: 0 or more')
    .max(MAX_STOCK_LEVEL, `Please give a level up to ${MAX_STOCK_LEVEL}`),
  expected: z
    .number({ error: WHOLE })
    .int(WHOLE)
    .min(0, 'Please send the level the form showed')
    .max(MAX_STOCK_LEVEL, 'Please send the level the form showed'),
  note,
});

const FIGURES =
  'Orders take stock when they are placed. `on_hand` is the stock no order has taken ' +
  '(products.quantity_on_hand). `held` is what orders still awaiting payment took: not ' +
  'in on_hand, and back in it if the payment fails. `preordered` is what paid orders are ' +
  'owed beyond stock (not yet sent or refunded): not in on_hand either. `available` is ' +
  'what the shop sells now: on_hand, or 0 when discontinued. `low` is true when a ' +
  `variation on sale has ${LOW_STOCK_THRESHOLD} or fewer available. Bundles are not ` +
  'listed: their stock is their parts’.';

const listRoute = openapi({
  summary: 'Every variation’s stock: on hand, held, pre-ordered and available',
  description: FIGURES,
  permission: 'stock.read',
  query: listQuery,
  replies: { 200: data(stockListSchema) },
  errors: ['validation'],
});
const adjustRoute = openapi({
  summary: 'Adjusts a variation’s stock by a relative change, or records a counted level',
  description:
    '`{ change, reason, note }` adds or takes away stock relative to the level when the ' +
    'change is made (never below zero: 409 stock_below_zero). `{ counted, expected, note }` ' +
    'sets the counted level only while the level is still `expected`, the one the form ' +
    'showed (409 stock_changed otherwise). Bundles have no stock of their own (422).',
  permission: 'stock.adjust',
  params: { variation_id: 'The variation’s id' },
  body: z.union([changeBody, countBody]),
  replies: { 201: data(z.object({ variation: stockRowSchema })) },
  errors: ['validation', 'not_found', 'stock_below_zero', 'stock_changed'],
});
const movementsRoute = openapi({
  summary: 'A variation’s stock ledger, newest first: who, why, before and after',
  permission: 'stock.read',
  params: { variation_id: 'The variation’s id' },
  query: movementsQuery,
  replies: { 200: data(stockMovementsSchema) },
  errors: ['validation', 'not_found'],
});

type VariationRequest = FastifyRequest<{ Params: { variation_id: string } }>;

function variationIdOf(request: VariationRequest): number {
  const value = request.params.variation_id;
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

export function stockRoutes(app: FastifyInstance, deps: { stock: StockService }) {
  const { stock } = deps;

  app.get('/admin/stock', listRoute, async (request) => {
    const query = parseInput(listQuery, request.query ?? {});
    const page = await stock.list({
      q: query.q?.trim() || null,
      low: query.low === 'true',
      cursor: query.cursor ?? null,
      limit: query.limit ?? STOCK_PAGE_LIMIT.default,
    });
    return { data: { variations: page.rows, next_cursor: page.nextCursor } };
  });

  app.post(
    '/admin/stock/:variation_id/adjustments',
    adjustRoute,
    async (request: VariationRequest, reply) => {
      const id = variationIdOf(request);
      const body = objectBody(request.body);
      const actor = actorOf(request);
      const variation =
        'counted' in body
          ? await stock.count(actor, id, parseInput(countBody, body))
          : await stock.adjust(actor, id, parseInput(changeBody, body));
      reply.code(201);
      return { data: { variation } };
    },
  );

  app.get(
    '/admin/stock/:variation_id/movements',
    movementsRoute,
    async (request: VariationRequest) => {
      const id = variationIdOf(request);
      const query = parseInput(movementsQuery, request.query ?? {});
      const page = await stock.movements(
        id,
        query.cursor ?? null,
        query.limit ?? STOCK_PAGE_LIMIT.default,
      );
      return {
        data: {
          variation: page.variation,
          movements: page.movements,
          next_cursor: page.nextCursor,
        },
      };
    },
  );
}
