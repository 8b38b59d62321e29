/**
 * The development outbox: emails the shop would have sent, readable in a browser at
 * /dev/outbox (and as JSON at /api/v1/dev/outbox). Never registered in production.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
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
  /** Files sent with it (ADR 071): their names, types, sizes and where to download them. */
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), size: z.int(), url: z.string() }),
  ),
  created_at: z.string(),
});
/** An outbox row as the reader gives it (the reply sends its date as an ISO string). */
type OutboxEmail = Omit<z.infer<typeof email>, 'created_at' | 'attachments'> & {
  created_at: Date;
  attachments: { filename: string; content_type: string; size: number; content: string }[] | null;
};

/** An email's files as listed (their bytes are downloaded one at a time). */
const listed = (row: OutboxEmail) =>
  (row.attachments ?? []).map((file, index) => ({
    filename: file.filename,
    content_type: file.content_type,
    size: file.size,
    url: `/dev/outbox/${row.id}/attachments/${index}`,
  }));

const list = openapi({
  summary: 'Development only: the emails the shop would have sent, newest first',
  query: z.object({ to: z.optional(z.string()) }),
  replies: { 200: data(z.object({ emails: z.array(email) })) },
});
const download = openapi({
  summary: 'Development only: a file sent with an outbox email',
  params: { id: 'The email’s id', index: 'The file’s position among its attachments, from 0' },
  // So far every attachment is a VAT invoice or credit note; each is served as its type.
  replies: { 200: { mediaType: 'application/pdf' } },
  errors: ['not_found'],
});
const page = openapi({
  summary: 'Development only: the outbox as a page',
  operationId: 'getOutboxPage',
  replies: { 200: { mediaType: 'text/html' } },
});

export function outboxRoutes(
  app: FastifyInstance,
  deps: {
    list: (to?: string) => Promise<OutboxEmail[]>;
    get: (id: number) => Promise<OutboxEmail | undefined>;
  },
) {
  app.get<{ Querystring: { to?: string } }>('/api/v1/dev/outbox', list, async (request) => {
    const to = typeof request.query.to === 'string' ? request.query.to : undefined;
    const emails = await deps.list(to);
    return { data: { emails: emails.map((row) => ({ ...row, attachments: listed(row) })) } };
  });

  app.get<{ Params: { id: string; index: string } }>(
    '/dev/outbox/:id/attachments/:index',
    download,
    async (request, reply) => {
      const id = Number(request.params.id);
      const index = Number(request.params.index);
      const row = Number.isSafeInteger(id) ? await deps.get(id) : undefined;
      const file = Number.isSafeInteger(index) ? row?.attachments?.[index] : undefined;
      if (!file) throw new AppError('not_found');
      return reply
        .type(file.content_type)
        .header('content-disposition', `inline; filename="${file.filename.replace(/"/g, '')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.content, 'base64'));
    },
  );

  app.get('/dev/outbox', page, async (_request, reply) => {
    const emails = await deps.list();
    const items = emails
      .map(
        (email) => `<article>
  <h2>${escape(email.subject)}</h2>
  <p><strong>To:</strong> ${escape(email.to_address)} · <time>${escape(new Date(email.created_at).toISOString())}</time></p>
  <pre>${linkify(email.text_body)}</pre>
${listed(email)
  .map(
    (file) =>
      `  <p>📎 <a href="${escape(file.url)}">${escape(file.filename)}</a> (${file.size} bytes)</p>`,
  )
  .join('\n')}
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
