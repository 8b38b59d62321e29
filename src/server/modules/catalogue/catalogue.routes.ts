/**
 * Catalogue endpoints: products and categories. Product pictures are files (http/media.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_SORTS, type FamilyView } from '../../../domain/api/catalogue.ts';
import { categorySchema, data, familySchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { encodedJson, sendEncodedJson } from '../../http/encoded-json.ts';
import { openapi } from '../../http/openapi.ts';
import { parseInput } from '../../http/parse.ts';
import type { CatalogueService } from './catalogue.service.ts';

const listQuery = z.object({
  category: z.string().max(64).optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: `Please choose one of ${PRODUCT_SORTS.join(', ')}` })
    .optional(),
});

// The home page's list is the same for everyone until the catalogue changes: serialise
// and compress each list once.
const productListBody = encodedJson((products: FamilyView[]) =>
  JSON.stringify({ data: { products } }),
);

export function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  const list = openapi({
    summary: 'The product families on sale, optionally one category’s',
    query: listQuery,
    replies: { 200: data(z.object({ products: z.array(familySchema) })) },
    errors: ['validation'],
  });
  app.get('/products', { ...list, compress: false }, async (request, reply) => {
    const query = parseInput(listQuery, request.query);
    const snapshot = await deps.catalogue.snapshot();
    return sendEncodedJson(request, reply, productListBody, snapshot.list(query));
  });

  const product = openapi({
    summary: 'One product family, by id or slug',
    replies: { 200: data(z.object({ product: familySchema })) },
    errors: ['not_found'],
  });
  app.get<{ Params: { id: string } }>('/products/:id', product, async (request) => {
    const snapshot = await deps.catalogue.snapshot();
    const family = snapshot.family(request.params.id);
    if (!family) throw new AppError('not_found');
    return { data: { product: snapshot.familyView(family) } };
  });

  const categories = openapi({
    summary: 'The categories, with how many families each has',
    replies: { 200: data(z.object({ categories: z.array(categorySchema) })) },
  });
  app.get('/categories', categories, async () => {
    const snapshot = await deps.catalogue.snapshot();
    const categories = snapshot.categories.map((category) => ({
      ...category,
      product_count: snapshot.families.filter((f) => f.category.id === category.id).length,
    }));
    return { data: { categories } };
  });
}
