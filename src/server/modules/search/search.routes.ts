/**
 * Finding products: the paged, filtered and ranked list (home, category and search
 * pages) and the search box's suggestions. The engine is behind the search port.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTIONS,
  PRODUCT_SORTS,
  SUGGEST_MIN_CHARS,
  type ProductListQuery,
  type SuggestionView,
} from '../../../domain/api/catalogue.ts';
import { data, productListSchema, suggestionSchema } from '../../../domain/api/replies.ts';
import { openapi } from '../../http/openapi.ts';
import { parseInput } from '../../http/parse.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { ProductSearch } from './search.port.ts';

const slugList = z
  .string()
  .max(500)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,64}$/, 'Please choose a listed value')).max(20));

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const listQuery = z
  .object({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, `Please use at most ${MAX_QUERY_LENGTH} characters`)
      .optional(),
    category: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'Please choose a listed category')
      .optional(),
    sort: z
      .enum(PRODUCT_SORTS, { error: `Please choose one of ${PRODUCT_SORTS.join(', ')}` })
      .optional(),
    page: z.coerce
      .number()
      .int('Please give a whole page number')
      .min(1, 'Pages start at 1')
      .max(10_000, 'Please ask for page 10000 or lower')
      .default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1, 'Please ask for at least 1 per page')
      .max(MAX_PER_PAGE, `Please ask for at most ${MAX_PER_PAGE} per page`)
      .default(DEFAULT_PER_PAGE),
    price_min: z.coerce
      .number()
      .int('Please give a whole number of pence')
      .min(0, 'Prices start at 0')
      .max(100_000_000)
      .optional(),
    price_max: z.coerce
      .number()
      .int('Please give a whole number of pence')
      .min(0, 'Prices start at 0')
      .max(100_000_000)
      .optional(),
    colour: slugList.optional(),
    size: slugList.optional(),
    in_stock: flag.optional(),
    preorder: flag.optional(),
  })
  .strict();

function toListQuery(parsed: z.output<typeof listQuery>): ProductListQuery {
  return {
    ...parsed,
    q: parsed.q?.trim() || undefined,
    colour: parsed.colour ?? [],
    size: parsed.size ?? [],
    in_stock: parsed.in_stock ?? false,
    preorder: parsed.preorder ?? false,
  };
}

const suggestQuery = z
  .object({
    q: z.string().max(MAX_QUERY_LENGTH, `Please use at most ${MAX_QUERY_LENGTH} characters`),
  })
  .strict();

export function searchRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; search: ProductSearch },
) {
  const list = openapi({
    summary: 'One page of product families: searched, filtered, sorted, with facets',
    query: listQuery,
    replies: { 200: data(productListSchema) },
    errors: ['validation'],
  });
  app.get('/products', list, async (request) => {
    const query = toListQuery(parseInput(listQuery, request.query));
    const result = await deps.search.search(query);
    const products = await deps.catalogue.familyViews(result.familyIds);
    return {
      data: {
        products,
        total: result.total,
        page: query.page,
        per_page: query.per_page,
        facets: result.facets,
        did_you_mean: result.didYouMean,
      },
    };
  });

  const suggestions = openapi({
    summary: 'Products and categories for what has been typed into the search box',
    query: suggestQuery,
    replies: { 200: data(z.object({ suggestions: z.array(suggestionSchema) })) },
    errors: ['validation'],
  });
  app.get('/search/suggestions', suggestions, async (request) => {
    const { q } = parseInput(suggestQuery, request.query);
    const text = q.trim();
    if (text.length < SUGGEST_MIN_CHARS) return { data: { suggestions: [] } };
    const hits = await deps.search.suggest(text, MAX_SUGGESTIONS);
    const views = new Map(
      (
        await deps.catalogue.familyViews(
          hits.flatMap((h) => (h.kind === 'product' ? [h.familyId] : [])),
        )
      ).map((f) => [f.id, f]),
    );
    const out: SuggestionView[] = hits.flatMap((hit): SuggestionView[] => {
      if (hit.kind === 'category') {
        return [
          {
            kind: 'category',
            name: hit.name,
            slug: hit.slug,
            url: `/categories/${hit.slug}`,
            image: null,
          },
        ];
      }
      const family = views.get(hit.familyId);
      return family
        ? [
            {
              kind: 'product',
              name: family.name,
              slug: family.slug,
              url: family.url,
              image: family.preview_image,
            },
          ]
        : [];
    });
    return { data: { suggestions: out } };
  });
}
