/**
 * Customers' routes (ADR 066): the back office's list, a customer's page, buds granted,
 * disabling and re-enabling an account, and UK GDPR's export and erasure — each with its
 * permission (ADR 047) — and the customer's own export and erasure from their account.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  budsBalanceSchema,
  customerDetailSchema,
  customerExportSchema,
  customerListSchema,
  customerStateSchema,
} from '../../../domain/api/admin-customers.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import {
  budsGrantSchema,
  customerListQuerySchema,
  customerReasonSchema,
  selfEraseSchema,
} from '../../../domain/schemas/admin-customers.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { CustomersService } from './customers.service.ts';

/** A customer id from the path; anything but a positive whole number is not found. */
function customerIdFromPath(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

const params = { id: 'The customer’s id' };

const EXPORT_DESCRIPTION =
  'Everything the shop holds about the customer (UK GDPR): the account (no password), ' +
  'consents, saved addresses, orders — on the account and placed as a guest with its ' +
  'email address — with their lines, payments’ non-secret facts, shipments, refunds ' +
  'and events, their returns, the buds and credit ledgers, wishlists, back-in-stock sign-ups, baskets ' +
  'and the audit records about them and their orders. Sent as a download.';

const ERASE_DESCRIPTION =
  'Replaces the customer’s personal data: orders (and guest orders with the same email) ' +
  'kept for the accounts without email, name, address or safe place, and their returns ' +
  'kept (staff refusal reasons lose any mention of the email address); saved addresses, ' +
  'back-in-stock sign-ups and wishlists deleted; baskets emptied of addresses; sessions ' +
  'ended; the account disabled for good. Refused with 409 customer_has_open_orders ' +
  'while an order is still to be paid for or sent (`errors.orders`) or a return is not ' +
  'yet refunded or refused (`errors.returns`). Erasing an erased customer changes ' +
  'nothing. The audit record keeps counts and the reason, never the erased data.';

/** Sends the export as a JSON download. */
function download(reply: FastifyReply, id: number, body: unknown) {
  return reply
    .header('content-disposition', `attachment; filename="everbloom-customer-${id}.json"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function customerRoutes(app: FastifyInstance, deps: { customers: CustomersService }) {
  const { customers } = deps;

  const list = openapi({
    summary: 'Finds customers by email, name or postcode, newest first',
    description:
      '`q` (3 characters or more) matches the account’s email and name, its saved ' +
      'addresses’ postcodes and its orders’ email, delivery name and postcode (postcodes ' +
      'with or without their space). Keyset-paged: pass `next_cursor` as `cursor`.',
    permission: 'customers.read',
    query: customerListQuerySchema,
    replies: { 200: data(customerListSchema) },
    errors: ['validation'],
  });
  app.get('/admin/customers', list, async (request) => ({
    data: await customers.list(parseInput(customerListQuerySchema, request.query ?? {})),
  }));

  const detail = openapi({
    summary: 'A customer: details, addresses, orders, buds and stock alerts',
    description: 'Store credit is at GET /api/v1/admin/customers/{id}/credit.',
    permission: 'customers.read',
    params,
    replies: { 200: data(customerDetailSchema) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>('/admin/customers/:id', detail, async (request) => ({
    data: await customers.detail(customerIdFromPath(request.params.id)),
  }));

  const buds = openapi({
    summary: 'Grants a customer buds (or takes some back) with a reason',
    description:
      '`buds` is a whole number, positive to grant, negative to put a mistake right ' +
      '(never below none). The ledger row names the staff member; the customer reads ' +
      '“Goodwill buds”, the reason is kept for staff and the audit trail.',
    permission: 'customers.manage',
    params,
    body: budsGrantSchema,
    replies: { 201: data(budsBalanceSchema) },
    errors: ['validation', 'not_found'],
  });
  app.post<{ Params: { id: string } }>(
    '/admin/customers/:id/buds',
    buds,
    async (request, reply) => {
      const id = customerIdFromPath(request.params.id);
      const input = parseInput(budsGrantSchema, objectBody(request.body));
      return reply.code(201).send({ data: await customers.grantBuds(actorOf(request), id, input) });
    },
  );

  const disable = openapi({
    summary: 'Disables a customer’s account: its sessions end at once, it cannot sign in',
    permission: 'customers.manage',
    params,
    body: customerReasonSchema,
    replies: { 200: data(customerStateSchema) },
    errors: ['validation', 'not_found'],
  });
  app.post<{ Params: { id: string } }>('/admin/customers/:id/disable', disable, async (request) => {
    const id = customerIdFromPath(request.params.id);
    const { reason } = parseInput(customerReasonSchema, objectBody(request.body));
    return { data: await customers.setDisabled(actorOf(request), id, true, reason) };
  });

  const enable = openapi({
    summary: 'Re-enables a disabled customer’s account (not an erased one)',
    permission: 'customers.manage',
    params,
    body: customerReasonSchema,
    replies: { 200: data(customerStateSchema) },
    errors: ['validation', 'not_found'],
  });
  app.post<{ Params: { id: string } }>('/admin/customers/:id/enable', enable, async (request) => {
    const id = customerIdFromPath(request.params.id);
    const { reason } = parseInput(customerReasonSchema, objectBody(request.body));
    return { data: await customers.setDisabled(actorOf(request), id, false, reason) };
  });

  const exportRoute = openapi({
    summary: 'Exports everything the shop holds about a customer (UK GDPR)',
    description: `${EXPORT_DESCRIPTION} The export is recorded in the audit trail.`,
    permission: 'customers.erase',
    params,
    replies: { 200: data(customerExportSchema) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>(
    '/admin/customers/:id/export',
    exportRoute,
    async (request, reply) => {
      const id = customerIdFromPath(request.params.id);
      return download(reply, id, { data: await customers.exportForStaff(actorOf(request), id) });
    },
  );

  const erase = openapi({
    summary: 'Erases a customer’s personal data (UK GDPR), with a reason',
    description: ERASE_DESCRIPTION,
    permission: 'customers.erase',
    params,
    body: customerReasonSchema,
    replies: { 200: data(customerStateSchema) },
    errors: ['validation', 'not_found', 'customer_has_open_orders'],
  });
  app.post<{ Params: { id: string } }>('/admin/customers/:id/erase', erase, async (request) => {
    const id = customerIdFromPath(request.params.id);
    const { reason } = parseInput(customerReasonSchema, objectBody(request.body));
    return { data: await customers.eraseByStaff(actorOf(request), id, reason) };
  });

  const ownExport = openapi({
    summary: 'Everything the shop holds about the signed-in customer (UK GDPR)',
    description: EXPORT_DESCRIPTION,
    auth: 'customer',
    replies: { 200: data(customerExportSchema) },
  });
  app.get('/user/export', ownExport, async (request, reply) => {
    const user = requireUser(request);
    return download(reply, user.id, { data: await customers.exportForCustomer(user.id) });
  });

  const ownErase = openapi({
    summary: 'Erases the signed-in customer’s personal data, confirmed with their password',
    description: `${ERASE_DESCRIPTION} A wrong password is a 422 naming \`password\`.`,
    auth: 'customer',
    body: selfEraseSchema,
    replies: { 200: data(customerStateSchema) },
    errors: ['validation', 'customer_has_open_orders'],
  });
  app.post('/user/erase', ownErase, async (request) => {
    const user = requireUser(request);
    const { password } = parseInput(selfEraseSchema, objectBody(request.body));
    return { data: await customers.eraseSelf(user.id, password, request.ip) };
  });
}
