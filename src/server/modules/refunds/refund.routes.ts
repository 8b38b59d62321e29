/**
 * Refunds from the back office (ADR 051):
 * - POST /admin/orders/{order_number}/refunds   lines, the delivery charge and/or a
 *   goodwill amount, to the payment or as store credit → 201 `{ data: { order } }`.
 * - POST /admin/orders/{order_number}/refunds/{refund_id}/check   a pending refund checked
 *   with the payment provider (ADR 081) → 200 `{ data: { outcome, message, order } }`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { formatPence, pence } from '../../../domain/money.ts';
import {
  adminOrderSchema,
  pendingRefundCheckSchema,
  type AdminOrderView,
} from '../../../domain/api/admin-orders.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { refundBodySchema } from '../../../domain/schemas/refund.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/schemas/order-tracking.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { PendingResolution, RefundService } from './refund.service.ts';

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

const check = openapi({
  summary:
    'Checks a pending refund with the payment provider: completes it if the refund (or void) was made there, releases it if not',
  permission: 'orders.refund',
  params: {
    order_number: 'The order’s number, e.g. EB-7K3Q9M2X',
    refund_id: 'The pending refund’s id (the order’s `refunds[].id`)',
  },
  replies: { 200: data(pendingRefundCheckSchema) },
  errors: ['order_not_found', 'not_found'],
});

/** What a check came to, as staff read it beside the refund. */
function checkMessage(result: PendingResolution, order: AdminOrderView): string {
  switch (result.outcome) {
    case 'completed':
      return result.gatewayKind === 'void'
        ? `The payment provider voided the payment: the refund is complete as ${result.creditNote}.`
        : `The payment provider made the refund: it is complete as ${result.creditNote}.`;
    case 'released':
      return `The payment provider shows no such refund, so nothing was refunded: the pending refund is released and ${formatPence(pence(order.payment.refundable.amount))} can be refunded again.`;
    case 'unavailable':
      return 'The payment provider did not answer, so the refund stays pending. Please try again later.';
    case 'too_soon':
      return 'The payment provider shows no refund yet, but this refund was asked for only minutes ago and may still be under way. Please check again in a few minutes.';
    case 'already_resolved':
      return 'This refund was already resolved (by someone else or the shop’s regular check).';
  }
}

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
  app.post<{ Params: { order_number: string; refund_id: string } }>(
    '/admin/orders/:order_number/refunds/:refund_id/check',
    check,
    async (request) => {
      const { order_number: orderNumber, refund_id: refundId } = request.params;
      if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new AppError('order_not_found');
      if (!/^\d{1,9}$/.test(refundId)) throw new AppError('not_found');
      const result = await deps.refunds.resolvePending(
        orderNumber,
        Number(refundId),
        actorOf(request),
      );
      const order = await deps.refunds.orderView(orderNumber);
      return {
        data: {
          outcome: result.outcome,
          message: checkMessage(result, order),
          order,
        },
      };
    },
  );
}
