/**
 * The back office's email previews (ADR 072) under /api/v1/admin/emails: the list, one
 * email rendered with sample data (HTML and text), and "Send me a test". Every route
 * needs emails.preview.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  emailPreviewSchema,
  emailSummarySchema,
  emailTestSentSchema,
  TEST_EMAILS_PER_HOUR,
} from '../../../domain/api/admin-emails.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { EmailPreviewsService } from './email-previews.service.ts';

const listRoute = openapi({
  summary: 'Every email the shop sends: id, name and when it is sent',
  permission: 'emails.preview',
  replies: { 200: data(z.object({ emails: z.array(emailSummarySchema) })) },
});
const previewRoute = openapi({
  summary: 'One email rendered with sample data: subject, HTML and plain text',
  description:
    'The HTML is a whole document: show it in a sandboxed frame (`<iframe sandbox srcdoc>`), ' +
    'never inside a page. Sample names carry markup on purpose, to show it escaped.',
  permission: 'emails.preview',
  params: { email_id: 'The email’s id, e.g. order-confirmation' },
  replies: { 200: data(z.object({ email: emailPreviewSchema })) },
  errors: ['not_found'],
});
const testRoute = openapi({
  summary: 'Sends the email with sample data to the signed-in staff member',
  description:
    `The subject starts “[Test]”. At most ${TEST_EMAILS_PER_HOUR} an hour per staff member; ` +
    'each is recorded in the audit trail (`email.test`). No body.',
  permission: 'emails.preview',
  params: { email_id: 'The email’s id, e.g. order-confirmation' },
  replies: { 201: data(emailTestSentSchema) },
  errors: ['not_found', 'rate_limit', 'service_unavailable'],
});

const ID = /^[a-z][a-z0-9-]{0,62}$/;

function emailId(value: string): string {
  if (!ID.test(value)) throw new AppError('not_found');
  return value;
}

type WithId = FastifyRequest<{ Params: { email_id: string } }>;

export function emailPreviewsRoutes(
  app: FastifyInstance,
  deps: { previews: EmailPreviewsService },
) {
  const { previews } = deps;

  app.get('/admin/emails', listRoute, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: { emails: previews.list() } };
  });

  app.get('/admin/emails/:email_id', previewRoute, async (request: WithId, reply) => {
    const email = await previews.preview(emailId(request.params.email_id));
    reply.header('cache-control', 'no-store');
    return { data: { email } };
  });

  app.post('/admin/emails/:email_id/test', testRoute, async (request: WithId, reply) => {
    const sent = await previews.sendTest(actorOf(request), emailId(request.params.email_id));
    reply.code(201);
    return { data: sent };
  });
}
