/**
 * Order history, tracking and pre-order cancellation (ADR 023):
 * - GET  /user/orders                      the signed-in customer's orders, newest first;
 * - POST /orders/track                     an order by number and email (rate limited);
 *                                          on success the order joins this browser's
 *                                          signed orders cookie, so this browser may then
 *                                          read it (GET /orders/{id}) and cancel it;
 * - POST /user/orders/{public_id}/cancel   the signed-in owner;
 * - POST /orders/{public_id}/cancel        whoever may read the order (cookie, basket, owner).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trackOrderSchema } from '../../../domain/schemas/order-tracking.ts';
import { requireUser } from '../../http/authenticate.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { basketIdOf } from '../basket/basket.routes.ts';
import type { OrderHistory, OrderViewer } from './order-history.ts';
import { publicIdParam, recentOrders, rememberOrder } from './order.routes.ts';

export function orderHistoryRoutes(
  app: FastifyInstance,
  deps: { history: OrderHistory; secureCookies: boolean },
) {
  const { history } = deps;
  const viewerOf = (request: FastifyRequest): OrderViewer => ({
    customerId: request.user?.id ?? null,
    visibleIds: recentOrders(request),
    basketId: basketIdOf(request),
  });

  app.get('/user/orders', async (request, response) => {
    const user = requireUser(request);
    const orders = await history.listForCustomer(user.id);
    return response.header('cache-control', 'no-store').send({ data: { orders } });
  });

  app.post('/orders/track', async (request, response) => {
    const input = parseInput(trackOrderSchema, objectBody(request.body));
    const order = await history.track(input, { remoteIp: request.ip });
    rememberOrder(request, response, order.public_id, deps.secureCookies);
    return response.header('cache-control', 'no-store').send({ data: { order } });
  });

  app.post<{ Params: { public_id: string } }>(
    '/user/orders/:public_id/cancel',
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
    async (request, response) => {
      const order = await history.cancel(
        publicIdParam(request.params.public_id),
        viewerOf(request),
        {
          ownerOnly: false,
        },
      );
      return response.header('cache-control', 'no-store').send({ data: { order } });
    },
  );
}
