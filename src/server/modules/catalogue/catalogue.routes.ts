/**
 * Catalogue endpoints: one product and the categories (lists: search/search.routes.ts). Product pictures are files (http/media.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categorySchema, data, familySchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import type { CatalogueService } from './catalogue.service.ts';

export function catalogueRoutes(
  app: FastifyInstance,
  deps: {
    catalogue: CatalogueService;
    /** The current slug of a family that had this slug before (ADR 062), or null. */
    movedTo?: (slug: string) => Promise<string | null>;
  },
) {
  const product = openapi({
    summary: 'One product family, by id or slug',
    description:
      'A slug the family had before it was renamed answers 301 with `location` naming ' +
      'this route at its current slug.',
    replies: { 200: data(z.object({ product: familySchema })) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>('/products/:id', product, async (request, reply) => {
    const { id } = request.params;
    const product = await deps.catalogue.familyBySlug(id);
    if (product) return { data: { product } };
    const moved = /^[a-z0-9-]{1,200}$/.test(id) ? await deps.movedTo?.(id) : null;
    if (moved) {
      const query = request.url.indexOf('?');
      const search = query === -1 ? '' : request.url.slice(query);
      return reply.redirect(`/api/v1/products/${encodeURIComponent(moved)}${search}`, 301);
    }
    throw new AppError('not_found');
  });

  const categories = openapi({
    summary: 'The categories, with how many families each has',
    replies: { 200: data(z.object({ categories: z.array(categorySchema) })) },
  });
  app.get('/categories', categories, async () => ({
    data: { categories: await deps.catalogue.categoryViews() },
  }));
}
