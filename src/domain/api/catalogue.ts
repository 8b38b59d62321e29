/**
 * Wire shapes of the catalogue endpoints (spec section 3, Product), shared by the
 * server that builds them and the browser that reads them: inferred from their reply
 * schemas (replies.ts, ADR 046), so each is written once.
 */
import type { z } from 'zod/mini';
import type {
  categorySchema,
  familySchema,
  productListSchema,
  productSchema,
  suggestionSchema,
} from './replies.ts';

/**
 * The `sizes` of a product card's picture: the slot widths of the product grid's columns
 * (.product-grid in the web app's shop.css). The server's preload of the home page's
 * first picture must give the same value, or the browser fetches the picture twice.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 280px, (min-width: 900px) 31vw, (min-width: 560px) 47vw, 100vw';

/** The `sizes` of the product page's picture (.product-page__media in shop.css). */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 900px) 46vw, 100vw';

/** The Product shape of spec section 3, for one sellable variation. */
export type ProductView = z.output<typeof productSchema>;
/** A product family with its variations (catalogue list and product page). */
export type FamilyView = z.output<typeof familySchema>;
export type CategoryView = z.output<typeof categorySchema>;
export type OptionPair = ProductView['options'][number];
export type ImageView = ProductView['preview_image'];
export type BundleComponentView = ProductView['bundle_components'][number];

/**
 * Sort orders of GET /api/v1/products. `relevance` is the default when a search text
 * (`q`) is given and `position` ("Featured", the merchant's order) otherwise.
 */
export const PRODUCT_SORTS = [
  'relevance',
  'position',
  'price_asc',
  'price_desc',
  'newest',
  'best_selling',
  'name',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Paging of GET /api/v1/products: pages are 1-based. */
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 100;
/** Longest search text accepted (longer is a validation error on `q`). */
export const MAX_QUERY_LENGTH = 200;
/** Suggestions start from this many typed characters, and at most this many come back. */
export const SUGGEST_MIN_CHARS = 2;
export const MAX_SUGGESTIONS = 8;

/**
 * What GET /api/v1/products is asked (its query string, parsed). Prices are pence
 * including VAT; `colour` and `size` are option value slugs (any of them matches);
 * `in_stock` keeps what can be bought now (or pre-ordered), `preorder` only pre-orders.
 */
export interface ProductListQuery {
  q?: string | undefined;
  category?: string | undefined;
  sort?: ProductSort | undefined;
  page: number;
  per_page: number;
  price_min?: number | undefined;
  price_max?: number | undefined;
  colour: string[];
  size: string[];
  in_stock: boolean;
  preorder: boolean;
}

/** The reply of GET /api/v1/products (one page, its total, and the facets). */
export type ProductListView = z.output<typeof productListSchema>;
export type ProductFacets = ProductListView['facets'];
export type FacetValue = ProductFacets['categories'][number];
/** One entry of GET /api/v1/search/suggestions. */
export type SuggestionView = z.output<typeof suggestionSchema>;
