/**
 * Catalogue endpoints: products and categories. Product pictures are files (http/media.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_SORTS, type FamilyView } from '../../../domain/api/catalogue.ts';
import { AppError } from '../../../domain/errors.ts';
import { encodedJson, sendEncodedJson } from '../../http/encoded-json.ts';
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
  app.get('/products', { compress: false }, async (request, reply) => {
    const query = parseInput(listQuery, request.query);
    const snapshot = await deps.catalogue.snapshot();
    return sendEncodedJson(request, reply, productListBody, snapshot.list(query));
  });

  app.get<{ Params: { id: string } }>('/products/:id', async (request) => {
    const snapshot = await deps.catalogue.snapshot();
    const family = snapshot.family(request.params.id);
    if (!family) throw new AppError('not_found');
    return { data: { product: snapshot.familyView(family) } };
  });

  app.get('/categories', async () => {
    const snapshot = await deps.catalogue.snapshot();
    const categories = snapshot.categories.map((category) => ({
      ...category,
      product_count: snapshot.families.filter((f) => f.category.id === category.id).length,
    }));
    return { data: { categories } };
  });
}
