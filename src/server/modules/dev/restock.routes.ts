/**
 * Development only, like the outbox (never registered in production): POST
 * /api/v1/dev/restock { sku, quantity } runs the operator's restock (ADR 025) inside the
 * running server, for browser journeys whose PGlite database no second process may open.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { objectBody, parseInput } from '../../http/parse.ts';
import type { StockAlertService } from '../stock-alerts/stock-alert.service.ts';

const restockBody = z.object({
  sku: z.string({ error: 'Required' }).min(1, 'Required').max(64),
  quantity: z.number({ error: 'Please give a whole number' }).int('Please give a whole number'),
});

export function devRestockRoutes(app: FastifyInstance, deps: { alerts: StockAlertService }) {
  app.post('/api/v1/dev/restock', async (request) => {
    const { sku, quantity } = parseInput(restockBody, objectBody(request.body));
    return { data: { restock: await deps.alerts.restock(sku, quantity) } };
  });
}
