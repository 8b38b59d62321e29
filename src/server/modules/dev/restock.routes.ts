/**
 * Development only, like the outbox (never registered in production): POST
 * /api/v1/dev/restock { sku, quantity } runs the operator's restock (ADR 025, ADR 053:
 * the stock service, as the command line) inside the running server, for browser journeys whose PGlite database no second process may open.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data } from '../../../domain/api/replies.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { COMMAND_LINE } from '../staff/staff-actor.ts';
import type { StockService } from '../stock/stock.service.ts';

const restockBody = z.object({
  sku: z.string({ error: 'Required' }).min(1, 'Required').max(64),
  quantity: z.number({ error: 'Please give a whole number' }).int('Please give a whole number'),
});

const count = z.int();
const restock = openapi({
  summary: 'Development only: restocks a variation and sends the alerts now due',
  body: restockBody,
  replies: {
    200: data(
      z.object({
        restock: z.object({
          sku: z.string(),
          name: z.string(),
          before: count,
          after: count,
          alerts: z.object({ sent: count, failed: count }),
        }),
      }),
    ),
  },
  errors: ['not_found'],
});

export function devRestockRoutes(app: FastifyInstance, deps: { stock: StockService }) {
  app.post('/api/v1/dev/restock', restock, async (request) => {
    const { sku, quantity } = parseInput(restockBody, objectBody(request.body));
    return { data: { restock: await deps.stock.restock(COMMAND_LINE, sku, quantity) } };
  });
}
