/**
 * GET /robots.txt, GET /sitemap.xml and GET /sitemaps/:file (ADR 059), each cacheable
 * for an hour. A shop that does not allow indexing also marks every reply
 * `X-Robots-Tag: noindex, nofollow`, so a page linked from elsewhere is not indexed either.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import type { SeoService } from './seo.service.ts';

/** Crawlers may cache these for an hour: a new product is listed within one. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

export function seoRoutes(app: FastifyInstance, deps: { seo: SeoService }): void {
  const { seo } = deps;
  if (!seo.allowIndexing) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
  }
  const xml = (reply: FastifyReply, body: AsyncIterable<string> | string) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .type(XML)
      .send(typeof body === 'string' ? body : Readable.from(body));

  app.get(
    '/robots.txt',
    openapi({
      summary: 'What search engines may crawl, and where the sitemap is',
      replies: { 200: { mediaType: 'text/plain' } },
    }),
    async (_request, reply) =>
      reply
        .header('cache-control', CACHE_CONTROL)
        .type('text/plain; charset=utf-8')
        .send(seo.robotsTxt()),
  );
  app.get(
    '/sitemap.xml',
    openapi({
      summary: 'The shop’s pages for search engines (a sitemap index past 50,000)',
      replies: { 200: { mediaType: 'application/xml' } },
      errors: ['not_found'],
    }),
    async (_request, reply) => {
      const sitemap = await seo.sitemap();
      if (!sitemap) throw new AppError('not_found');
      return xml(reply, sitemap.body);
    },
  );
  app.get(
    '/sitemaps/:file',
    openapi({
      summary: 'One file of the sitemap index: pages.xml or products-N.xml',
      params: { file: 'pages.xml, or products-N.xml (50,000 products each, from 1)' },
      replies: { 200: { mediaType: 'application/xml' } },
      errors: ['not_found'],
    }),
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const body = await seo.sitemapFile(file);
      if (!body) throw new AppError('not_found');
      return xml(reply, body);
    },
  );
}
