/**
 * Wire shapes of the catalogue endpoints (spec section 3, Product), shared by the
 * server that builds them and the browser that reads them.
 */
import type { PriceView } from '../price-view.ts';

export interface OptionPair {
  option: { id: number; name: string; slug: string };
  value: { id: number; name: string; slug: string };
}

/**
 * The `sizes` of a product card's picture: the slot widths of the product grid's columns
 * (.product-grid in the web app's shop.css). The server's preload of the home page's
 * first picture must give the same value, or the browser fetches the picture twice.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 280px, (min-width: 900px) 31vw, (min-width: 560px) 47vw, 100vw';

/** The `sizes` of the product page's picture (.product-page__media in shop.css). */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 900px) 46vw, 100vw';

export interface ImageView {
  src: string;
  srcset: string;
  alt: string;
}

export interface BundleComponentView {
  id: number;
  sku: string;
  name: string;
  url: string;
  quantity: number;
}

/** The Product shape of spec section 3, for one sellable variation. */
export interface ProductView {
  id: number;
  parent_id: number | null;
  sku: string;
  name: string;
  /** The chosen options as text, e.g. '120cm, Grey pot' ('' when none). */
  variation_name: string;
  url: string;
  preview_image: ImageView;
  options: OptionPair[];
  prices: { price: PriceView };
  /** Grams. */
  weight: number;
  /** Millimetres. */
  length: number;
  /** Millimetres. */
  height: number;
  /** Cubic centimetres. */
  volume: number;
  quantity_available: number;
  quantity_on_hand: number;
  is_bundle: boolean;
  bundle_components: BundleComponentView[];
  discontinued: boolean;
  preorder: boolean;
  /** yyyy-MM-dd, or null when not known. */
  restock_date: string | null;
  primary_category: { name: string; slug: string };
}

/** A product family with its variations (catalogue list and product page). */
export interface FamilyView extends Omit<ProductView, 'options' | 'variation_name'> {
  slug: string;
  description: string;
  option_groups: { option: OptionPair['option']; values: OptionPair['value'][] }[];
  variations: ProductView[];
}

export interface CategoryView {
  id: number;
  slug: string;
  name: string;
  description: string;
  product_count: number;
}

/** Sort orders of GET /api/v1/products. */
export const PRODUCT_SORTS = ['position', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
