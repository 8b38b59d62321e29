/**
 * Products in the back office (issue 22, ADR 062): staff create and edit product families
 * and their variations. Each write is one transaction with its audit record; stock goes
 * through the stock ledger (ADR 053: `opening` for a new variation, `correction` when a
 * level is set here); the search documents follow by their triggers (migration 029); a
 * renamed family keeps its old slug as a 301. After the commit this process's catalogue
 * cache is dropped, so the change shows here at once (others within
 * CATALOGUE_CACHE_SECONDS, ADR 056).
 */
import {
  taxCodeOf,
  taxColumns,
  type AdminProduct,
  type AdminProductRow,
  type TaxCode,
} from '../../../domain/api/admin-products.ts';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { AppError, validationError, type FieldErrors } from '../../../domain/errors.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { stockLedgerRepository } from '../stock/stock-ledger.repository.ts';
import {
  adminProductsRepository,
  uniqueClash,
  type CsvVariationRecord,
  type VariationRecord,
} from './admin-products.repository.ts';
import {
  csvHeader,
  csvRecord,
  parseProductsCsv,
  type CsvLineError,
  type CsvProduct,
} from './product-csv.ts';
import { CSV_IMPORT_BATCH_ROWS, writeCsvImport } from './product-csv-import.ts';

/** Most rows one page of the list holds. */
export const PRODUCT_PAGE_LIMIT = { default: 50, max: 200 } as const;

/** Where a new product's picture is until one is uploaded (the pictures part). */
export const NO_PICTURE_PATH = 'products/no-picture.svg';

export interface ComponentInput {
  sku: string;
  quantity: number;
}

/** A variation's fields as a request gives them (all optional in a patch). */
export interface VariationFields {
  sku: string;
  price: number;
  options: Record<string, string>;
  stock: number;
  tax: TaxCode;
  preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
  /** A bundle's parts; [] for none. */
  components: ComponentInput[];
}

export interface NewProduct {
  name: string;
  slug: string;
  category: string;
  description: string;
  variations: (Pick<VariationFields, 'sku' | 'price'> & Partial<VariationFields>)[];
}

export interface ProductPatch {
  name?: string;
  slug?: string;
  category?: string;
  description?: string;
  /** Applied to every variation. */
  discontinued?: boolean;
  preorder?: boolean;
  restock_date?: string | null;
  tax?: TaxCode;
  /** With `id`: changes that variation; without: adds one. */
  variations?: (Partial<VariationFields> & { id?: number })[];
}

export type VariationPatch = Partial<VariationFields>;

/** One row's effect in an import: what it makes or changes, field by field. */
export interface CsvChange {
  line: number;
  sku: string;
  action: 'create' | 'update' | 'unchanged';
  /** Field → [before, after] (create: [null, value]). */
  fields: Record<string, [unknown, unknown]>;
}

export interface CsvImportResult {
  dry_run: boolean;
  changes: CsvChange[];
  errors: CsvLineError[];
  /** Rows that create, change and leave as they are. */
  counts: { create: number; update: number; unchanged: number };
}

const csvTaxOf = (row: CsvVariationRecord) => taxCodeOf(row.tax_rate_bp, row.vat_exempt);
const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

const encodeCursor = (id: number) => Buffer.from(String(id), 'utf8').toString('base64url');

function decodeCursor(cursor: string | null): number | null {
  if (cursor === null) return null;
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,10}$/.test(value) || encodeCursor(Number(value)) !== cursor) {
    throw validationError({ cursor: ['This page link is not valid: start from the first page'] });
  }
  return Number(value);
}

/** SKUs are kept upper case. */
const skuOf = (sku: string) => sku.trim().toUpperCase();

export function adminProductsService(deps: {
  db: Db;
  catalogue: {
    invalidate(): void;
    familyBySlug(slug: string): Promise<FamilyView | null>;
  };
  /** Sends back-in-stock emails now due (stock came back from none). */
  alerts?: { dispatch(): Promise<unknown> };
  log?: { error(object: object, message: string): void };
  /** Rows per write statement of a CSV import (tests make it small). */
  importBatchRows?: number;
}) {
  const { db } = deps;
  const repository = adminProductsRepository(db);

  /** The shop's view of a family, read afresh. */
  async function shopView(familyId: number): Promise<FamilyView> {
    const view = await deps.catalogue.familyBySlug(String(familyId));
    if (!view) throw new AppError('not_found');
    return view;
  }

  async function afterWrite(stockArrived: boolean): Promise<void> {
    deps.catalogue.invalidate();
    if (!stockArrived || !deps.alerts) return;
    try {
      await deps.alerts.dispatch();
    } catch (error) {
      // The change is made; the minute sweep sends what this could not.
      deps.log?.error({ err: error }, 'back-in-stock emails after a product change failed');
    }
  }

  /** A 409 naming the field, or the error as it came. */
  function clashError(error: unknown, skuField: string, slugField = 'slug'): unknown {
    const clash = uniqueClash(error);
    if (clash === 'sku') {
      return new AppError('sku_exists', {
        errors: { [skuField]: ['Another variation already uses that SKU'] },
      });
    }
    if (clash === 'slug') {
      return new AppError('slug_exists', {
        errors: { [slugField]: ['Another product already uses that web address'] },
      });
    }
    return error;
  }

  /** The parts of a bundle by SKU, or field errors. */
  async function partsOf(
    trx: Db,
    components: ComponentInput[],
    field: string,
    selfSku: string | null,
  ): Promise<{ id: number; quantity: number }[]> {
    const skus = components.map((c) => skuOf(c.sku));
    const found = await repository.variationsBySku(skus, trx);
    const errors: FieldErrors = {};
    const parts: { id: number; quantity: number }[] = [];
    components.forEach((component, index) => {
      const sku = skuOf(component.sku);
      const row = found.find((r) => r.sku === sku);
      const at = `${field}.${index}.sku`;
      if (selfSku !== null && sku === selfSku) errors[at] = ['A bundle cannot contain itself'];
      else if (!row || row.parent_id === null) errors[at] = [`No variation has the SKU ${sku}`];
      else if (row.is_bundle) errors[at] = [`${sku} is a bundle: choose its parts instead`];
      else if (skus.indexOf(sku) !== index) errors[at] = ['This part is listed twice'];
      else parts.push({ id: row.id, quantity: component.quantity });
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return parts;
  }

  /** Checks a variation's final state; throws a 422 naming `prefix`'s fields. */
  function checkVariation(
    state: { preorder: boolean; restock_date: string | null; bundle: boolean },
    patch: Partial<VariationFields>,
    prefix: string,
  ): void {
    const errors: FieldErrors = {};
    if (state.preorder && !state.restock_date) {
      errors[`${prefix}restock_date`] = ['Please give the date stock is due for a pre-order'];
    }
    if (state.bundle && patch.stock !== undefined && patch.stock !== 0) {
      errors[`${prefix}stock`] = ['A bundle has no stock of its own: its parts’ stock decides'];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  /** Inserts one variation of a family, with its options, parts and opening stock. */
  async function insertVariation(
    trx: Db,
    actor: StaffActor,
    family: { id: number; slug: string; name: string; description: string; categoryId: number },
    input: NewProduct['variations'][number],
    position: number,
    prefix: string,
  ): Promise<{ id: number; stock: number }> {
    const sku = skuOf(input.sku);
    const components = input.components ?? [];
    const bundle = components.length > 0;
    checkVariation(
      {
        preorder: input.preorder ?? false,
        restock_date: input.restock_date ?? null,
        bundle,
      },
      input,
      prefix,
    );
    const parts = bundle ? await partsOf(trx, components, `${prefix}components`, sku) : [];
    let slug = `${family.slug}-${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    if (await repository.slugTaken(slug, trx)) slug = `${slug}-${Date.now().toString(36)}`;
    const row = await trx
      .insertInto('products')
      .values({
        parent_id: family.id,
        slug,
        sku,
        name: family.name,
        description: family.description,
        category_id: family.categoryId,
        price: input.price,
        ...taxColumns(input.tax ?? 'standard'),
        is_preorder: input.preorder ?? false,
        restock_date: input.restock_date ?? null,
        discontinued: input.discontinued ?? false,
        is_bundle: bundle,
        image_path: NO_PICTURE_PATH,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const valueIds: number[] = [];
    for (const [option, value] of Object.entries(input.options ?? {})) {
      valueIds.push(await repository.optionValueId(option, value, trx));
    }
    await repository.setOptions(row.id, valueIds, trx);
    if (bundle) await repository.setComponents(row.id, parts, trx);
    const stock = bundle ? 0 : (input.stock ?? 0);
    if (stock > 0) {
      await stockLedgerRepository(trx).apply({
        productId: row.id,
        change: stock,
        reason: 'opening',
        note: 'Stock of a new variation',
        staffId: actor.staffId,
      });
    }
    return { id: row.id, stock };
  }

  /** A variation as its audit record shows it. */
  async function auditView(trx: Db, variation: VariationRecord) {
    const options = (await repository.optionsOf([variation.id], trx)).get(variation.id) ?? {};
    return {
      sku: variation.sku,
      price: variation.price,
      tax: taxCodeOf(variation.tax_rate_bp, variation.vat_exempt),
      options,
      stock: variation.quantity_on_hand,
      preorder: variation.is_preorder,
      restock_date: variation.restock_date,
      discontinued: variation.discontinued,
    };
  }

  /**
   * Applies a patch to one (locked) variation: its columns, options, parts and stock (a
   * ledger `correction` to the level given). Answers whether stock came back from none.
   */
  async function patchVariation(
    trx: Db,
    actor: StaffActor,
    current: VariationRecord,
    patch: VariationPatch,
    prefix: string,
  ): Promise<boolean> {
    const before = await auditView(trx, current);
    const bundle = patch.components !== undefined ? patch.components.length > 0 : current.is_bundle;
    const preorder = patch.preorder ?? current.is_preorder;
    const restockDate =
      patch.restock_date !== undefined ? patch.restock_date : current.restock_date;
    checkVariation({ preorder, restock_date: restockDate, bundle }, patch, prefix);
    const sku = patch.sku !== undefined ? skuOf(patch.sku) : current.sku;
    if (sku !== current.sku && (await repository.skusTaken([sku], trx, current.id)).length) {
      throw new AppError('sku_exists', {
        errors: { [`${prefix}sku`]: [`Another variation already uses ${sku}`] },
      });
    }
    const changes = {
      ...(patch.sku !== undefined ? { sku } : {}),
      ...(patch.price !== undefined ? { price: patch.price } : {}),
      ...(patch.tax !== undefined ? taxColumns(patch.tax) : {}),
      ...(patch.preorder !== undefined ? { is_preorder: patch.preorder } : {}),
      ...(patch.restock_date !== undefined ? { restock_date: patch.restock_date } : {}),
      ...(patch.discontinued !== undefined ? { discontinued: patch.discontinued } : {}),
      ...(patch.components !== undefined ? { is_bundle: bundle } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await trx.updateTable('products').set(changes).where('id', '=', current.id).execute();
    }
    if (patch.options !== undefined) {
      const valueIds: number[] = [];
      for (const [option, value] of Object.entries(patch.options)) {
        valueIds.push(await repository.optionValueId(option, value, trx));
      }
      await repository.setOptions(current.id, valueIds, trx);
    }
    let partsBefore: ComponentInput[] | undefined;
    if (patch.components !== undefined) {
      if (bundle && !current.is_bundle) {
        // A part of a bundle cannot become one: bundles are made of plain variations.
        const holders = await repository.bundlesContaining(current.id, trx);
        if (holders.length > 0) {
          throw validationError({
            [`${prefix}components`]: [
              `${sku} is a part of ${holders.join(', ')}, so it cannot be a bundle itself`,
            ],
          });
        }
      }
      partsBefore = (await repository.componentsOf([current.id], trx)).map((c) => ({
        sku: c.sku,
        quantity: c.quantity,
      }));
      const parts = bundle ? await partsOf(trx, patch.components, `${prefix}components`, sku) : [];
      await repository.setComponents(current.id, parts, trx);
    }
    let arrived = false;
    let level = current.quantity_on_hand;
    if (patch.stock !== undefined && !bundle && patch.stock !== current.quantity_on_hand) {
      const moved = await stockLedgerRepository(trx).apply({
        productId: current.id,
        change: patch.stock - current.quantity_on_hand,
        reason: 'correction',
        note: 'Level set on the product page',
        staffId: actor.staffId,
      });
      if (!moved) throw new AppError('stock_changed');
      arrived = moved.before === 0 && moved.after > 0;
      level = moved.after;
    }
    // The record's after is what was written (no second read of the row and its options).
    await recordAudit(trx, actor, {
      action: 'variation.update',
      entityType: 'variation',
      entityId: current.id,
      before: partsBefore ? { ...before, components: partsBefore } : before,
      after: {
        ...(patch.components !== undefined
          ? {
              components: patch.components.map((c) => ({
                sku: skuOf(c.sku),
                quantity: c.quantity,
              })),
            }
          : {}),
        sku,
        price: patch.price ?? before.price,
        tax: patch.tax ?? before.tax,
        options: patch.options ?? before.options,
        stock: level,
        preorder,
        restock_date: restockDate,
        discontinued: patch.discontinued ?? before.discontinued,
      },
    });
    return arrived;
  }

  /** A family as the edit page reads it; 404 for no family. */
  async function getProduct(id: number, on: Db = db): Promise<AdminProduct> {
    const family = await repository.family(id, on);
    if (!family) throw new AppError('not_found', { message: 'No product has that id.' });
    const variations = await repository.variationsWithOptions(id, on);
    const bundles = variations.filter((v) => v.is_bundle).map((v) => v.id);
    const components = await repository.componentsOf(bundles, on);
    const options = new Map(variations.map((v) => [v.id, v.options]));
    return {
      id: family.id,
      name: family.name,
      slug: family.slug,
      url: `/products/${family.slug}`,
      category: { slug: family.category_slug, name: family.category_name },
      description: family.description,
      old_slugs: await repository.oldSlugs(id, on),
      variations: variations.map((v) => ({
        id: v.id,
        sku: v.sku,
        price: v.price,
        tax: taxCodeOf(v.tax_rate_bp, v.vat_exempt),
        options: options.get(v.id) ?? {},
        stock: v.quantity_on_hand,
        preorder: v.is_preorder,
        restock_date: v.restock_date,
        discontinued: v.discontinued,
        is_bundle: v.is_bundle,
        components: components
          .filter((c) => c.bundle_id === v.id)
          .map((c) => ({ id: c.id, sku: c.sku, name: c.name, quantity: c.quantity })),
      })),
    };
  }

  /**
   * What each CSV row would do, compared with the catalogue as `on` reads it, and the
   * problems only the catalogue shows (an unknown category; a SKU of a bundle).
   */
  async function planImport(rows: CsvProduct[], on: Db) {
    const existing = new Map(
      (
        await repository.csvRows(
          rows.map((r) => r.sku),
          on,
        )
      ).map((r) => [r.sku, r]),
    );
    const categories = new Set((await repository.categories(on)).map((c) => c.slug));
    const families = new Map(
      (await repository.familiesBySlug([...new Set(rows.map((r) => r.family_slug))], on)).map(
        (f) => [f.slug, f],
      ),
    );
    const changes: CsvChange[] = [];
    const errors: CsvLineError[] = [];
    for (const row of rows) {
      if (!categories.has(row.category)) {
        errors.push({ line: row.line, field: 'category', message: `No category ${row.category}` });
        continue;
      }
      const now = existing.get(row.sku);
      const undated = () =>
        errors.push({
          line: row.line,
          field: 'restock_date',
          message: 'Please give the date stock is due for a pre-order',
        });
      if (!now) {
        if (row.preorder && !row.restock_date) {
          undated();
          continue;
        }
        const family = families.get(row.family_slug);
        const fields: Record<string, [unknown, unknown]> = {
          family_slug: [null, row.family_slug],
          price: [null, row.price],
          tax: [null, row.tax],
          stock: [null, row.stock],
          options: [null, row.options],
        };
        if (!family)
          Object.assign(fields, { name: [null, row.name], category: [null, row.category] });
        changes.push({ line: row.line, sku: row.sku, action: 'create', fields });
        continue;
      }
      if (now.family_slug !== row.family_slug) {
        errors.push({
          line: row.line,
          field: 'family_slug',
          message: `${row.sku} belongs to ${now.family_slug}: a variation cannot move family`,
        });
        continue;
      }
      const fields: Record<string, [unknown, unknown]> = {};
      const differ = (field: string, before: unknown, after: unknown) => {
        if (before !== after) fields[field] = [before, after];
      };
      differ('name', now.name, row.name);
      differ('category', now.category, row.category);
      differ('description', now.description, row.description);
      differ('price', now.price, row.price);
      differ('tax', csvTaxOf(now), row.tax);
      if (now.is_bundle) {
        if (row.stock !== now.quantity_on_hand && row.stock !== 0) {
          errors.push({
            line: row.line,
            field: 'stock',
            message: 'A bundle has no stock of its own',
          });
          continue;
        }
      } else differ('stock', now.quantity_on_hand, row.stock);
      differ('preorder', now.is_preorder, row.preorder);
      differ('restock_date', now.restock_date, row.restock_date);
      differ('discontinued', now.discontinued, row.discontinued);
      if (!sameOptions(now.options, row.options)) fields.options = [now.options, row.options];
      if ((fields.preorder || fields.restock_date) && row.preorder && !row.restock_date) {
        undated();
        continue;
      }
      changes.push({
        line: row.line,
        sku: row.sku,
        action: Object.keys(fields).length > 0 ? 'update' : 'unchanged',
        fields,
      });
    }
    return { changes, errors, existing, families };
  }

  return {
    /** A page of families, newest first, with what the list shows of each. */
    async list(query: {
      q: string | null;
      category: string | null;
      status: 'live' | 'discontinued' | null;
      cursor: string | null;
      limit: number;
    }): Promise<{ rows: AdminProductRow[]; nextCursor: string | null }> {
      const found = await repository.list({
        q: query.q,
        category: query.category,
        status: query.status,
        beforeId: decodeCursor(query.cursor),
        limit: query.limit + 1,
      });
      const rows = found.slice(0, query.limit);
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          category: { slug: row.category_slug, name: row.category_name },
          price: row.price ?? 0,
          variations: row.variations,
          stock: row.stock,
          discontinued: row.discontinued ?? false,
          preorder: row.preorder ?? false,
        })),
        nextCursor: found.length > query.limit && last ? encodeCursor(last.id) : null,
      };
    },

    /** A family as the edit page reads it; 404 for no family. */
    get: (id: number) => getProduct(id),

    /** The current slug of the family that had `slug` before, or null. */
    movedTo: (slug: string) => repository.movedTo(slug),

    /** Creates a family and its variations; 201 with the shop's view of it. */
    async create(actor: StaffActor, input: NewProduct): Promise<FamilyView> {
      const skus = input.variations.map((v) => skuOf(v.sku));
      const duplicates: FieldErrors = {};
      skus.forEach((sku, index) => {
        if (skus.indexOf(sku) !== index) {
          duplicates[`variations.${index}.sku`] = ['Two variations cannot share a SKU'];
        }
      });
      const combos = input.variations.map((v) =>
        JSON.stringify(Object.entries(v.options ?? {}).sort()),
      );
      combos.forEach((combo, index) => {
        if (combos.indexOf(combo) !== index) {
          duplicates[`variations.${index}.options`] = [
            'Two variations have the same options: give each its own (e.g. Size: 60cm)',
          ];
        }
      });
      if (Object.keys(duplicates).length > 0) throw validationError(duplicates);
      let familyId = 0;
      let arrived = false;
      try {
        await db.transaction().execute(async (trx) => {
          const category = await repository.categoryBySlug(input.category, trx);
          if (!category) throw validationError({ category: ['Please choose a category'] });
          if (await repository.slugTaken(input.slug, trx)) {
            throw new AppError('slug_exists', {
              errors: { slug: ['Another product already uses that web address'] },
            });
          }
          const taken = await repository.skusTaken(skus, trx);
          if (taken.length > 0) {
            const errors: FieldErrors = {};
            skus.forEach((sku, index) => {
              if (taken.includes(sku)) {
                errors[`variations.${index}.sku`] = [`Another variation already uses ${sku}`];
              }
            });
            throw new AppError('sku_exists', { errors });
          }
          let familySku = `P-${input.slug.toUpperCase()}`;
          if ((await repository.skusTaken([familySku], trx)).length) {
            familySku = `${familySku}-${Date.now().toString(36).toUpperCase()}`;
          }
          await repository.releaseSlug(input.slug, trx);
          const family = await trx
            .insertInto('products')
            .values({
              parent_id: null,
              slug: input.slug,
              sku: familySku,
              name: input.name,
              description: input.description,
              category_id: category.id,
              price: Math.min(...input.variations.map((v) => v.price)),
              image_path: NO_PICTURE_PATH,
              position: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          familyId = family.id;
          const made: { id: number; stock: number }[] = [];
          for (const [index, variation] of input.variations.entries()) {
            made.push(
              await insertVariation(
                trx,
                actor,
                {
                  id: family.id,
                  slug: input.slug,
                  name: input.name,
                  description: input.description,
                  categoryId: category.id,
                },
                variation,
                index,
                `variations.${index}.`,
              ),
            );
          }
          arrived = made.some((m) => m.stock > 0);
          await repository.syncFamily(family.id, trx);
          await recordAudit(trx, actor, {
            action: 'product.create',
            entityType: 'product',
            entityId: family.id,
            after: await getProduct(family.id, trx),
          });
        });
      } catch (error) {
        throw clashError(error, 'variations.0.sku');
      }
      await afterWrite(arrived);
      return shopView(familyId);
    },

    /** Changes a family's fields, and its variations' (or adds some). */
    async update(actor: StaffActor, id: number, patch: ProductPatch): Promise<FamilyView> {
      let arrived = false;
      try {
        await db.transaction().execute(async (trx) => {
          const family = await repository.family(id, trx);
          if (!family) throw new AppError('not_found', { message: 'No product has that id.' });
          const before = await getProduct(id, trx);
          const category =
            patch.category === undefined
              ? { id: family.category_id }
              : await repository.categoryBySlug(patch.category, trx);
          if (!category) throw validationError({ category: ['Please choose a category'] });
          const slug = patch.slug ?? family.slug;
          if (slug !== family.slug) {
            if (await repository.slugTaken(slug, trx, id)) {
              throw new AppError('slug_exists', {
                errors: { slug: ['Another product already uses that web address'] },
              });
            }
            await repository.moveSlug(id, family.slug, slug, trx);
          }
          const name = patch.name ?? family.name;
          const description = patch.description ?? family.description;
          // The family and its variations (which carry its name, description and category)
          // in one statement: the search document is refreshed once.
          if (
            slug !== family.slug ||
            name !== family.name ||
            description !== family.description ||
            category.id !== family.category_id
          ) {
            await repository.renameFamily(
              id,
              { slug, name, description, categoryId: category.id },
              trx,
            );
          }
          const variations = await repository.variations(id, trx, true);
          const shared: VariationPatch = {
            ...(patch.discontinued !== undefined ? { discontinued: patch.discontinued } : {}),
            ...(patch.preorder !== undefined ? { preorder: patch.preorder } : {}),
            ...(patch.restock_date !== undefined ? { restock_date: patch.restock_date } : {}),
            ...(patch.tax !== undefined ? { tax: patch.tax } : {}),
          };
          if (Object.keys(shared).length > 0) {
            for (const variation of variations) {
              arrived = (await patchVariation(trx, actor, variation, shared, '')) || arrived;
            }
          }
          for (const [index, entry] of (patch.variations ?? []).entries()) {
            const prefix = `variations.${index}.`;
            const { id: variationId, ...fields } = entry;
            if (variationId !== undefined) {
              const current = await repository.variation(variationId, trx, true);
              if (!current || current.parent_id !== id) {
                throw validationError({
                  [`${prefix}id`]: ['This variation is not this product’s'],
                });
              }
              arrived = (await patchVariation(trx, actor, current, fields, prefix)) || arrived;
            } else {
              if (fields.sku === undefined || fields.price === undefined) {
                throw validationError({
                  ...(fields.sku === undefined ? { [`${prefix}sku`]: ['Please give a SKU'] } : {}),
                  ...(fields.price === undefined
                    ? { [`${prefix}price`]: ['Please give a price in pence'] }
                    : {}),
                });
              }
              const sku = skuOf(fields.sku);
              if ((await repository.skusTaken([sku], trx)).length) {
                throw new AppError('sku_exists', {
                  errors: { [`${prefix}sku`]: [`Another variation already uses ${sku}`] },
                });
              }
              const made = await insertVariation(
                trx,
                actor,
                { id, slug, name, description, categoryId: category.id },
                { ...fields, sku: fields.sku, price: fields.price },
                variations.length + index,
                prefix,
              );
              arrived = arrived || made.stock > 0;
            }
          }
          await repository.syncFamily(id, trx);
          await recordAudit(trx, actor, {
            action: 'product.update',
            entityType: 'product',
            entityId: id,
            before,
            after: await getProduct(id, trx),
          });
        });
      } catch (error) {
        throw clashError(error, 'variations.0.sku');
      }
      await afterWrite(arrived);
      return shopView(id);
    },

    /** Every variation as CSV lines (the header first). */
    async *exportCsv(): AsyncGenerator<string> {
      yield csvHeader();
      for (const row of await repository.csvRows(null)) {
        yield csvRecord({
          sku: row.sku,
          family_slug: row.family_slug,
          name: row.name,
          category: row.category,
          description: row.description,
          options: row.options,
          price: row.price,
          tax: csvTaxOf(row),
          stock: row.quantity_on_hand,
          preorder: row.is_preorder,
          restock_date: row.restock_date,
          discontinued: row.discontinued,
        });
      }
    },

    /**
     * Imports products from CSV, SKU as key. A dry run answers every row's change and
     * every problem by line and writes nothing. A real import with any problem is a 422
     * listing them (nothing written); else every change is made in one transaction, with
     * the audit records of each variation changed and one for the import.
     */
    async importCsv(actor: StaffActor, text: string, dryRun: boolean): Promise<CsvImportResult> {
      const parsed = parseProductsCsv(text);
      const summary = (changes: CsvChange[], errors: CsvLineError[]): CsvImportResult => ({
        dry_run: dryRun,
        changes,
        errors: errors.sort((a, b) => a.line - b.line),
        counts: {
          create: changes.filter((c) => c.action === 'create').length,
          update: changes.filter((c) => c.action === 'update').length,
          unchanged: changes.filter((c) => c.action === 'unchanged').length,
        },
      });
      if (dryRun) {
        const plan = await planImport(parsed.rows, db);
        return summary(plan.changes, [...parsed.errors, ...plan.errors]);
      }
      let result: CsvImportResult | null = null;
      let arrived = false;
      try {
        await db.transaction().execute(async (trx) => {
          const plan = await planImport(parsed.rows, trx);
          const errors = [...parsed.errors, ...plan.errors];
          if (errors.length > 0) {
            const fields: FieldErrors = {};
            for (const e of errors) (fields[`lines.${e.line}.${e.field}`] ??= []).push(e.message);
            throw validationError(fields);
          }
          // Set-based, in batches, locks taken products first (product-csv-import.ts).
          ({ arrived } = await writeCsvImport(trx, actor, {
            rows: parsed.rows,
            changes: plan.changes,
            existing: plan.existing,
            families: plan.families,
            imagePath: NO_PICTURE_PATH,
            batchRows: deps.importBatchRows ?? CSV_IMPORT_BATCH_ROWS,
          }));
          result = summary(plan.changes, []);
          await recordAudit(trx, actor, {
            action: 'product.import',
            entityType: 'product',
            entityId: 'csv',
            after: result.counts,
            reason: `CSV import: ${result.counts.create} created, ${result.counts.update} changed`,
          });
        });
      } catch (error) {
        throw clashError(error, 'csv', 'csv');
      }
      await afterWrite(arrived);
      return result ?? summary([], []);
    },

    /** Changes one variation; answers its family in the shop's view. */
    async updateVariation(
      actor: StaffActor,
      variationId: number,
      patch: VariationPatch,
    ): Promise<FamilyView> {
      let familyId = 0;
      let arrived = false;
      try {
        await db.transaction().execute(async (trx) => {
          const current = await repository.variation(variationId, trx, true);
          if (!current) throw new AppError('not_found', { message: 'No variation has that id.' });
          familyId = current.parent_id;
          arrived = await patchVariation(trx, actor, current, patch, '');
          await repository.syncFamily(familyId, trx);
        });
      } catch (error) {
        throw clashError(error, 'sku');
      }
      await afterWrite(arrived);
      return shopView(familyId);
    },
  };
}

export type AdminProductsService = ReturnType<typeof adminProductsService>;
