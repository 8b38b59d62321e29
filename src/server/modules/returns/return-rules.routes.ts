/**
 * The return rules and reasons in the back office (ADR 070), under /api/v1/admin/returns:
 * - GET   /rules                 the window, the promised days, the address, every reason;
 * - PATCH /rules                 any of window_days, send_back_days, refund_days, address;
 * - POST  /reasons               a new reason { label }, offered last (201);
 * - PATCH /reasons/{code}        { label?, active? }: renamed, retired or brought back;
 * - PUT   /reasons/order         { codes }: every reason, in the new order.
 * Every route needs delivery.manage (the shop's rules: owner and manager); each write
 * answers with the rules as they now are.
 */
import type { FastifyInstance } from 'fastify';
import { data } from '../../../domain/api/replies.ts';
import { returnRulesSchema } from '../../../domain/api/returns.ts';
import { AppError } from '../../../domain/errors.ts';
import {
  returnReasonAddSchema,
  returnReasonChangeSchema,
  returnReasonOrderSchema,
  returnRulesChangeSchema,
} from '../../../domain/schemas/returns.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { ReturnRulesService } from './return-rules.service.ts';

const reply = data(returnRulesSchema);
const PERMISSION = 'delivery.manage';
const AUDITED =
  'Audited with the fields before and after; a change to what is already so records nothing.';

/** A reason's code from the URL (the table's own rule); not_found otherwise. */
function reasonCode(value: string): string {
  if (!/^[a-z_]{1,40}$/.test(value)) {
    throw new AppError('not_found', { message: 'No return reason has that code.' });
  }
  return value;
}

const read = openapi({
  summary: 'The return rules and every reason, retired ones too',
  permission: PERMISSION,
  replies: { 200: reply },
});
const change = openapi({
  summary: 'Changes the return window, the days the emails promise, or the returns address',
  description:
    'Days: the window and the days to send back from 14 to 365, the refund from 1 to 14 ' +
    `(the Consumer Contracts Regulations). The address: 2 to 8 lines. ${AUDITED}`,
  permission: PERMISSION,
  body: returnRulesChangeSchema,
  replies: { 200: reply },
  errors: ['validation'],
});
const addReason = openapi({
  summary: 'Adds a return reason, offered last',
  description: `Its code is made from the wording. The same wording twice is a 422 on label. ${AUDITED}`,
  permission: PERMISSION,
  body: returnReasonAddSchema,
  replies: { 201: reply },
  errors: ['validation'],
});
const changeReason = openapi({
  summary: 'Renames a return reason, retires it (active false) or brings it back',
  description:
    'Reasons are never deleted: returns keep the wording their customer chose. Retiring ' +
    `the last reason offered is a 422 on active. ${AUDITED}`,
  permission: PERMISSION,
  params: { code: 'The reason’s code, e.g. damaged' },
  body: returnReasonChangeSchema,
  replies: { 200: reply },
  errors: ['validation', 'not_found'],
});
const reorder = openapi({
  summary: 'Puts the return reasons in a new order',
  description: `Every reason's code once (retired ones too), first to last. ${AUDITED}`,
  permission: PERMISSION,
  body: returnReasonOrderSchema,
  replies: { 200: reply },
  errors: ['validation'],
});

export function returnRulesRoutes(app: FastifyInstance, deps: { rules: ReturnRulesService }) {
  const { rules } = deps;

  app.get('/admin/returns/rules', read, async () => ({ data: await rules.view() }));

  app.patch('/admin/returns/rules', change, async (request) => {
    const input = parseInput(returnRulesChangeSchema, objectBody(request.body));
    return { data: await rules.change(actorOf(request), input) };
  });

  app.post('/admin/returns/reasons', addReason, async (request, response) => {
    const input = parseInput(returnReasonAddSchema, objectBody(request.body));
    const view = await rules.addReason(actorOf(request), input);
    return response.status(201).send({ data: view });
  });

  app.put('/admin/returns/reasons/order', reorder, async (request) => {
    const input = parseInput(returnReasonOrderSchema, objectBody(request.body));
    return { data: await rules.reorder(actorOf(request), input) };
  });

  app.patch<{ Params: { code: string } }>(
    '/admin/returns/reasons/:code',
    changeReason,
    async (request) => {
      const code = reasonCode(request.params.code);
      const input = parseInput(returnReasonChangeSchema, objectBody(request.body));
      return { data: await rules.changeReason(actorOf(request), code, input) };
    },
  );
}
