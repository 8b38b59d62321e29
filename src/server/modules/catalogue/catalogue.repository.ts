/**
 * The only code that reads the catalogue tables. Stock is changed by the stock ledger
 * (modules/stock, ADR 053).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

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
  /**
   * A family's first uploaded picture (ADR 063), shown in place of image_path; null
   * when it has none, and for variations (pictures belong to the family).
   */
  picture?: FirstPictureRow | null;
}

/** The files of a family's first picture: named by `hash`, at each of `widths`. */
export interface FirstPictureRow {
  alt: string;
  hash: string;
  widths: number[];
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

/** One family as stored: its row, its variations' rows, their options and parts. */
export interface FamilyRows {
  category: CategoryRow;
  /** The family's row first, then its variations' in display order. */
  products: ProductRow[];
  optionValues: OptionValueRow[];
  bundleComponents: BundleComponentRow[];
}

/** A category with how many families it holds (counted in SQL). */
export interface CategoryCountRow extends CategoryRow {
  product_count: number;
}

const PRODUCT_COLUMNS = [
  'p.id',
  'p.parent_id',
  'p.slug',
  'p.sku',
  'p.name',
  'p.description',
  'p.category_id',
  'p.price',
  'p.tax_rate_bp',
  'p.weight_g',
  'p.length_mm',
  'p.height_mm',
  'p.volume_cm3',
  'p.quantity_on_hand',
  'p.is_preorder',
  'p.restock_date',
  'p.discontinued',
  'p.is_bundle',
  'p.image_path',
  'p.position',
] as const;

/** Families' rows, grouped: `rows` ordered by family, then family row first, then position. */
function groupFamilies(
  rows: (ProductRow & {
    category_slug: string;
    category_name: string;
    category_description: string;
    option_values: Omit<OptionValueRow, 'product_id'>[];
    components: Omit<BundleComponentRow, 'bundle_id'>[];
  })[],
): FamilyRows[] {
  const families = new Map<number, FamilyRows>();
  for (const row of rows) {
    const {
      category_slug: slug,
      category_name: name,
      category_description: description,
      option_values: optionValues,
      components,
      ...product
    } = row;
    const familyId = row.parent_id ?? row.id;
    let family = families.get(familyId);
    if (!family) {
      family = {
        category: { id: row.category_id, slug, name, description },
        products: [],
        optionValues: [],
        bundleComponents: [],
      };
      families.set(familyId, family);
    }
    family.products.push(product);
    for (const value of optionValues) family.optionValues.push({ ...value, product_id: row.id });
    for (const part of components) family.bundleComponents.push({ ...part, bundle_id: row.id });
  }
  return [...families.values()].filter((f) => f.products[0]?.parent_id === null);
}

export function catalogueRepository(db: Db) {
  /**
   * The rows of the families `familyIds` selects (a subquery answering `id`s of
   * family rows), in one statement: products with their category, option values and
   * bundle parts.
   */
  async function familiesWhere(
    familyIds: (eb: ExpressionBuilder<Database, 'products'>) => ReturnType<typeof sub>,
  ): Promise<FamilyRows[]> {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(PRODUCT_COLUMNS)
      .select([
        'c.slug as category_slug',
        'c.name as category_name',
        'c.description as category_description',
      ])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('product_variation_values as pvv')
            .innerJoin('product_option_values as v', 'v.id', 'pvv.option_value_id')
            .innerJoin('product_options as o', 'o.id', 'v.option_id')
            .whereRef('pvv.product_id', '=', 'p.id')
            .select([
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
            .orderBy('v.position'),
        ).as('option_values'),
        jsonArrayFrom(
          eb
            .selectFrom('bundle_components as b')
            .whereRef('b.bundle_id', '=', 'p.id')
            .select(['b.component_id', 'b.quantity'])
            // The order they were written in (the table has no position column).
            .orderBy(sql`b.ctid`),
        ).as('components'),
        // Only a family's row has pictures; the first is the product's picture.
        jsonObjectFrom(
          eb
            .selectFrom('product_pictures as pp')
            .whereRef('pp.product_id', '=', 'p.id')
            .where('p.parent_id', 'is', null)
            .where('pp.removed_at', 'is', null)
            .select(['pp.alt', 'pp.hash', 'pp.widths'])
            .orderBy('pp.position')
            .orderBy('pp.id')
            .limit(1),
        ).as('picture'),
      ])
      // The families' rows and their variations' (a UNION, so both use an index: an OR
      // of the two would scan the table).
      .where((eb) =>
        eb(
          'p.id',
          'in',
          eb
            .selectFrom('products as v')
            .select('v.id')
            .where('v.parent_id', 'in', familyIds(eb as never))
            .union(familyIds(eb as never) as never),
        ),
      )
      .orderBy(sql`coalesce(p.parent_id, p.id)`)
      .orderBy(sql`p.parent_id is not null`)
      .orderBy('p.position')
      .orderBy('p.id')
      .execute();
    return groupFamilies(rows);
  }

  const sub = (ids: readonly number[]) =>
    db
      .selectFrom('products as f')
      .select(sql<number>`coalesce(f.parent_id, f.id)`.as('id'))
      .where('f.id', 'in', [...ids]);

  return {
    /**
     * The families holding these ids (family or variation ids), each whole: one
     * statement. Ids that name nothing are left out.
     */
    async familiesOf(ids: readonly number[]): Promise<FamilyRows[]> {
      if (ids.length === 0) return [];
      return familiesWhere(() => sub(ids));
    },

    /** The family with this slug (a family's own slug), whole; undefined when none. */
    async familyBySlug(slug: string): Promise<FamilyRows | undefined> {
      const [family] = await familiesWhere(
        () =>
          db
            .selectFrom('products as f')
            .select('f.id')
            .where('f.slug', '=', slug)
            .where('f.parent_id', 'is', null) as never,
      );
      return family;
    },

    /** The categories in the shop's order, each with how many families it holds. */
    async categoryCounts(): Promise<CategoryCountRow[]> {
      return db
        .selectFrom('categories as c')
        .select(['c.id', 'c.slug', 'c.name', 'c.description'])
        .select((eb) =>
          eb
            .selectFrom('products as p')
            .whereRef('p.category_id', '=', 'c.id')
            .where('p.parent_id', 'is', null)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('product_count'),
        )
        .orderBy('c.position')
        .orderBy('c.id')
        .execute() as Promise<CategoryCountRow[]>;
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
