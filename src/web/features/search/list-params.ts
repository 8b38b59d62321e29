/**
 * The list pages' addresses and what they ask of GET /api/v1/products: the home page
 * (`/`), a category (`/categories/:slug`) and search results (`/search?q=`). The state
 * lives in the query string so back and forward work and a link can be shared:
 * `sort`, `page`, `colour` and `size` (comma-separated value slugs), `min_price` and
 * `max_price` (whole pounds), `in_stock` and `preorder` (`1`). The server renderer reads
 * pages with the same function, so both ask for the same data.
 */
import {
  PRODUCT_SORTS,
  type ProductListQuery,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import type { ProductListFilter } from '../../api/catalogue.ts';

export const SEARCH_PATH = '/search';
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;
const CATEGORY_PATH = /^\/categories\/([^/]+)\/?$/;

export type ListPage =
  { kind: 'home' } | { kind: 'category'; slug: string } | { kind: 'search'; q: string };

/** Which list page a path is, or null for any other page. */
export function listPageOf(pathname: string, params: URLSearchParams): ListPage | null {
  if (pathname === '/' || pathname === '') return { kind: 'home' };
  if (pathname === SEARCH_PATH || pathname === `${SEARCH_PATH}/`) {
    return { kind: 'search', q: (params.get('q') ?? '').trim() };
  }
  const category = CATEGORY_PATH.exec(pathname);
  if (category?.[1]) {
    try {
      return { kind: 'category', slug: decodeURIComponent(category[1]) };
    } catch {
      return null;
    }
  }
  return null;
}

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

const SLUG = /^[a-z0-9-]{1,64}$/;
function slugs(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .filter((s) => SLUG.test(s))
    .slice(0, 20);
}

function pounds(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value) * 100;
}

/**
 * What a list page asks the API for. Values the shop does not offer (an unknown sort,
 * page 0, a malformed price) are dropped rather than refused: a hand-edited address
 * still shows a page.
 */
export function listFilterOf(page: ListPage, params: URLSearchParams): ProductListFilter {
  const sort = params.get('sort');
  const pageNumber = Number(params.get('page'));
  const filter: Partial<ProductListQuery> = {
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? Math.min(pageNumber, 10_000) : 1,
    price_min: pounds(params.get('min_price')),
    price_max: pounds(params.get('max_price')),
    colour: slugs(params.get('colour')),
    size: slugs(params.get('size')),
    in_stock: params.get('in_stock') === '1',
    preorder: params.get('preorder') === '1',
  };
  if (page.kind === 'category') filter.category = page.slug;
  if (page.kind === 'search') {
    filter.q = page.q.slice(0, 200);
    const category = params.get('category');
    if (category && SLUG.test(category)) filter.category = category;
  }
  return filter;
}
