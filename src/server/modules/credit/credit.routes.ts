/**
 * Store credit's routes (ADR 052): the customer's own balance and history, and the back
 * office's view of a customer's credit and goodwill grants (each with its permission,
 * ADR 047).
 */
import type { FastifyInstance } from 'fastify';
import { data } from '../../../domain/api/replies.ts';
import {
  adminStoreCreditSchema,
  creditBalanceSchema,
  storeCreditSchema,
} from '../../../domain/api/store-credit.ts';
import { AppError } from '../../../domain/errors.ts';
import { creditGrantSchema } from '../../../domain/schemas/store-credit.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { CreditService } from './credit.service.ts';

/** A customer id from the path; anything but a positive whole number is not found. */
function customerIdFromPath(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

const customerParam = { id: 'The customer’s id' };

export function creditRoutes(app: FastifyInstance, deps: { credit: CreditService }) {
  const { credit } = deps;

  const own = openapi({
    summary: 'The customer’s store credit and its history',
    auth: 'customer',
    replies: { 200: data(storeCreditSchema) },
  });
  app.get('/user/credit', own, async (request) => ({
    data: await credit.account(requireUser(request).id),
  }));

  const read = openapi({
    summary: 'A customer’s store credit and its history',
    permission: 'customers.read',
    params: customerParam,
    replies: { 200: data(adminStoreCreditSchema) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>('/admin/customers/:id/credit', read, async (request) => ({
    data: await credit.ofCustomer(customerIdFromPath(request.params.id)),
  }));

  const grant = openapi({
    summary: 'Grants a customer store credit as goodwill',
    permission: 'credit.grant',
    params: customerParam,
    body: creditGrantSchema,
    replies: { 201: data(creditBalanceSchema) },
    errors: ['not_found'],
  });
  app.post<{ Params: { id: string } }>(
    '/admin/customers/:id/credit',
    grant,
    async (request, reply) => {
      const customerId = customerIdFromPath(request.params.id);
      const input = parseInput(creditGrantSchema, objectBody(request.body));
      const result = await credit.grant(actorOf(request), customerId, input);
      return reply.code(201).send({ data: result });
    },
  );
}
