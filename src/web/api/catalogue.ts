/**
 * Catalogue queries: product lists (searched, filtered, paged), one product, categories.
 * (The search box's suggestions are api/search-suggestions.ts: only the search box's own
 * chunk loads them.)
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PER_PAGE,
  type CategoryView,
  type FamilyView,
  type ProductListQuery,
  type ProductListView,
} from '../../domain/api/catalogue.ts';
import { api } from '../lib/api-client.ts';

/** What a list page asks for: any part of GET /api/v1/products' query. */
export type ProductListFilter = Partial<ProductListQuery>;

/**
 * The query string of GET /api/v1/products for a filter (defaults left out, lists
 * joined with commas), in one fixed order so equal filters make equal keys.
 */
export function productListSearch(filter: ProductListFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.category) params.set('category', filter.category);
  if (filter.sort) params.set('sort', filter.sort);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  if (filter.per_page && filter.per_page !== DEFAULT_PER_PAGE) {
    params.set('per_page', String(filter.per_page));
  }
  if (filter.price_min !== undefined) params.set('price_min', String(filter.price_min));
  if (filter.price_max !== undefined) params.set('price_max', String(filter.price_max));
  if (filter.colour?.length) params.set('colour', [...filter.colour].sort().join(','));
  if (filter.size?.length) params.set('size', [...filter.size].sort().join(','));
  if (filter.in_stock) params.set('in_stock', 'true');
  if (filter.preorder) params.set('preorder', 'true');
  return params.toString();
}

export function productsQuery(filter: ProductListFilter = {}) {
  const search = productListSearch(filter);
  return queryOptions({
    queryKey: ['products', search],
    queryFn: () => api<ProductListView>('GET', `/products${search ? `?${search}` : ''}`),
  });
}

export function productQuery(slug: string) {
  return queryOptions({
    queryKey: ['product', slug],
    queryFn: async () =>
      (await api<{ product: FamilyView }>('GET', `/products/${encodeURIComponent(slug)}`)).product,
  });
}

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api<{ categories: CategoryView[] }>('GET', '/categories')).categories,
  staleTime: 5 * 60_000,
});

export const useProduct = (slug: string) => useQuery(productQuery(slug));
export const useCategories = () => useQuery(categoriesQuery);
