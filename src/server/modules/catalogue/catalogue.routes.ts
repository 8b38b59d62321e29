/**
 * Catalogue endpoints: products, categories and the generated product images.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_SORTS, type FamilyView } from '../../../domain/api/catalogue.ts';
import { AppError } from '../../../domain/errors.ts';
import { encodedJson, sendEncodedJson } from '../../http/encoded-json.ts';
import { parseInput } from '../../http/parse.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { ImageStyle } from '../../db/seed/demo-types.ts';
import { IMAGE_WIDTHS, renderProductImage } from './product-image.ts';

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

const imageQuery = z.object({ w: z.coerce.number().optional() });

/** GET /media/products/{slug}.svg?w=400 — a generated preview image. */
export function mediaRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  app.get<{ Params: { file: string } }>('/media/products/:file', async (request, response) => {
    const match = /^([a-z0-9-]{1,120})\.svg$/.exec(request.params.file);
    if (!match?.[1]) throw new AppError('not_found');
    const slug = match[1];
    const snapshot = await deps.catalogue.snapshot();
    // A variation's own picture (its colour), or the family's.
    const variation = snapshot.variationBySlug(slug);
    const family = variation?.family ?? snapshot.family(slug);
    const row = variation?.row ?? family?.row;
    if (!family || !row) throw new AppError('not_found');
    const requested = parseInput(imageQuery, request.query).w ?? 400;
    const width = IMAGE_WIDTHS.find((w) => w >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const svg = renderProductImage({
      style: row.image_style as ImageStyle,
      colour: row.image_colour,
      width: width ?? 400,
      title: variation ? snapshot.displayName(variation) : family.row.name,
    });
    return response
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(svg);
  });
}
