/**
 * Catalogue queries: products, one product, categories.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryView, FamilyView, ProductSort } from '../../domain/api/catalogue.ts';
import { api } from '../lib/api-client.ts';

export function productsQuery(
  filter: { category?: string | null; sort?: ProductSort | null } = {},
) {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.sort && filter.sort !== 'position') params.set('sort', filter.sort);
  const search = params.toString();
  return queryOptions({
    queryKey: ['products', filter.category ?? null, filter.sort ?? null],
    queryFn: async () =>
      (await api<{ products: FamilyView[] }>('GET', `/products${search ? `?${search}` : ''}`))
        .products,
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
