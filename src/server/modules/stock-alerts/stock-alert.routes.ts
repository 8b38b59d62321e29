/**
 * Back-in-stock sign-up: POST /products/{id}/stock_notifications with email_address.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { data, stockNotificationSchema as reply } from '../../../domain/api/replies.ts';
import type { StockNotificationView } from '../../../domain/api/stock-alert.ts';
import { stockNotificationSchema } from '../../../domain/schemas/stock-alert.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import type { StockAlertService } from './stock-alert.service.ts';

const signUp = openapi({
  summary: 'Emails the address once the product is back in stock',
  body: stockNotificationSchema,
  replies: { 201: data(z.object({ stock_notification: reply })) },
  errors: ['not_found', 'product_unavailable', 'product_stock_notification_exists', 'rate_limit'],
});

export function stockAlertRoutes(app: FastifyInstance, deps: { alerts: StockAlertService }) {
  app.post<{ Params: { id: string } }>(
    '/products/:id/stock_notifications',
    signUp,
    async (request, reply) => {
      const input = parseInput(stockNotificationSchema, objectBody(request.body));
      const stock_notification: StockNotificationView = await deps.alerts.signUp(
        { productId: request.params.id, emailAddress: input.email_address },
        { remoteIp: request.ip },
      );
      return reply.code(201).send({ data: { stock_notification } });
    },
  );
}
