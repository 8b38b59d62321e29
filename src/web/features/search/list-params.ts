/**
 * The list pages' addresses and what they ask of GET /api/v1/products: the home page
 * (`/`), a category (`/categories/:slug`) and search results (`/search?q=`). The state
 * lives in the query string so back and forward work and a link can be shared:
 * `sort`, `page`, `colour` and `size` (comma-separated value slugs), `min_price` and
 * `max_price` (whole pounds), `in_stock` and `preorder` (`1`). The server renderer reads
 * pages with the same function, so both ask for the same data.
 */
import {
  DEFAULT_PER_PAGE,
  PRODUCT_SORTS,
  type ProductListQuery,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import type { ProductListFilter } from '../../api/catalogue.ts';

import { SEARCH_PATH } from './search-path.ts';

export { SEARCH_PATH };
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
    // Best match needs a search text; without one the server's default order stands.
    sort:
      isSort(sort) && (sort !== 'relevance' || (page.kind === 'search' && page.q))
        ? sort
        : undefined,
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

/** The path of a list page, without its query string. */
export function listPath(page: ListPage): string {
  if (page.kind === 'category') return categoryPath(page.slug);
  return page.kind === 'search' ? SEARCH_PATH : '/';
}

/** A list page's address with the given query string ('' for none). */
export function listHref(page: ListPage, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${listPath(page)}?${search}` : listPath(page);
}

/** The query-string names a list page reads (list-params.ts' header says what each holds). */
export type ListParam =
  | 'q'
  | 'category'
  | 'sort'
  | 'page'
  | 'colour'
  | 'size'
  | 'min_price'
  | 'max_price'
  | 'in_stock'
  | 'preorder';

/** A change to a list page's address: each name's new value, or null to remove it. */
export type ListChange = Partial<Record<ListParam, string | null>>;

const FILTER_PARAMS: ListParam[] = [
  'category',
  'colour',
  'size',
  'min_price',
  'max_price',
  'in_stock',
  'preorder',
];

/** Whether the address has any filter set (the search text and order are not filters). */
export function hasFilters(page: ListPage, params: URLSearchParams): boolean {
  return FILTER_PARAMS.some(
    (name) => params.has(name) && (name !== 'category' || page.kind === 'search'),
  );
}

/** The change that clears every filter (on a category page its category stays). */
export function clearFilters(page: ListPage): ListChange {
  const names = FILTER_PARAMS.filter((name) => name !== 'category' || page.kind === 'search');
  return Object.fromEntries(names.map((name) => [name, null]));
}

/**
 * The query string after `changes` (null or '' removes a name). Any change but the
 * page's own goes back to page 1: page 3 of one filter is not page 3 of another.
 */
export function changeListParams(params: URLSearchParams, changes: ListChange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (!('page' in changes) || next.get('page') === '1') next.delete('page');
  return next;
}

/** The order a list page shows when its address names none: Best match for a search text. */
export function defaultSort(page: ListPage): ProductSort {
  return page.kind === 'search' && page.q ? 'relevance' : 'position';
}

/** The orders a list page offers, in the order of its Sort menu. */
export function sortChoices(page: ListPage): ProductSort[] {
  const choices: ProductSort[] = ['position', 'price_asc', 'price_desc', 'newest', 'best_selling'];
  return page.kind === 'search' && page.q ? ['relevance', ...choices] : choices;
}

/** The order a list page is in: its address's, when it offers that one, else its default. */
export function sortOf(page: ListPage, params: URLSearchParams): ProductSort {
  const sort = params.get('sort');
  if (!isSort(sort)) return defaultSort(page);
  if (sort === 'relevance' && defaultSort(page) !== 'relevance') return defaultSort(page);
  return sort;
}

/**
 * Where an old home-page category address (`/?category=trees&sort=…`) now lives:
 * the category's page, keeping the rest of the query; null when it is not one.
 */
export function legacyCategoryHref(pathname: string, params: URLSearchParams): string | null {
  if (listPageOf(pathname, params)?.kind !== 'home') return null;
  const category = params.get('category');
  if (!category || !SLUG.test(category)) return null;
  const next = new URLSearchParams(params);
  next.delete('category');
  return listHref({ kind: 'category', slug: category }, next);
}

/** The list's id and name in analytics; the name is also the product clicks' list. */
export interface AnalyticsList {
  id: string;
  name: string;
}

/** How analytics names a list page; `categoryName` once the category is known. */
export function analyticsList(page: ListPage, categoryName?: string): AnalyticsList {
  if (page.kind === 'category') {
    return { id: `category_${page.slug}`, name: `Category: ${categoryName ?? page.slug}` };
  }
  if (page.kind === 'search') return { id: 'search_results', name: 'Search Results' };
  return { id: 'home', name: 'Home page' };
}

/**
 * The whole query GET /api/v1/products is asked for a list page (listFilterOf with the
 * defaults filled in): what the server's head tags and picture preload ask the search
 * port directly, so they read the very page the browser shows.
 */
export function listQueryOf(page: ListPage, params: URLSearchParams): ProductListQuery {
  const filter = listFilterOf(page, params);
  return {
    page: 1,
    per_page: DEFAULT_PER_PAGE,
    colour: [],
    size: [],
    in_stock: false,
    preorder: false,
    ...filter,
    q: filter.q?.trim() || undefined,
  };
}

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;

/**
 * The product page's slug in a path (`/products/:slug`), decoded; null for any other
 * path or one that does not decode. The server's renderer, head tags and picture
 * preload read product pages by it.
 */
export function productSlugOf(pathname: string): string | null {
  const encoded = PRODUCT_PATH.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}
