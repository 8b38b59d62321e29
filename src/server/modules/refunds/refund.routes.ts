/**
 * Refunds from the back office (ADR 051):
 * - POST /admin/orders/{order_number}/refunds   lines, the delivery charge and/or a
 *   goodwill amount, to the payment or as store credit → 201 `{ data: { order } }`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { adminOrderSchema } from '../../../domain/api/admin-orders.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { refundBodySchema } from '../../../domain/schemas/refund.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/schemas/order-tracking.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { RefundService } from './refund.service.ts';

const create = openapi({
  summary:
    'Refunds an order’s lines, delivery and/or a goodwill amount, to the payment or as store credit',
  permission: 'orders.refund',
  params: { order_number: 'The order’s number, e.g. EB-7K3Q9M2X' },
  body: refundBodySchema,
  replies: { 201: data(z.object({ order: adminOrderSchema })) },
  errors: [
    'order_not_found',
    'refund_exceeds_payment',
    'refund_not_settled',
    'payment_failed',
    ['internal_error', 503],
  ],
});

export function refundRoutes(app: FastifyInstance, deps: { refunds: RefundService }) {
  app.post<{ Params: { order_number: string } }>(
    '/admin/orders/:order_number/refunds',
    create,
    async (request, reply) => {
      const orderNumber = request.params.order_number;
      if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new AppError('order_not_found');
      const body = parseInput(refundBodySchema, objectBody(request.body));
      const order = await deps.refunds.refund(orderNumber, body, actorOf(request));
      return reply.status(201).send({ data: { order } });
    },
  );
}
