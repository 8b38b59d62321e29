/**
 * Dispatch in the back office (ADR 050):
 * - POST  /admin/orders/{order_number}/shipments       sends lines in a parcel (201);
 * - PATCH /admin/orders/{order_number}/shipments/{id}  corrects its carrier or tracking.
 * Both need `orders.dispatch` and answer the order as the back office shows it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { adminOrderSchema } from '../../../domain/api/admin-orders.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/schemas/order-tracking.ts';
import { correctShipmentSchema, createShipmentSchema } from '../../../domain/schemas/shipment.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { DispatchService } from './dispatch.service.ts';

const orderReply = data(z.object({ order: adminOrderSchema }));
const ORDER_NUMBER_PARAM = 'The order number, e.g. EB-7K3Q9M2X';

const create = openapi({
  summary: 'Dispatches lines of an order in one parcel',
  description:
    'Partial dispatch is allowed; a line is never sent beyond what was ordered less what ' +
    'was sent or refunded (409 `shipment_exceeds_order`, nothing changed). The customer ' +
    'is emailed once the dispatch is recorded.',
  permission: 'orders.dispatch',
  params: { order_number: ORDER_NUMBER_PARAM },
  body: createShipmentSchema,
  replies: { 201: orderReply },
  errors: ['order_not_found', 'order_not_dispatchable', 'shipment_exceeds_order'],
});
const correct = openapi({
  summary: 'Corrects a parcel’s carrier or tracking number (the old ones are kept)',
  permission: 'orders.dispatch',
  params: { order_number: ORDER_NUMBER_PARAM, id: 'The shipment' },
  body: correctShipmentSchema,
  replies: { 200: orderReply },
  errors: ['order_not_found', 'not_found'],
});

function orderNumberParam(value: string): string {
  const number = value.toUpperCase();
  if (!ORDER_NUMBER_PATTERN.test(number)) throw new AppError('order_not_found');
  return number;
}

function shipmentIdParam(value: string): number {
  if (!/^\d{1,9}$/.test(value)) {
    throw new AppError('not_found', { message: 'This order has no such shipment.' });
  }
  return Number(value);
}

export function dispatchRoutes(app: FastifyInstance, deps: { dispatch: DispatchService }) {
  app.post<{ Params: { order_number: string } }>(
    '/admin/orders/:order_number/shipments',
    create,
    async (request, response) => {
      const input = parseInput(createShipmentSchema, objectBody(request.body));
      const order = await deps.dispatch.dispatch(
        orderNumberParam(request.params.order_number),
        input,
        actorOf(request),
      );
      return response.code(201).header('cache-control', 'no-store').send({ data: { order } });
    },
  );

  app.patch<{ Params: { order_number: string; id: string } }>(
    '/admin/orders/:order_number/shipments/:id',
    correct,
    async (request, response) => {
      const input = parseInput(correctShipmentSchema, objectBody(request.body));
      const order = await deps.dispatch.correct(
        orderNumberParam(request.params.order_number),
        shipmentIdParam(request.params.id),
        input,
        actorOf(request),
      );
      return response.header('cache-control', 'no-store').send({ data: { order } });
    },
  );
}
