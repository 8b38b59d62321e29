/**
 * Order history, tracking and pre-order cancellation (ADR 023):
 * - GET  /user/orders                      the signed-in customer's orders, newest first;
 * - POST /orders/track                     an order by number and email (rate limited);
 *                                          on success the order joins this browser's
 *                                          signed orders cookie, so this browser may then
 *                                          read it (GET /orders/{id}) and cancel it;
 * - POST /user/orders/{public_id}/cancel   the signed-in owner;
 * - POST /orders/{public_id}/cancel        whoever may read the order (cookie, basket, owner,
 *                                          or the email's signed link's key, ADR 044).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { data, orderSchema } from '../../../domain/api/replies.ts';
import { trackOrderSchema } from '../../../domain/schemas/order-tracking.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi, type RouteError } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import type { OrderHistory, OrderViewer } from './order-history.ts';
import type { OrderLinks } from './order-link.ts';
import {
  orderLinkQuery,
  publicIdParam,
  recentOrders,
  rememberOrder,
  visibleOrders,
} from './order-cookie.ts';

const orderReply = data(z.object({ order: orderSchema }));
const list = openapi({
  summary: 'The customer’s orders, newest first',
  auth: 'customer',
  replies: { 200: data(z.object({ orders: z.array(orderSchema) })) },
});
const track = openapi({
  summary: 'An order by its number and email address; this browser may then read it',
  body: trackOrderSchema,
  replies: { 200: orderReply },
  errors: ['order_tracking_verification_failed', 'rate_limit'],
});
/** The gateway did not release or refund the payment (502), or not in time (503). */
const cancelErrors: RouteError[] = [
  'order_not_found',
  'order_not_preorder',
  ['internal_error', 502],
  ['internal_error', 503],
];
const cancelOwn = openapi({
  summary: 'Cancels the customer’s pre-order',
  auth: 'customer',
  replies: { 200: orderReply },
  errors: cancelErrors,
});
const cancel = openapi({
  summary: 'Cancels a pre-order this browser may read',
  auth: 'optional',
  query: orderLinkQuery,
  replies: { 200: orderReply },
  errors: cancelErrors,
});

export function orderHistoryRoutes(
  app: FastifyInstance,
  deps: { history: OrderHistory; orderLinks: OrderLinks; secureCookies: boolean },
) {
  const { history } = deps;
  const viewerOf = (request: FastifyRequest): OrderViewer => ({
    customerId: request.user?.id ?? null,
    visibleIds: recentOrders(request),
    basketId: basketIdOf(request),
  });
  /** As viewerOf, for one order: its signed link's key, when sent, also opens it. */
  const viewerOfOrder = (
    request: FastifyRequest,
    response: FastifyReply,
    publicId: string,
  ): OrderViewer => ({
    ...viewerOf(request),
    visibleIds: visibleOrders(request, response, publicId, deps),
  });

  app.get('/user/orders', list, async (request, response) => {
    const user = requireUser(request);
    const orders = await history.listForCustomer(user.id);
    return response.header('cache-control', 'no-store').send({ data: { orders } });
  });

  app.post('/orders/track', track, async (request, response) => {
    const input = parseInput(trackOrderSchema, objectBody(request.body));
    const order = await history.track(input, { remoteIp: request.ip });
    rememberOrder(request, response, order.public_id, deps.secureCookies);
    return response.header('cache-control', 'no-store').send({ data: { order } });
  });

  app.post<{ Params: { public_id: string } }>(
    '/user/orders/:public_id/cancel',
    cancelOwn,
    async (request, response) => {
      requireUser(request);
      const order = await history.cancel(
        publicIdParam(request.params.public_id),
        viewerOf(request),
        {
          ownerOnly: true,
        },
      );
      return response.header('cache-control', 'no-store').send({ data: { order } });
    },
  );

  app.post<{ Params: { public_id: string } }>(
    '/orders/:public_id/cancel',
    cancel,
    async (request, response) => {
      const publicId = publicIdParam(request.params.public_id);
      const order = await history.cancel(publicId, viewerOfOrder(request, response, publicId), {
        ownerOnly: false,
      });
      return response.header('cache-control', 'no-store').send({ data: { order } });
    },
  );
}
