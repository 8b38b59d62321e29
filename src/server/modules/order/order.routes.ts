/**
 * Order endpoints: placing the browser's basket as an order and reading an order back.
 * The browser that placed an order may read it through a signed, HttpOnly cookie listing
 * its recent orders (set when one is placed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { data, orderSchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { placeOrderSchema } from '../../../domain/schemas/order.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { orderLinkQuery, publicIdParam, rememberOrder, visibleOrders } from './order-cookie.ts';
import type { OrderLinks } from './order-link.ts';
import type { OrderService } from './order.service.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('bad_request', {
      message: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    });
  }
  return key;
}

const placed = data(z.object({ public_id: z.uuid() }));
const place = openapi({
  summary: 'Places the browser’s basket as an order, paying with the payment result',
  description:
    'An `Idempotency-Key` header (1 to 255 visible characters) makes a retry answer the ' +
    'same order (200) instead of placing another (201).',
  auth: 'optional',
  body: placeOrderSchema,
  replies: { 201: placed, 200: placed },
  errors: [
    'bad_request',
    'missing_payment_parameters',
    'payment_failed',
    'payment_method_error',
    'order_failed',
    'order_total_changed',
    'insufficient_stock',
    'product_unavailable',
    'invalid_delivery_option',
    'rate_limit',
  ],
});
const read = openapi({
  summary: 'An order this browser placed or tracked, or the customer’s own',
  description:
    'The `key` of the confirmation email’s signed link also opens the order, and puts it ' +
    'in this browser’s orders cookie.',
  auth: 'optional',
  query: orderLinkQuery,
  replies: { 200: data(z.object({ order: orderSchema })) },
  errors: ['order_not_found'],
});
export function orderRoutes(
  app: FastifyInstance,
  deps: {
    orders: OrderService;
    orderLinks: OrderLinks;
    secureCookies: boolean;
  },
) {
  const remember = (request: FastifyRequest, response: FastifyReply, publicId: string) =>
    rememberOrder(request, response, publicId, deps.secureCookies);

  app.post('/basket/order', place, async (request, response) => {
    const input = parseInput(placeOrderSchema, objectBody(request.body));
    const user = request.user;
    const placed = await deps.orders.place({
      basketId: basketIdOf(request),
      customer: user
        ? {
            id: user.id,
            email_address: user.email_address,
            prices_exclude_tax: user.prices_exclude_tax,
          }
        : null,
      input,
      idempotencyKey: idempotencyKeyOf(request),
      clientIp: request.ip,
    });
    remember(request, response, placed.publicId);
    return response
      .code(placed.created ? 201 : 200)
      .header('cache-control', 'no-store')
      .send({ data: { public_id: placed.publicId } });
  });

  app.get<{ Params: { public_id: string } }>(
    '/orders/:public_id',
    read,
    async (request, response) => {
      const publicId = publicIdParam(request.params.public_id);
      const order = await deps.orders.get(publicId, {
        customerId: request.user?.id ?? null,
        visibleIds: visibleOrders(request, response, publicId, deps),
        basketId: basketIdOf(request),
      });
      return response.header('cache-control', 'no-store').send({ data: { order } });
    },
  );
}
