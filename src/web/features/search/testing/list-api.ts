/**
 * A GET /api/v1/products for component tests that answers like the server: the
 * search text (a substring of the name), category, colour, size, price and stock
 * filters, the orders, pages, and facets counted over the matches.
 */
import type { FacetValue, FamilyView, ProductListView } from '../../../../domain/api/catalogue.ts';
import { pence } from '../../../../domain/money.ts';
import { mockApi } from '../../../testing/render.tsx';
import { ALL_PRODUCTS, CATEGORIES, reply } from '../../shop/testing/fixtures.ts';

function values(family: FamilyView, option: string): { slug: string; name: string }[] {
  const group = family.option_groups.find((g) => g.option.slug === option);
  return group ? group.values.map((v) => ({ slug: v.slug, name: v.name })) : [];
}

function count(families: FamilyView[], of: (f: FamilyView) => { slug: string; name: string }[]) {
  const counts = new Map<string, FacetValue>();
  for (const family of families) {
    for (const value of new Map(of(family).map((v) => [v.slug, v])).values()) {
      const entry = counts.get(value.slug) ?? { ...value, count: 0 };
      entry.count++;
      counts.set(value.slug, entry);
    }
  }
  return [...counts.values()];
}

/** The reply for `url`'s query over `products`. */
export function listReply(
  url: URL,
  products: FamilyView[] = ALL_PRODUCTS,
  didYouMean: string | null = null,
): ProductListView {
  const p = url.searchParams;
  const q = p.get('q')?.toLowerCase() ?? '';
  const list = (name: string) => (p.get(name) ?? '').split(',').filter(Boolean);
  const colour = list('colour');
  const size = list('size');
  const min = p.get('price_min');
  const max = p.get('price_max');
  const matches = products.filter(
    (f) =>
      (!q || f.name.toLowerCase().includes(q)) &&
      (!p.get('category') || f.primary_category.slug === p.get('category')) &&
      (!colour.length || values(f, 'colour').some((v) => colour.includes(v.slug))) &&
      (!size.length || values(f, 'size').some((v) => size.includes(v.slug))) &&
      (min === null || f.prices.price.amount >= Number(min)) &&
      (max === null || f.prices.price.amount <= Number(max)) &&
      (p.get('in_stock') !== 'true' || f.quantity_available > 0) &&
      (p.get('preorder') !== 'true' || f.preorder),
  );
  const sort = p.get('sort');
  if (sort === 'price_asc') matches.sort((a, b) => a.prices.price.amount - b.prices.price.amount);
  if (sort === 'price_desc') matches.sort((a, b) => b.prices.price.amount - a.prices.price.amount);
  if (sort === 'name') matches.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  const page = Number(p.get('page') ?? 1);
  const perPage = Number(p.get('per_page') ?? 24);
  const prices = matches.map((f) => f.prices.price.amount);
  return {
    products: matches.slice((page - 1) * perPage, page * perPage),
    total: matches.length,
    page,
    per_page: perPage,
    facets: {
      categories: count(matches, (f) => [f.primary_category]),
      colour: count(matches, (f) => values(f, 'colour')),
      size: count(matches, (f) => values(f, 'size')),
      price: {
        min: pence(prices.length ? Math.min(...prices) : 0),
        max: pence(prices.length ? Math.max(...prices) : 0),
      },
      in_stock: matches.filter((f) => f.quantity_available > 0).length,
      preorder: matches.filter((f) => f.preorder).length,
    },
    did_you_mean: matches.length ? null : didYouMean,
  };
}

export interface ListApiOptions {
  products?: FamilyView[];
  /** Fail GET /products while this returns true. */
  fail?: () => boolean;
  didYouMean?: string;
  /** Page size when the request names none (small, to test paging with few fixtures). */
  perPage?: number;
}

/** Mocks the catalogue API; `searches` holds each GET /products query string. */
export function listApi(options: ListApiOptions = {}) {
  const searches: string[] = [];
  const api = mockApi({
    'GET /api/v1/categories': () => reply({ categories: CATEGORIES }),
    'GET /api/v1/products': (_body, url) => {
      searches.push(url.search);
      if (options.fail?.()) {
        return { status: 500, body: { error_type: 'internal_error', message: 'Boom' } };
      }
      if (options.perPage && !url.searchParams.has('per_page')) {
        url.searchParams.set('per_page', String(options.perPage));
      }
      return reply(listReply(url, options.products, options.didYouMean ?? null));
    },
  });
  return { ...api, searches };
}
