/**
 * The only code that reads the catalogue tables. Stock is changed by the stock ledger
 * (modules/stock, ADR 053).
 */
import type { Db } from '../../db/client.ts';

export interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
}

export interface ProductRow {
  id: number;
  parent_id: number | null;
  slug: string;
  sku: string;
  name: string;
  description: string;
  category_id: number;
  price: number;
  tax_rate_bp: number;
  weight_g: number;
  length_mm: number;
  height_mm: number;
  volume_cm3: number;
  quantity_on_hand: number;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  is_bundle: boolean;
  /** Path of the product's picture under the media folder (served at /media/…). */
  image_path: string;
  position: number;
}

export interface OptionValueRow {
  product_id: number;
  option_id: number;
  option_slug: string;
  option_name: string;
  option_position: number;
  value_id: number;
  value_slug: string;
  value_name: string;
  value_position: number;
}

export interface BundleComponentRow {
  bundle_id: number;
  component_id: number;
  quantity: number;
}

export interface CatalogueRows {
  categories: CategoryRow[];
  products: ProductRow[];
  optionValues: OptionValueRow[];
  bundleComponents: BundleComponentRow[];
}

export function catalogueRepository(db: Db) {
  return {
    /** Everything the catalogue shows, in display order. */
    async loadAll(): Promise<CatalogueRows> {
      const [categories, products, optionValues, bundleComponents] = await Promise.all([
        db
          .selectFrom('categories')
          .select(['id', 'slug', 'name', 'description'])
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('products')
          .select([
            'id',
            'parent_id',
            'slug',
            'sku',
            'name',
            'description',
            'category_id',
            'price',
            'tax_rate_bp',
            'weight_g',
            'length_mm',
            'height_mm',
            'volume_cm3',
            'quantity_on_hand',
            'is_preorder',
            'restock_date',
            'discontinued',
            'is_bundle',
            'image_path',
            'position',
          ])
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('product_variation_values as pvv')
          .innerJoin('product_option_values as v', 'v.id', 'pvv.option_value_id')
          .innerJoin('product_options as o', 'o.id', 'v.option_id')
          .select([
            'pvv.product_id',
            'o.id as option_id',
            'o.slug as option_slug',
            'o.name as option_name',
            'o.position as option_position',
            'v.id as value_id',
            'v.slug as value_slug',
            'v.name as value_name',
            'v.position as value_position',
          ])
          .orderBy('o.position')
          .orderBy('v.position')
          .execute(),
        db
          .selectFrom('bundle_components')
          .select(['bundle_id', 'component_id', 'quantity'])
          .execute(),
      ]);
      return { categories, products, optionValues, bundleComponents };
    },

    /** Current stock of some variations, read fresh (for writes that check stock). */
    async stockOf(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['id', 'quantity_on_hand'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.quantity_on_hand]));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
