/**
 * Wire shapes of the catalogue endpoints (spec section 3, Product), shared by the
 * server that builds them and the browser that reads them: inferred from their reply
 * schemas (replies.ts, ADR 046), so each is written once.
 */
import type { z } from 'zod/mini';
import type { categorySchema, familySchema, productSchema } from './replies.ts';

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

/** Sort orders of GET /api/v1/products. */
export const PRODUCT_SORTS = ['position', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
