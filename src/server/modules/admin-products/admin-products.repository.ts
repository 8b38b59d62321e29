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

/** A product row as the CSV import locks and rewrites it (a family or a variation). */
export interface ImportRowRecord {
  id: number;
  parent_id: number | null;
  sku: string;
  name: string;
  description: string;
  category_id: number;
  price: number;
  tax_rate_bp: number;
  vat_exempt: boolean;
  quantity_on_hand: number;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  is_bundle: boolean;
  /** A row of a family whose search document the import rewrites (not only a bundle's part). */
  in_import: boolean;
}

/** A product row's columns as the CSV import writes them, and its stock change. */
export interface ImportRowWrite {
  id: number;
  name: string;
  description: string;
  category_id: number;
  price: number;
  tax_rate_bp: number;
  vat_exempt: boolean;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  is_bundle: boolean;
  /** Units added to (or, negative, taken from) the level locked; 0 for none. */
  stock_change: number;
}

/** A new variation as the CSV import inserts it. */
export interface ImportVariationInsert {
  parent_id: number;
  slug: string;
  sku: string;
  name: string;
  description: string;
  category_id: number;
  price: number;
  tax_rate_bp: number;
  vat_exempt: boolean;
  is_preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  position: number;
  /** Its opening stock (an `opening` ledger row when above 0). */
  stock: number;
  value_ids: number[];
}

/** A JSON parameter for jsonb_to_recordset (one bound value, whatever the row count). */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

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

    // ---------- the CSV import's set-based writes (ADR 062): a few statements per batch of
    // rows, whatever the number of rows, each statement's search refresh covering its rows.

    /**
     * Locks, in id order and in one statement, every product row of these families, of the
     * families of bundles made of their variations (their documents follow those
     * variations), and the parts of those families' bundles; answers them as they are now.
     * Taken before any other write of the import, so its lock order is products, then
     * search documents, as a checkout's (ADR 076).
     */
    async lockForImport(familyIds: number[], on: Db = db): Promise<ImportRowRecord[]> {
      if (familyIds.length === 0) return [];
      const { rows } = await sql<ImportRowRecord>`
        WITH asked AS (SELECT DISTINCT unnest(${familyIds}::int[]) AS id),
        families AS (
          SELECT id FROM asked
          UNION
          SELECT bp.parent_id FROM products v
          JOIN bundle_components b ON b.component_id = v.id
          JOIN products bp ON bp.id = b.bundle_id
          WHERE v.parent_id IN (SELECT id FROM asked) AND bp.parent_id IS NOT NULL
        ),
        ids AS (
          SELECT id FROM families
          UNION
          SELECT v.id FROM products v JOIN families f ON v.parent_id = f.id
          UNION
          SELECT b.component_id FROM products bv
          JOIN families f ON bv.parent_id = f.id
          JOIN bundle_components b ON b.bundle_id = bv.id
        )
        SELECT p.id, p.parent_id, p.sku, p.name, p.description, p.category_id, p.price,
          p.tax_rate_bp, p.vat_exempt, p.quantity_on_hand, p.is_preorder, p.restock_date,
          p.discontinued, p.is_bundle,
          (p.id IN (SELECT id FROM families) OR p.parent_id IN (SELECT id FROM families))
            AS in_import
        FROM products p JOIN ids ON ids.id = p.id
        ORDER BY p.id
        FOR UPDATE OF p
      `.execute(on);
      return rows;
    },

    /** Locks these families' search documents in family order (as the sales fold does). */
    async lockSearchDocuments(familyIds: number[], on: Db = db): Promise<void> {
      if (familyIds.length === 0) return;
      await sql`
        SELECT family_id FROM search_documents
        WHERE family_id = ANY(${familyIds}::int[])
        ORDER BY family_id
        FOR UPDATE
      `.execute(on);
    },

    /** Of these slugs, those a product (family or variation) has. */
    async slugsTaken(slugs: string[], on: Db = db): Promise<string[]> {
      if (slugs.length === 0) return [];
      const { rows } = await sql<{ slug: string }>`
        SELECT slug FROM products WHERE slug = ANY(${slugs}::text[])
      `.execute(on);
      return rows.map((row) => row.slug);
    },

    /** New products take these slugs: each is its own from now on (see releaseSlug). */
    async releaseSlugs(slugs: string[], on: Db = db): Promise<void> {
      if (slugs.length === 0) return;
      await sql`
        DELETE FROM product_slug_redirects WHERE old_slug = ANY(${slugs}::text[])
      `.execute(on);
    },

    /** New families (no variations yet) in one statement; answers slug → id. */
    async insertFamilies(
      families: {
        slug: string;
        sku: string;
        name: string;
        description: string;
        category_id: number;
        price: number;
        image_path: string;
      }[],
      on: Db = db,
    ): Promise<Map<string, number>> {
      if (families.length === 0) return new Map();
      const { rows } = await sql<{ id: number; slug: string }>`
        INSERT INTO products (parent_id, slug, sku, name, description, category_id, price,
                              image_path, position)
        SELECT NULL, f.slug, f.sku, f.name, f.description, f.category_id, f.price,
               f.image_path, 0
        FROM jsonb_to_recordset(${json(families)}) AS f(slug text, sku text, name text,
          description text, category_id int, price int, image_path text)
        RETURNING id, slug
      `.execute(on);
      return new Map(rows.map((row) => [row.slug, row.id]));
    },

    /**
     * The option values for these `option` = `value` pairs (by their slugs), made when
     * missing in four statements, the new ones placed after the existing in the order
     * given; an option's or value's display name is kept as it was first written.
     * Answers `${option slug}/${value slug}` → id.
     */
    async optionValueIds(
      pairs: { option: string; value: string }[],
      on: Db = db,
    ): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (pairs.length === 0) return found;
      const options = new Map<string, { slug: string; name: string; ord: number }>();
      for (const { option } of pairs) {
        const slug = slugFor(option);
        if (!options.has(slug)) options.set(slug, { slug, name: option, ord: options.size });
      }
      await sql`
        WITH wanted AS (
          SELECT * FROM jsonb_to_recordset(${json([...options.values()])})
            AS w(slug text, name text, ord int)
        ),
        missing AS (
          SELECT w.slug, w.name, row_number() OVER (ORDER BY w.ord) AS n FROM wanted w
          WHERE NOT EXISTS (SELECT 1 FROM product_options o WHERE o.slug = w.slug)
        )
        INSERT INTO product_options (slug, name, position)
        SELECT m.slug, m.name,
          (SELECT coalesce(max(position), -1) FROM product_options) + m.n::int
        FROM missing m
        ORDER BY m.n
        ON CONFLICT (slug) DO NOTHING
      `.execute(on);
      const { rows: optionRows } = await sql<{ id: number; slug: string }>`
        SELECT id, slug FROM product_options WHERE slug = ANY(${[...options.keys()]}::text[])
      `.execute(on);
      const optionIds = new Map(optionRows.map((row) => [row.slug, row.id]));
      const values = new Map<
        string,
        { key: string; option_id: number; slug: string; name: string; ord: number }
      >();
      for (const { option, value } of pairs) {
        const optionId = optionIds.get(slugFor(option))!;
        const key = `${slugFor(option)}/${slugFor(value)}`;
        if (!values.has(key)) {
          values.set(key, {
            key,
            option_id: optionId,
            slug: slugFor(value),
            name: value,
            ord: values.size,
          });
        }
      }
      const wanted = json([...values.values()]);
      await sql`
        WITH wanted AS (
          SELECT * FROM jsonb_to_recordset(${wanted}) AS w(option_id int, slug text, name text,
            ord int)
        ),
        missing AS (
          SELECT w.option_id, w.slug, w.name,
            row_number() OVER (PARTITION BY w.option_id ORDER BY w.ord) AS n
          FROM wanted w
          WHERE NOT EXISTS (SELECT 1 FROM product_option_values v
                            WHERE v.option_id = w.option_id AND v.slug = w.slug)
        )
        INSERT INTO product_option_values (option_id, slug, name, position)
        SELECT m.option_id, m.slug, m.name,
          coalesce((SELECT max(v.position) FROM product_option_values v
                    WHERE v.option_id = m.option_id), -1) + m.n::int
        FROM missing m
        ORDER BY m.option_id, m.n
        ON CONFLICT (option_id, slug) DO NOTHING
      `.execute(on);
      const { rows: valueRows } = await sql<{ id: number; key: string }>`
        SELECT v.id, w.key
        FROM jsonb_to_recordset(${wanted}) AS w(key text, option_id int, slug text)
        JOIN product_option_values v ON v.option_id = w.option_id AND v.slug = w.slug
      `.execute(on);
      for (const row of valueRows) found.set(row.key, row.id);
      return found;
    },

    /**
     * New variations in one statement: their rows, their options and, for stock above 0,
     * their `opening` ledger rows (the stock ledger's rule: the level and its row in one
     * statement, ADR 053). Answers SKU → id.
     */
    async insertVariations(
      variations: ImportVariationInsert[],
      staffId: number | null,
      imagePath: string,
      on: Db = db,
    ): Promise<Map<string, number>> {
      if (variations.length === 0) return new Map();
      const { rows } = await sql<{ id: number; sku: string }>`
        WITH v AS (
          SELECT * FROM jsonb_to_recordset(${json(variations)}) AS v(parent_id int, slug text,
            sku text, name text, description text, category_id int, price int,
            tax_rate_bp int, vat_exempt boolean, is_preorder boolean, restock_date date,
            discontinued boolean, position int, stock int, value_ids int[])
        ),
        made AS (
          INSERT INTO products (parent_id, slug, sku, name, description, category_id, price,
            tax_rate_bp, vat_exempt, is_preorder, restock_date, discontinued, is_bundle,
            image_path, position, quantity_on_hand)
          SELECT parent_id, slug, sku, name, description, category_id, price, tax_rate_bp,
            vat_exempt, is_preorder, restock_date, discontinued, false, ${imagePath},
            position, stock
          FROM v
          RETURNING id, sku, quantity_on_hand
        ),
        opening AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, staff_id)
          SELECT id, quantity_on_hand, 0, quantity_on_hand, 'opening',
                 'Stock of a new variation', ${staffId}::int
          FROM made WHERE quantity_on_hand > 0
        ),
        chosen AS (
          INSERT INTO product_variation_values (product_id, option_value_id)
          SELECT DISTINCT m.id, value_id
          FROM made m JOIN v ON v.sku = m.sku, unnest(v.value_ids) AS value_id
        )
        SELECT id, sku FROM made
      `.execute(on);
      return new Map(rows.map((row) => [row.sku, row.id]));
    },

    /**
     * Rewrites product rows (locked by lockForImport) to the values given, in one
     * statement; a row with a stock change gets its level moved by it (relative, as the
     * stock ledger does) and its `correction` ledger row in the same statement. Answers
     * each stock change's levels.
     */
    async writeImportRows(
      rows: ImportRowWrite[],
      ledger: { note: string; staffId: number | null },
      on: Db = db,
    ): Promise<{ id: number; before: number; after: number }[]> {
      if (rows.length === 0) return [];
      const { rows: moved } = await sql<{ id: number; before: number; after: number }>`
        WITH v AS (
          SELECT * FROM jsonb_to_recordset(${json(rows)}) AS v(id int, name text,
            description text, category_id int, price int, tax_rate_bp int, vat_exempt boolean,
            is_preorder boolean, restock_date date, discontinued boolean, is_bundle boolean,
            stock_change int)
        ),
        written AS (
          UPDATE products p SET
            name = v.name, description = v.description, category_id = v.category_id,
            price = v.price, tax_rate_bp = v.tax_rate_bp, vat_exempt = v.vat_exempt,
            is_preorder = v.is_preorder, restock_date = v.restock_date,
            discontinued = v.discontinued, is_bundle = v.is_bundle,
            quantity_on_hand = p.quantity_on_hand + v.stock_change
          FROM v
          WHERE p.id = v.id
          RETURNING p.id, v.stock_change AS change,
            p.quantity_on_hand - v.stock_change AS before, p.quantity_on_hand AS after
        ),
        entry AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, staff_id)
          SELECT id, change, before, after, 'correction', ${ledger.note}, ${ledger.staffId}::int
          FROM written WHERE change <> 0
        )
        SELECT id, before, after FROM written WHERE change <> 0
      `.execute(on);
      return moved;
    },

    /** Replaces these variations' option values: two statements for all of them. */
    async replaceOptions(
      entries: { productId: number; valueIds: number[] }[],
      on: Db = db,
    ): Promise<void> {
      if (entries.length === 0) return;
      await sql`
        DELETE FROM product_variation_values
        WHERE product_id = ANY(${entries.map((e) => e.productId)}::int[])
      `.execute(on);
      const pairs = entries.flatMap((e) =>
        [...new Set(e.valueIds)].map((id) => ({ product_id: e.productId, value_id: id })),
      );
      if (pairs.length === 0) return;
      await sql`
        INSERT INTO product_variation_values (product_id, option_value_id)
        SELECT product_id, value_id
        FROM jsonb_to_recordset(${json(pairs)}) AS x(product_id int, value_id int)
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
export const slugFor = (text: string) => slugOf(text) || 'x';

export type AdminProductsRepository = ReturnType<typeof adminProductsRepository>;
