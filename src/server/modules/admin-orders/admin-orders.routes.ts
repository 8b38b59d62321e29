/**
 * The back office's orders (ADR 054), each behind its permission (ADR 047):
 * - GET  /admin/orders                               find orders (orders.read);
 * - GET  /admin/orders/{order_number}                one order (orders.read);
 * - POST /admin/orders/{order_number}/notes          a staff note (orders.note);
 * - POST /admin/orders/{order_number}/emails         resend the confirmation (emails.resend);
 * - POST /admin/orders/{order_number}/cancel         cancel a pre-order (orders.cancel_preorder).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { adminOrderSchema, adminOrderSummarySchema } from '../../../domain/api/admin-orders.ts';
import { data } from '../../../domain/api/replies.ts';
import {
  cancelPreorderSchema,
  orderListQuerySchema,
  orderNoteSchema,
  resendEmailSchema,
} from '../../../domain/schemas/admin-orders.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import { orderNumberParam, type AdminOrdersService } from './admin-orders.service.ts';

const orderReply = data(z.object({ order: adminOrderSchema }));
const params = { order_number: 'The order number, e.g. EB-7K3Q9M2X' };

const list = openapi({
  summary: 'Orders, newest first: searched, by status or a dashboard list; keyset-paged',
  permission: 'orders.read',
  query: orderListQuerySchema,
  replies: {
    200: data(
      z.object({ orders: z.array(adminOrderSummarySchema), next_cursor: z.nullable(z.string()) }),
    ),
  },
});
const view = openapi({
  summary: 'An order with its lines, shipments, refunds, payment and timeline',
  permission: 'orders.read',
  params,
  replies: { 200: orderReply },
  errors: ['not_found'],
});
const note = openapi({
  summary: 'Adds a staff note to the order’s timeline',
  permission: 'orders.note',
  params,
  body: orderNoteSchema,
  replies: { 201: orderReply },
  errors: ['not_found'],
});
const resend = openapi({
  summary: 'Sends the order’s confirmation email again',
  permission: 'emails.resend',
  params,
  body: resendEmailSchema,
  replies: { 201: orderReply },
  errors: ['not_found', 'order_not_paid'],
});
const cancel = openapi({
  summary: 'Cancels a pre-order: its payment given back, its stock returned',
  permission: 'orders.cancel_preorder',
  params,
  body: cancelPreorderSchema,
  replies: { 200: orderReply },
  errors: ['not_found', 'order_not_preorder', ['internal_error', 502], ['internal_error', 503]],
});

type OrderParams = { Params: { order_number: string } };

export function adminOrderRoutes(app: FastifyInstance, deps: { orders: AdminOrdersService }) {
  const { orders } = deps;

  app.get('/admin/orders', list, async (request, response) => {
    const query = parseInput(orderListQuerySchema, request.query ?? {});
    response.header('cache-control', 'no-store');
    return { data: await orders.list(query) };
  });

  app.get<OrderParams>('/admin/orders/:order_number', view, async (request, response) => {
    const order = await orders.view(orderNumberParam(request.params.order_number));
    response.header('cache-control', 'no-store');
    return { data: { order } };
  });

  app.post<OrderParams>('/admin/orders/:order_number/notes', note, async (request, response) => {
    const number = orderNumberParam(request.params.order_number);
    const input = parseInput(orderNoteSchema, objectBody(request.body));
    const order = await orders.addNote(number, input.note, actorOf(request));
    return response.code(201).send({ data: { order } });
  });

  app.post<OrderParams>('/admin/orders/:order_number/emails', resend, async (request, response) => {
    const number = orderNumberParam(request.params.order_number);
    const input = parseInput(resendEmailSchema, objectBody(request.body));
    const order = await orders.resendEmail(number, input, actorOf(request));
    return response.code(201).send({ data: { order } });
  });

  app.post<OrderParams>('/admin/orders/:order_number/cancel', cancel, async (request) => {
    const number = orderNumberParam(request.params.order_number);
    const input = parseInput(cancelPreorderSchema, objectBody(request.body));
    return { data: { order: await orders.cancelPreorder(number, input.reason, actorOf(request)) } };
  });
}
