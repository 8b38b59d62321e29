/**
 * Staff accounts, for owners (`staff.manage`, ADR 048):
 * - GET   /admin/staff                       every account and its status;
 * - POST  /admin/staff                       a new account → its one-time set-up link;
 * - PATCH /admin/staff/{id}                  a new role, or disabled / enabled;
 * - POST  /admin/staff/{id}/setup_link       a new set-up link (resets password and app).
 */
import type { FastifyInstance } from 'fastify';
import {
  staffAccountReply,
  staffLinkReply,
  staffListReply,
} from '../../../domain/api/admin-staff.ts';
import { data } from '../../../domain/api/replies.ts';
import { staffChangeSchema, staffCreateSchema } from '../../../domain/schemas/staff.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from './staff-actor.ts';
import { staffIdOf, type StaffAccountsService } from './staff-accounts.service.ts';

const idParam = { id: 'The staff account’s id' };

const list = openapi({
  summary: 'Every staff account, with whether it is active, invited or disabled',
  permission: 'staff.manage',
  replies: { 200: data(staffListReply) },
});
const create = openapi({
  summary: 'Adds a staff account: its one-time set-up link (shown once)',
  permission: 'staff.manage',
  body: staffCreateSchema,
  replies: { 201: data(staffLinkReply) },
  errors: ['staff_exists'],
});
const change = openapi({
  summary: 'Changes a staff account’s role, or disables or enables it',
  permission: 'staff.manage',
  params: idParam,
  body: staffChangeSchema,
  replies: { 200: data(staffAccountReply) },
  errors: ['not_found', 'last_owner'],
});
const setupLink = openapi({
  summary: 'A new set-up link: resets the account’s password and authenticator, ends its sessions',
  permission: 'staff.manage',
  params: idParam,
  replies: { 200: data(staffLinkReply) },
  errors: ['not_found'],
});

export function staffAccountsRoutes(
  app: FastifyInstance,
  deps: { staffAccounts: StaffAccountsService },
) {
  const { staffAccounts } = deps;
  type ById = { Params: { id: string } };

  app.get('/admin/staff', list, async () => ({ data: await staffAccounts.list() }));
  app.post('/admin/staff', create, async (request, reply) => {
    const input = parseInput(staffCreateSchema, objectBody(request.body));
    reply.code(201);
    return { data: await staffAccounts.create(actorOf(request), input) };
  });
  app.patch<ById>('/admin/staff/:id', change, async (request) => {
    const id = staffIdOf(request.params.id);
    const input = parseInput(staffChangeSchema, objectBody(request.body));
    return { data: await staffAccounts.change(actorOf(request), id, input) };
  });
  app.post<ById>('/admin/staff/:id/setup_link', setupLink, async (request) => ({
    data: await staffAccounts.newSetupLink(actorOf(request), staffIdOf(request.params.id)),
  }));
}
