/**
 * Catalogue endpoints: one product and the categories (lists: search/search.routes.ts). Product pictures are files (http/media.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categorySchema, data, familySchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import type { CatalogueService } from './catalogue.service.ts';

export function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  const product = openapi({
    summary: 'One product family, by id or slug',
    replies: { 200: data(z.object({ product: familySchema })) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>('/products/:id', product, async (request) => {
    const product = await deps.catalogue.familyBySlug(request.params.id);
    if (!product) throw new AppError('not_found');
    return { data: { product } };
  });

  const categories = openapi({
    summary: 'The categories, with how many families each has',
    replies: { 200: data(z.object({ categories: z.array(categorySchema) })) },
  });
  app.get('/categories', categories, async () => ({
    data: { categories: await deps.catalogue.categoryViews() },
  }));
}
