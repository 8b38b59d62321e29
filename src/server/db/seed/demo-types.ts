/**
 * Shapes of the demo data loaded on first start. The data itself lives in
 * demo-catalogue.ts and demo-delivery.ts; seed.ts writes it to the database.
 */

/** Drawing recipes understood by the product image renderer. */
export type ImageStyle =
  | 'tree'
  | 'palm'
  | 'fern'
  | 'succulent'
  | 'cactus'
  | 'trailing'
  | 'flower-stems'
  | 'bouquet'
  | 'orchid'
  | 'wreath'
  | 'grass'
  | 'leafy';

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
}

/** One sellable variation. `options` maps option slug → value name, e.g. { size: '120cm' }. */
export interface DemoVariation {
  sku: string;
  /** VAT-inclusive price in pence. */
  price: number;
  quantityOnHand: number;
  options?: Record<string, string>;
  discontinued?: boolean;
  isPreorder?: boolean;
  /** ISO date (yyyy-MM-dd) or null when the restock date is not yet known. */
  restockDate?: string | null;
  weightG?: number;
  lengthMm?: number;
  heightMm?: number;
  volumeCm3?: number;
  /** For a bundle: component variation SKUs and how many of each. */
  bundleComponents?: { sku: string; quantity: number }[];
  /** Overrides the family's image colour for this variation (e.g. a colour option). */
  imageColour?: string;
}

export interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  imageStyle: ImageStyle;
  /** Main foliage or flower colour, as a CSS hex colour. */
  imageColour: string;
  isBundle?: boolean;
  variations: DemoVariation[];
}

/** Option types, in display order, with their values in display order. */
export interface DemoOption {
  slug: string;
  name: string;
  values: string[];
}
