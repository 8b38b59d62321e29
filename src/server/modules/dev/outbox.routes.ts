/**
 * The development outbox: emails the shop would have sent, readable in a browser at
 * /dev/outbox (and as JSON at /api/v1/dev/outbox). Never registered in production.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { data } from '../../../domain/api/replies.ts';
import { openapi } from '../../http/openapi.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text with its http(s) links made clickable. */
const linkify = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const email = z.object({
  id: z.int(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.nullable(z.string()),
  created_at: z.string(),
});
/** An outbox row as the reader gives it (the reply sends its date as an ISO string). */
type OutboxEmail = Omit<z.infer<typeof email>, 'created_at'> & { created_at: Date };

const list = openapi({
  summary: 'Development only: the emails the shop would have sent, newest first',
  query: z.object({ to: z.optional(z.string()) }),
  replies: { 200: data(z.object({ emails: z.array(email) })) },
});
const page = openapi({
  summary: 'Development only: the outbox as a page',
  operationId: 'getOutboxPage',
  replies: { 200: { mediaType: 'text/html' } },
});

export function outboxRoutes(
  app: FastifyInstance,
  deps: { list: (to?: string) => Promise<OutboxEmail[]> },
) {
  app.get<{ Querystring: { to?: string } }>('/api/v1/dev/outbox', list, async (request) => ({
    data: {
      emails: await deps.list(typeof request.query.to === 'string' ? request.query.to : undefined),
    },
  }));

  app.get('/dev/outbox', page, async (_request, reply) => {
    const emails = await deps.list();
    const items = emails
      .map(
        (email) => `<article>
  <h2>${escape(email.subject)}</h2>
  <p><strong>To:</strong> ${escape(email.to_address)} · <time>${escape(new Date(email.created_at).toISOString())}</time></p>
  <pre>${linkify(email.text_body)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox | Everbloom (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2a22}article{border:1px solid #cfd3c8;border-radius:8px;padding:1rem;margin-bottom:1rem}pre{white-space:pre-wrap}a{color:#2f5d3a}</style>
</head><body><main><h1>Outbox (development only)</h1>
<p>Emails the shop would have sent, newest first.</p>
${items || '<p>No emails yet.</p>'}
</main></body></html>`);
  });
}
