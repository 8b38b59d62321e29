import type { ProductListQuery } from '../../domain/api/catalogue.ts';

/** A product list query as the route makes it: page 1 of 24, nothing ticked, plus these. */
export function listQuery(overrides: Partial<ProductListQuery> = {}): ProductListQuery {
  return {
    page: 1,
    per_page: 24,
    colour: [],
    size: [],
    in_stock: false,
    preorder: false,
    ...overrides,
  };
}
