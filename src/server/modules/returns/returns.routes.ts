/**
 * Returns (issue 23, ADR 070):
 * - GET  /orders/{public_id}/returns   the order's returns, what may be returned, the reasons;
 * - POST /orders/{public_id}/returns   starts a return (whoever may read the order, as for
 *                                      cancelling: owner, orders cookie, basket, link key);
 * - GET  /admin/returns                newest first, by status or order; keyset-paged;
 * - GET  /admin/returns/{return_number}
 * - POST /admin/returns/{return_number}/receive | /refuse | /refund.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { data } from '../../../domain/api/replies.ts';
import {
  adminReturnSchema,
  orderReturnsSchema,
  returnSchema,
} from '../../../domain/api/returns.ts';
import { AppError } from '../../../domain/errors.ts';
import {
  refundReturnSchema,
  refuseReturnSchema,
  returnListQuerySchema,
  startReturnSchema,
} from '../../../domain/schemas/returns.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import type { OrderViewer } from '../order/order-history.ts';
import { orderLinkQuery, publicIdParam, visibleOrders } from '../order/order-cookie.ts';
import type { OrderLinks } from '../order/order-link.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { ReturnsService } from './returns.service.ts';

const RETURN_NUMBER = /^R-\d{6,10}$/;
/** A return number from a URL; return_not_found when it cannot be one. */
function returnNumberParam(value: string): string {
  const upper = value.toUpperCase();
  if (!RETURN_NUMBER.test(upper)) throw new AppError('return_not_found');
  return upper;
}

const params = { return_number: 'The return’s number, e.g. R-000123' };
const adminReply = data(z.object({ return: adminReturnSchema }));

const orderReturns = openapi({
  summary: 'An order’s returns, the lines that may be returned today, and the reasons',
  auth: 'optional',
  query: orderLinkQuery,
  replies: { 200: data(orderReturnsSchema) },
  errors: ['order_not_found'],
});
const start = openapi({
  summary: 'Starts a return of dispatched lines within the return window',
  description:
    'Whoever may read the order (its customer, or the browser holding it, as for ' +
    'cancelling). Lines not dispatched, past the window or already being returned: 409 ' +
    '`return_not_allowed`. The return number and instructions are emailed.',
  auth: 'optional',
  query: orderLinkQuery,
  body: startReturnSchema,
  replies: { 201: data(z.object({ return: returnSchema })) },
  errors: ['order_not_found', 'return_not_allowed'],
});
const list = openapi({
  summary: 'Returns, newest first, by status or order',
  description: 'Keyset-paged: pass `next_cursor` as `cursor`.',
  permission: 'returns.manage',
  query: returnListQuerySchema,
  replies: {
    200: data(
      z.object({ returns: z.array(adminReturnSchema), next_cursor: z.nullable(z.string()) }),
    ),
  },
  errors: ['validation'],
});
const detail = openapi({
  summary: 'A return',
  permission: 'returns.manage',
  params,
  replies: { 200: adminReply },
  errors: ['return_not_found'],
});
const receive = openapi({
  summary: 'Marks a return received',
  permission: 'returns.manage',
  params,
  replies: { 200: adminReply },
  errors: ['return_not_found', 'return_not_allowed'],
});
const refuse = openapi({
  summary: 'Refuses a return with a reason (emailed to the customer)',
  permission: 'returns.manage',
  params,
  body: refuseReturnSchema,
  replies: { 200: adminReply },
  errors: ['return_not_found', 'return_not_allowed'],
});
const refund = openapi({
  summary: 'Refunds a received return’s lines, putting them back in stock unless told not to',
  description:
    'A refund of POST /api/v1/admin/orders/{order_number}/refunds (its role limits and ' +
    'errors), linked to the return.',
  permission: 'orders.refund',
  params,
  body: refundReturnSchema,
  replies: { 200: adminReply },
  errors: [
    'return_not_found',
    'return_not_allowed',
    'refund_exceeds_payment',
    'refund_not_settled',
    'payment_failed',
    ['internal_error', 503],
  ],
});

export function returnsRoutes(
  app: FastifyInstance,
  deps: { returns: ReturnsService; orderLinks: OrderLinks; secureCookies: boolean },
) {
  const { returns } = deps;
  const viewerOf = (
    request: FastifyRequest,
    response: FastifyReply,
    publicId: string,
  ): OrderViewer => ({
    customerId: request.user?.id ?? null,
    visibleIds: visibleOrders(request, response, publicId, deps),
    basketId: basketIdOf(request),
  });

  app.get<{ Params: { public_id: string } }>(
    '/orders/:public_id/returns',
    orderReturns,
    async (request, response) => {
      const publicId = publicIdParam(request.params.public_id);
      const found = await returns.forOrder(publicId, viewerOf(request, response, publicId));
      return response.header('cache-control', 'no-store').send({ data: found });
    },
  );

  app.post<{ Params: { public_id: string } }>(
    '/orders/:public_id/returns',
    start,
    async (request, response) => {
      const publicId = publicIdParam(request.params.public_id);
      const input = parseInput(startReturnSchema, objectBody(request.body));
      const started = await returns.start(publicId, viewerOf(request, response, publicId), input);
      return response
        .status(201)
        .header('cache-control', 'no-store')
        .send({ data: { return: started } });
    },
  );

  app.get('/admin/returns', list, async (request) => ({
    data: await returns.list(parseInput(returnListQuerySchema, request.query ?? {})),
  }));

  app.get<{ Params: { return_number: string } }>(
    '/admin/returns/:return_number',
    detail,
    async (request) => ({
      data: { return: await returns.get(returnNumberParam(request.params.return_number)) },
    }),
  );

  app.post<{ Params: { return_number: string } }>(
    '/admin/returns/:return_number/receive',
    receive,
    async (request) => ({
      data: {
        return: await returns.receive(
          returnNumberParam(request.params.return_number),
          actorOf(request),
        ),
      },
    }),
  );

  app.post<{ Params: { return_number: string } }>(
    '/admin/returns/:return_number/refuse',
    refuse,
    async (request) => {
      const number = returnNumberParam(request.params.return_number);
      const input = parseInput(refuseReturnSchema, objectBody(request.body));
      return { data: { return: await returns.refuse(number, input, actorOf(request)) } };
    },
  );

  app.post<{ Params: { return_number: string } }>(
    '/admin/returns/:return_number/refund',
    refund,
    async (request) => {
      const number = returnNumberParam(request.params.return_number);
      const input = parseInput(refundReturnSchema, objectBody(request.body));
      return { data: { return: await returns.refund(number, input, actorOf(request)) } };
    },
  );
}
