/**
 * The back office's reads and writes of product families and their variations (ADR 062).
 * Stock is changed only through the stock ledger (modules/stock, ADR 053); the search
 * documents follow every write by their triggers (migration 029).
 */
import { sql } from 'kysely';
import { slugOf } from '../../../domain/api/admin-products.ts';
import type { Db } from '../../db/client.ts';

/** A family row in the list, with what its search document knows. */
export interface ProductListRecord {
  id: number;
  name: string;
  slug: string;
  category_slug: string;
  category_name: string;
  price: number | null;
  variations: number;
  stock: number;
  discontinued: boolean | null;
  preorder: boolean | null;
}

/** A variation as CSV reads it. */
export interface CsvVariationRecord {
  id: number;
  family_id: number;
  sku: string;
  family_slug: string;
  name: string;
  category: string;
  description: string;
  price: number;
  tax_rate_bp: number;
  vat_exempt: boolean;
  quantity_on_hand: number;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  is_bundle: boolean;
  options: Record<string, string>;
}

export interface ProductListQuery {
  /** Text matched in the name (anywhere), a whole SKU or the slug. */
  q: string | null;
  category: string | null;
  /** 'live': something still sold; 'discontinued': every variation discontinued. */
  status: 'live' | 'discontinued' | null;
  /** The last id of the previous page (newest first). */
  beforeId: number | null;
  limit: number;
}

export interface FamilyRecord {
  id: number;
  name: string;
  slug: string;
  sku: string;
  description: string;
  category_id: number;
  category_slug: string;
  category_name: string;
}

export interface VariationRecord {
  id: number;
  parent_id: number;
  sku: string;
  price: number;
  tax_rate_bp: number;
  vat_exempt: boolean;
  quantity_on_hand: number;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  is_bundle: boolean;
  position: number;
}

/** `text` for a LIKE pattern matching it literally (`%` where the caller puts it). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which unique index a unique-violation error names: 'sku', 'slug', or null. */
export function uniqueClash(error: unknown): 'sku' | 'slug' | null {
  const { code, constraint, message, detail } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
    detail?: string;
  };
  if (code !== '23505') return null;
  const name = `${constraint ?? ''} ${message ?? ''} ${detail ?? ''}`;
  if (name.includes('products_sku')) return 'sku';
  if (name.includes('products_slug')) return 'slug';
  return null;
}

export function adminProductsRepository(db: Db) {
  return {
    /** A page of families, newest first (keyset on id). */
    async list(query: ProductListQuery, on: Db = db): Promise<ProductListRecord[]> {
      const q = query.q;
      // The search documents' trigram index on names and GIN index on SKUs (ADR 055),
      // and the slug's unique index: never a LIKE over the products table.
      const match = q
        ? sql`AND f.id IN (
                SELECT s.family_id FROM search_documents s
                WHERE s.name ILIKE ${`%${literal(q)}%`} OR s.skus @> ARRAY[${q.toUpperCase()}]::text[]
                UNION ALL
                SELECT p.id FROM products p WHERE p.slug = ${q.toLowerCase()} AND p.parent_id IS NULL)`
        : sql``;
      const category = query.category ? sql`AND c.slug = ${query.category}` : sql``;
      const status =
        query.status === 'discontinued'
          ? sql`AND coalesce(d.discontinued, false)`
          : query.status === 'live'
            ? sql`AND NOT coalesce(d.discontinued, false)`
            : sql``;
      const before = query.beforeId === null ? sql`` : sql`AND f.id < ${query.beforeId}`;
      const { rows } = await sql<ProductListRecord>`
        SELECT f.id, f.name, f.slug, c.slug AS category_slug, c.name AS category_name,
          d.price, d.discontinued, d.preorder,
          (SELECT count(*)::int FROM products v WHERE v.parent_id = f.id) AS variations,
          (SELECT coalesce(sum(v.quantity_on_hand), 0)::int FROM products v
           WHERE v.parent_id = f.id) AS stock
        FROM products f
        JOIN categories c ON c.id = f.category_id
        LEFT JOIN search_documents d ON d.family_id = f.id
        WHERE f.parent_id IS NULL ${match} ${category} ${status} ${before}
        ORDER BY f.id DESC
        LIMIT ${query.limit}
      `.execute(on);
      return rows;
    },

    async family(id: number, on: Db = db): Promise<FamilyRecord | undefined> {
      return on
        .selectFrom('products as f')
        .innerJoin('categories as c', 'c.id', 'f.category_id')
        .select([
          'f.id',
          'f.name',
          'f.slug',
          'f.sku',
          'f.description',
          'f.category_id',
          'c.slug as category_slug',
          'c.name as category_name',
        ])
        .where('f.id', '=', id)
        .where('f.parent_id', 'is', null)
        .executeTakeFirst();
    },

    /** A family's variations in display order; `lock` takes their rows for update. */
    async variations(familyId: number, on: Db = db, lock = false): Promise<VariationRecord[]> {
      let query = on
        .selectFrom('products')
        .select([
          'id',
          'parent_id',
          'sku',
          'price',
          'tax_rate_bp',
          'vat_exempt',
          'quantity_on_hand',
          'is_preorder',
          'restock_date',
          'discontinued',
          'is_bundle',
          'position',
        ])
        .where('parent_id', '=', familyId)
        .orderBy('position')
        .orderBy('id');
      if (lock) query = query.forUpdate();
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, parent_id: row.parent_id ?? familyId }));
    },

    /** One variation, its row locked for update when `lock`. */
    async variation(id: number, on: Db = db, lock = false): Promise<VariationRecord | undefined> {
      let query = on
        .selectFrom('products')
        .select([
          'id',
          'parent_id',
          'sku',
          'price',
          'tax_rate_bp',
          'vat_exempt',
          'quantity_on_hand',
          'is_preorder',
          'restock_date',
          'discontinued',
          'is_bundle',
          'position',
        ])
        .where('id', '=', id)
        .where('parent_id', 'is not', null);
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && row.parent_id !== null ? { ...row, parent_id: row.parent_id } : undefined;
    },

    /** A family's variations with their options, in display order, in one statement. */
    async variationsWithOptions(familyId: number, on: Db = db) {
      const { rows } = await sql<VariationRecord & { options: Record<string, string> }>`
        SELECT v.id, v.parent_id, v.sku, v.price, v.tax_rate_bp, v.vat_exempt,
          v.quantity_on_hand, v.is_preorder, v.restock_date, v.discontinued, v.is_bundle,
          v.position,
          coalesce((SELECT json_object_agg(o.name, ov.name ORDER BY o.position, o.id)
                    FROM product_variation_values pvv
                    JOIN product_option_values ov ON ov.id = pvv.option_value_id
                    JOIN product_options o ON o.id = ov.option_id
                    WHERE pvv.product_id = v.id), '{}'::json) AS options
        FROM products v
        WHERE v.parent_id = ${familyId}
        ORDER BY v.position, v.id
      `.execute(on);
      return rows;
    },

    /** Option name → value for each of these variations. */
    async optionsOf(ids: number[], on: Db = db): Promise<Map<number, Record<string, string>>> {
      const found = new Map<number, Record<string, string>>();
      if (ids.length === 0) return found;
      const rows = await on
        .selectFrom('product_variation_values as pvv')
        .innerJoin('product_option_values as v', 'v.id', 'pvv.option_value_id')
        .innerJoin('product_options as o', 'o.id', 'v.option_id')
        .select(['pvv.product_id', 'o.name as option', 'v.name as value'])
        .where('pvv.product_id', 'in', ids)
        .orderBy('o.position')
        .orderBy('o.id')
        .execute();
      for (const row of rows) {
        const options = found.get(row.product_id) ?? {};
        options[row.option] = row.value;
        found.set(row.product_id, options);
      }
      return found;
    },

    /** Each bundle's parts, with their SKU and family name. */
    async componentsOf(ids: number[], on: Db = db) {
      if (ids.length === 0) return [];
      return on
        .selectFrom('bundle_components as b')
        .innerJoin('products as p', 'p.id', 'b.component_id')
        .select(['b.bundle_id', 'p.id', 'p.sku', 'p.name', 'b.quantity'])
        .where('b.bundle_id', 'in', ids)
        .orderBy('p.sku')
        .execute();
    },

    async oldSlugs(familyId: number, on: Db = db): Promise<string[]> {
      const rows = await on
        .selectFrom('product_slug_redirects')
        .select('old_slug')
        .where('product_id', '=', familyId)
        .orderBy('created_at')
        .orderBy('old_slug')
        .execute();
      return rows.map((row) => row.old_slug);
    },

    /** The current slug of the family that used to have `slug`, if any. */
    async movedTo(slug: string, on: Db = db): Promise<string | null> {
      const row = await on
        .selectFrom('product_slug_redirects as r')
        .innerJoin('products as f', 'f.id', 'r.product_id')
        .select('f.slug')
        .where('r.old_slug', '=', slug)
        .executeTakeFirst();
      return row?.slug ?? null;
    },

    async categoryBySlug(slug: string, on: Db = db) {
      return on
        .selectFrom('categories')
        .select(['id', 'slug', 'name'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },

    /** Whether any product (family or variation) other than `except` has this slug. */
    async slugTaken(slug: string, on: Db = db, except: number | null = null): Promise<boolean> {
      let query = on.selectFrom('products').select('id').where('slug', '=', slug);
      if (except !== null) query = query.where('id', '<>', except);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Of these SKUs, those some product other than `except` already has. */
    async skusTaken(skus: string[], on: Db = db, except: number | null = null): Promise<string[]> {
      if (skus.length === 0) return [];
      let query = on.selectFrom('products').select('sku').where('sku', 'in', skus);
      if (except !== null) query = query.where('id', '<>', except);
      return (await query.execute()).map((row) => row.sku);
    },

    /** The SKUs of the bundles `variationId` is a part of. */
    async bundlesContaining(variationId: number, on: Db = db): Promise<string[]> {
      const rows = await on
        .selectFrom('bundle_components as b')
        .innerJoin('products as p', 'p.id', 'b.bundle_id')
        .select('p.sku')
        .where('b.component_id', '=', variationId)
        .orderBy('p.sku')
        .execute();
      return rows.map((row) => row.sku);
    },

    /** Variations by SKU (a bundle's parts). */
    async variationsBySku(skus: string[], on: Db = db) {
      if (skus.length === 0) return [];
      return on
        .selectFrom('products')
        .select(['id', 'sku', 'parent_id', 'is_bundle', 'discontinued'])
        .where('sku', 'in', skus)
        .execute();
    },

    /**
     * The option value for `option` = `value` (by their slugs), made when missing: an
     * option's display name is kept as it was first written.
     */
    async optionValueId(option: string, value: string, on: Db = db): Promise<number> {
      const optionSlug = slugFor(option);
      const valueSlug = slugFor(value);
      await on
        .insertInto('product_options')
        .values({
          slug: optionSlug,
          name: option,
          position: sql<number>`(SELECT coalesce(max(position), -1) + 1 FROM product_options)`,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      const optionRow = await on
        .selectFrom('product_options')
        .select('id')
        .where('slug', '=', optionSlug)
        .executeTakeFirstOrThrow();
      await on
        .insertInto('product_option_values')
        .values({
          option_id: optionRow.id,
          slug: valueSlug,
          name: value,
          position: sql<number>`(SELECT coalesce(max(position), -1) + 1
                                 FROM product_option_values WHERE option_id = ${optionRow.id})`,
        })
        .onConflict((oc) => oc.columns(['option_id', 'slug']).doNothing())
        .execute();
      const valueRow = await on
        .selectFrom('product_option_values')
        .select('id')
        .where('option_id', '=', optionRow.id)
        .where('slug', '=', valueSlug)
        .executeTakeFirstOrThrow();
      return valueRow.id;
    },

    /** Replaces a variation's option values. */
    async setOptions(variationId: number, valueIds: number[], on: Db = db): Promise<void> {
      await on
        .deleteFrom('product_variation_values')
        .where('product_id', '=', variationId)
        .execute();
      if (valueIds.length > 0) {
        await on
          .insertInto('product_variation_values')
          .values(valueIds.map((id) => ({ product_id: variationId, option_value_id: id })))
          .execute();
      }
    },

    /** Replaces a bundle's parts. */
    async setComponents(
      bundleId: number,
      parts: { id: number; quantity: number }[],
      on: Db = db,
    ): Promise<void> {
      await on.deleteFrom('bundle_components').where('bundle_id', '=', bundleId).execute();
      if (parts.length > 0) {
        await on
          .insertInto('bundle_components')
          .values(
            parts.map((p) => ({ bundle_id: bundleId, component_id: p.id, quantity: p.quantity })),
          )
          .execute();
      }
    },

    /** Records that a family used to have `oldSlug`; a slug given back to it loses its row. */
    async moveSlug(familyId: number, oldSlug: string, newSlug: string, on: Db = db) {
      await on.deleteFrom('product_slug_redirects').where('old_slug', '=', newSlug).execute();
      await on
        .insertInto('product_slug_redirects')
        .values({ old_slug: oldSlug, product_id: familyId })
        .onConflict((oc) => oc.column('old_slug').doUpdateSet({ product_id: familyId }))
        .execute();
    },

    /** A new product takes a slug someone used to have: it is its own from now on. */
    async releaseSlug(slug: string, on: Db = db): Promise<void> {
      await on.deleteFrom('product_slug_redirects').where('old_slug', '=', slug).execute();
    },

    /**
     * Variations with their family's fields and options, for CSV: every one (export,
     * in the families' order) or those with these SKUs (import).
     */
    async csvRows(skus: string[] | null, on: Db = db): Promise<CsvVariationRecord[]> {
      if (skus !== null && skus.length === 0) return [];
      const only = skus === null ? sql`` : sql`AND v.sku = ANY(${skus}::text[])`;
      const { rows } = await sql<CsvVariationRecord>`
        SELECT v.id, v.parent_id AS family_id, v.sku, f.slug AS family_slug, f.name,
          c.slug AS category, f.description, v.price, v.tax_rate_bp, v.vat_exempt,
          v.quantity_on_hand, v.is_preorder, v.restock_date, v.discontinued, v.is_bundle,
          coalesce((SELECT json_object_agg(o.name, ov.name ORDER BY o.position, o.id)
                    FROM product_variation_values pvv
                    JOIN product_option_values ov ON ov.id = pvv.option_value_id
                    JOIN product_options o ON o.id = ov.option_id
                    WHERE pvv.product_id = v.id), '{}'::json) AS options
        FROM products v
        JOIN products f ON f.id = v.parent_id
        JOIN categories c ON c.id = f.category_id
        WHERE v.parent_id IS NOT NULL ${only}
        ORDER BY f.id, v.position, v.id
      `.execute(on);
      return rows;
    },

    /** Families by slug, with their category's slug. */
    async familiesBySlug(slugs: string[], on: Db = db) {
      if (slugs.length === 0) return [];
      return on
        .selectFrom('products as f')
        .innerJoin('categories as c', 'c.id', 'f.category_id')
        .select(['f.id', 'f.slug', 'f.name', 'f.description', 'c.slug as category'])
        .where('f.slug', 'in', slugs)
        .where('f.parent_id', 'is', null)
        .execute();
    },

    async categories(on: Db = db) {
      return on.selectFrom('categories').select(['id', 'slug']).execute();
    },

    /** Keeps a family's own row (price from, bundle flag) in step with its variations. */
    async syncFamily(familyId: number, on: Db = db): Promise<void> {
      await sql`
        UPDATE products f SET price = x.price, is_bundle = x.bundle
        FROM (
          SELECT coalesce(min(v.price) FILTER (WHERE NOT v.discontinued), min(v.price)) AS price,
                 coalesce(bool_or(v.is_bundle), false) AS bundle
          FROM products v WHERE v.parent_id = ${familyId}
        ) x
        WHERE f.id = ${familyId} AND x.price IS NOT NULL
          AND (f.price, f.is_bundle) IS DISTINCT FROM (x.price, x.bundle)
      `.execute(on);
    },

    /** A family's own fields, and those its variations carry, in one statement. */
    async renameFamily(
      familyId: number,
      fields: { slug: string; name: string; description: string; categoryId: number },
      on: Db = db,
    ): Promise<void> {
      await sql`
        UPDATE products SET
          slug = CASE WHEN id = ${familyId} THEN ${fields.slug} ELSE slug END,
          name = ${fields.name}, description = ${fields.description},
          category_id = ${fields.categoryId}
        WHERE id = ${familyId} OR parent_id = ${familyId}
      `.execute(on);
    },
  };
}

/** The slug of an option's or value's name ('Grey pot' → 'grey-pot'). */
const slugFor = (text: string) => slugOf(text) || 'x';

export type AdminProductsRepository = ReturnType<typeof adminProductsRepository>;
