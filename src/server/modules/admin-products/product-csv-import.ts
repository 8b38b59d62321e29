/**
 * The CSV import's writes (ADR 062), set-based: what a clean plan says, written in a few
 * statements per batch of rows instead of a dozen per row. In order:
 *
 * 1. the product rows of every family the import touches (and of the bundles made of
 *    their variations, and those bundles' parts) locked in id order in one statement,
 *    then those families' search documents in family order — the lock order of a
 *    checkout (products, then documents; ADR 076), taken before anything is written;
 * 2. new families (one INSERT), the option values the rows name (made when missing);
 * 3. new variations, a batch per statement, with their options and `opening` ledger rows;
 * 4. every changed row — a family's own fields, its variations' copies of them, prices,
 *    VAT, flags, the family's price from — rewritten to the value worked out here from
 *    the locked rows, a batch per statement, each stock level set by a relative change
 *    with its `correction` ledger row in the same statement (ADR 053);
 * 5. changed options (two statements per batch), then one `variation.update` audit
 *    record per variation changed (one INSERT per batch).
 *
 * The search triggers only note the families touched (a search batch, migration 053);
 * their documents are rewritten once, together, at the end. Batches hold whole families
 * (a family is split only when it alone has more rows than a batch). Validation is the caller's plan's, unchanged; this adds only the checks the
 * per-row writes made against the locked rows.
 */
import { taxCodeOf, taxColumns, type TaxCode } from '../../../domain/api/admin-products.ts';
import { AppError, validationError, type FieldErrors } from '../../../domain/errors.ts';
import type { Db } from '../../db/client.ts';
import { recordAudits, type AuditEntry } from '../audit/audit.repository.ts';
import { beginSearchBatch, refreshSearchBatch } from '../search/search-batch.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import {
  adminProductsRepository,
  slugFor,
  type CsvVariationRecord,
  type ImportRowRecord,
  type ImportRowWrite,
  type ImportVariationInsert,
} from './admin-products.repository.ts';
import type { CsvProduct } from './product-csv.ts';

/** Rows per write statement (a family's rows stay in one batch unless it has more). */
export const CSV_IMPORT_BATCH_ROWS = 500;

/** One planned row: what the dry run answers for it. */
export interface PlannedRow {
  line: number;
  sku: string;
  action: 'create' | 'update' | 'unchanged';
  fields: Record<string, [unknown, unknown]>;
}

export interface CsvImportWrite {
  rows: CsvProduct[];
  /** The plan's changes, in line order. */
  changes: PlannedRow[];
  /** The variations the file names, as the plan read them, by SKU. */
  existing: Map<string, CsvVariationRecord>;
  /** The existing families the file names, by slug. */
  families: Map<string, { id: number }>;
  /** A new product's picture until one is uploaded. */
  imagePath: string;
  batchRows: number;
}

const UNDATED = 'Please give the date stock is due for a pre-order';

/**
 * `items` cut into batches of about `size`, a family's items kept together (in order of
 * first appearance) unless they alone exceed `size`.
 */
export function batchesByFamily<T>(items: T[], familyOf: (item: T) => number, size: number) {
  const byFamily = new Map<number, T[]>();
  for (const item of items) {
    const family = familyOf(item);
    const list = byFamily.get(family);
    if (list) list.push(item);
    else byFamily.set(family, [item]);
  }
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const list of byFamily.values()) {
    if (batch.length > 0 && batch.length + list.length > size) {
      batches.push(batch);
      batch = [];
    }
    for (const item of list) {
      batch.push(item);
      if (batch.length >= size) {
        batches.push(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const sameRow = (a: ImportRowWrite, b: ImportRowWrite) =>
  a.name === b.name &&
  a.description === b.description &&
  a.category_id === b.category_id &&
  a.price === b.price &&
  a.tax_rate_bp === b.tax_rate_bp &&
  a.vat_exempt === b.vat_exempt &&
  a.is_preorder === b.is_preorder &&
  a.restock_date === b.restock_date &&
  a.discontinued === b.discontinued &&
  a.is_bundle === b.is_bundle &&
  a.stock_change === b.stock_change;

const rowWrite = (row: ImportRowRecord): ImportRowWrite => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category_id: row.category_id,
  price: row.price,
  tax_rate_bp: row.tax_rate_bp,
  vat_exempt: row.vat_exempt,
  is_preorder: row.is_preorder,
  restock_date: row.restock_date,
  discontinued: row.discontinued,
  is_bundle: row.is_bundle,
  stock_change: 0,
});

/** A family's price from and bundle flag, as `syncFamily` works them out. */
function familySummary(variations: { price: number; discontinued: boolean; bundle: boolean }[]) {
  if (variations.length === 0) return null;
  const sold = variations.filter((v) => !v.discontinued);
  return {
    price: (sold.length > 0 ? sold : variations).reduce(
      (low, v) => Math.min(low, v.price),
      Infinity,
    ),
    bundle: variations.some((v) => v.bundle),
  };
}

/**
 * Writes a clean plan inside the caller's transaction. Answers whether stock came back
 * from none somewhere (back-in-stock emails are due after the commit).
 */
export async function writeCsvImport(
  trx: Db,
  actor: StaffActor,
  input: CsvImportWrite,
): Promise<{ arrived: boolean }> {
  const repository = adminProductsRepository(trx);
  const size = Math.max(1, input.batchRows);
  const categoryIds = new Map((await repository.categories(trx)).map((c) => [c.slug, c.id]));
  const rowsByLine = new Map(input.rows.map((r) => [r.line, r]));
  const updates: { row: CsvProduct; change: PlannedRow; now: CsvVariationRecord }[] = [];
  const creates: CsvProduct[] = [];
  for (const change of input.changes) {
    const row = rowsByLine.get(change.line);
    if (!row || change.action === 'unchanged') continue;
    const now = input.existing.get(row.sku);
    if (change.action === 'update' && now) updates.push({ row, change, now });
    else if (change.action === 'create') creates.push(row);
  }

  // 1. Locks: products (id order), then the search documents their writes refresh.
  const touched = new Set<number>(updates.map((u) => u.now.family_id));
  for (const row of creates) {
    const family = input.families.get(row.family_slug);
    if (family) touched.add(family.id);
  }
  const locked = await repository.lockForImport([...touched], trx);
  await repository.lockSearchDocuments(
    [...new Set(locked.filter((r) => r.in_import).map((r) => r.parent_id ?? r.id))].sort(
      (a, b) => a - b,
    ),
    trx,
  );
  // Each family's document is written once, at the end (migration 053), not by every
  // statement's trigger.
  await beginSearchBatch(trx);
  const current = new Map(locked.map((r) => [r.id, r]));
  const next = new Map(locked.map((r) => [r.id, rowWrite(r)]));

  // A family's own fields: from the first changed row of the family that changes them.
  const familyFields = new Map<
    number,
    { name: string; description: string; category_id: number }
  >();
  for (const { row, change, now } of updates) {
    if (familyFields.has(now.family_id)) continue;
    if (change.fields.name || change.fields.category || change.fields.description) {
      familyFields.set(now.family_id, {
        name: row.name,
        description: row.description,
        category_id: categoryIds.get(row.category) ?? 0,
      });
    }
  }
  for (const write of next.values()) {
    const row = current.get(write.id)!;
    const fields = familyFields.get(row.parent_id ?? row.id);
    if (fields) Object.assign(write, fields);
  }

  // Each changed variation's new state, worked out from its locked row.
  const errors: FieldErrors = {};
  const changed: {
    id: number;
    before: {
      sku: string;
      price: number;
      tax: TaxCode;
      options: Record<string, string>;
      stock: number;
      preorder: boolean;
      restock_date: string | null;
      discontinued: boolean;
    };
    patch: { price?: number; tax?: TaxCode; options?: Record<string, string> };
  }[] = [];
  const optionChanges: { productId: number; options: Record<string, string> }[] = [];
  // The options each line writes: their values are made in line order (new ones placed so).
  const optionsByLine = new Map<number, Record<string, string>>();
  for (const { row, change, now } of updates) {
    const was = current.get(now.id);
    const write = next.get(now.id);
    if (!was || !write || was.parent_id === null) continue;
    const has = (field: string) => field in change.fields;
    const patch = {
      ...(has('price') ? { price: row.price } : {}),
      ...(has('tax') ? { tax: row.tax } : {}),
      ...(has('stock') ? { stock: row.stock } : {}),
      ...(has('preorder') ? { preorder: row.preorder } : {}),
      ...(has('restock_date') ? { restock_date: row.restock_date } : {}),
      ...(has('discontinued') ? { discontinued: row.discontinued } : {}),
      ...(has('options') ? { options: row.options } : {}),
    };
    if (Object.keys(patch).length === 0) continue;
    const prefix = `lines.${row.line}.`;
    const preorder = patch.preorder ?? was.is_preorder;
    const restockDate = patch.restock_date !== undefined ? patch.restock_date : was.restock_date;
    if (preorder && !restockDate) errors[`${prefix}restock_date`] = [UNDATED];
    if (was.is_bundle && patch.stock !== undefined && patch.stock !== 0) {
      errors[`${prefix}stock`] = ['A bundle has no stock of its own: its parts’ stock decides'];
    }
    if (patch.price !== undefined) write.price = patch.price;
    if (patch.tax !== undefined) Object.assign(write, taxColumns(patch.tax));
    write.is_preorder = preorder;
    write.restock_date = restockDate;
    if (patch.discontinued !== undefined) write.discontinued = patch.discontinued;
    if (patch.stock !== undefined && !was.is_bundle) {
      write.stock_change = patch.stock - was.quantity_on_hand;
    }
    if (patch.options !== undefined) {
      optionChanges.push({ productId: was.id, options: patch.options });
      optionsByLine.set(row.line, patch.options);
    }
    changed.push({
      id: was.id,
      before: {
        sku: was.sku,
        price: was.price,
        tax: taxCodeOf(was.tax_rate_bp, was.vat_exempt),
        options: {},
        stock: was.quantity_on_hand,
        preorder: was.is_preorder,
        restock_date: was.restock_date,
        discontinued: was.discontinued,
      },
      patch,
    });
  }

  // New families and variations: slugs as the per-row writes chose them, in line order.
  const variationSlug = (row: CsvProduct) =>
    `${row.family_slug}-${row.sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const taken = new Set(
    await repository.slugsTaken(
      [
        ...new Set([
          ...creates.filter((r) => !input.families.has(r.family_slug)).map((r) => r.family_slug),
          ...creates.map(variationSlug),
        ]),
      ],
      trx,
    ),
  );
  const newFamilies = new Map<
    string,
    {
      slug: string;
      sku: string;
      name: string;
      description: string;
      category_id: number;
      price: number;
      image_path: string;
    }
  >();
  const inserts: (Omit<ImportVariationInsert, 'parent_id' | 'value_ids'> & {
    family: number | string;
    options: Record<string, string>;
  })[] = [];
  const suffix = Date.now().toString(36);
  for (const row of creates) {
    const existing = input.families.get(row.family_slug);
    let fields: { name: string; description: string; category_id: number };
    if (existing) {
      const family = next.get(existing.id);
      fields = family ?? {
        name: row.name,
        description: row.description,
        category_id: categoryIds.get(row.category) ?? 0,
      };
    } else {
      let family = newFamilies.get(row.family_slug);
      if (!family) {
        if (taken.has(row.family_slug)) {
          throw new AppError('slug_exists', {
            errors: { [`lines.${row.line}.family_slug`]: ['Another product uses it'] },
          });
        }
        taken.add(row.family_slug);
        family = {
          slug: row.family_slug,
          sku: `P-${row.family_slug.toUpperCase()}`.slice(0, 200),
          name: row.name,
          description: row.description,
          category_id: categoryIds.get(row.category) ?? 0,
          price: row.price,
          image_path: input.imagePath,
        };
        newFamilies.set(row.family_slug, family);
      }
      fields = family;
    }
    if (row.preorder && !row.restock_date) errors[`lines.${row.line}.restock_date`] = [UNDATED];
    let slug = variationSlug(row);
    if (taken.has(slug)) {
      slug = `${slug}-${suffix}`;
      for (let n = 2; taken.has(slug); n++) slug = `${variationSlug(row)}-${suffix}-${n}`;
    }
    taken.add(slug);
    optionsByLine.set(row.line, row.options);
    inserts.push({
      family: existing?.id ?? row.family_slug,
      slug,
      sku: row.sku,
      name: fields.name,
      description: fields.description,
      category_id: fields.category_id,
      price: row.price,
      ...taxColumns(row.tax),
      is_preorder: row.preorder,
      restock_date: row.restock_date,
      discontinued: row.discontinued,
      position: 1_000 + row.line,
      stock: row.stock,
      options: row.options,
    });
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // The changed variations' options as they are (their audit records' before).
  const optionsBefore = new Map<number, Record<string, string>>();
  for (const batch of chunks(changed, size)) {
    const found = await repository.optionsOf(
      batch.map((c) => c.id),
      trx,
    );
    for (const [id, options] of found) optionsBefore.set(id, options);
  }

  // A new family's price from is its variations' (as syncFamily would make it).
  const newVariationsOf = new Map<
    string,
    { price: number; discontinued: boolean; bundle: boolean }[]
  >();
  for (const v of inserts) {
    if (typeof v.family !== 'string') continue;
    const list = newVariationsOf.get(v.family) ?? [];
    list.push({ price: v.price, discontinued: v.discontinued, bundle: false });
    newVariationsOf.set(v.family, list);
  }
  for (const family of newFamilies.values()) {
    const summary = familySummary(newVariationsOf.get(family.slug) ?? []);
    if (summary) family.price = summary.price;
  }
  // An existing family's price from and bundle flag, from its variations' new state.
  const variationsOf = new Map<
    number,
    { price: number; discontinued: boolean; bundle: boolean }[]
  >();
  const add = (familyId: number, v: { price: number; discontinued: boolean; bundle: boolean }) => {
    const list = variationsOf.get(familyId);
    if (list) list.push(v);
    else variationsOf.set(familyId, [v]);
  };
  for (const row of locked) {
    if (row.parent_id === null || !touched.has(row.parent_id)) continue;
    const v = next.get(row.id)!;
    add(row.parent_id, { price: v.price, discontinued: v.discontinued, bundle: v.is_bundle });
  }
  for (const v of inserts) {
    if (typeof v.family === 'number') {
      add(v.family, { price: v.price, discontinued: v.discontinued, bundle: false });
    }
  }
  for (const familyId of touched) {
    const family = next.get(familyId);
    if (!family) continue;
    const summary = familySummary(variationsOf.get(familyId) ?? []);
    if (summary) {
      family.price = summary.price;
      family.is_bundle = summary.bundle;
    }
  }

  // 2. New families, and the option values named.
  await repository.releaseSlugs([...newFamilies.keys()], trx);
  const familyIds = await repository.insertFamilies([...newFamilies.values()], trx);
  const valueIds = await repository.optionValueIds(
    input.changes.flatMap((change) =>
      Object.entries(optionsByLine.get(change.line) ?? {}).map(([option, value]) => ({
        option,
        value,
      })),
    ),
    trx,
  );
  const valuesOf = (options: Record<string, string>) =>
    Object.entries(options).map(([option, value]) =>
      valueIds.get(`${slugFor(option)}/${slugFor(value)}`)!,
    );

  // 3. New variations with their options and opening stock.
  let arrived = false;
  const familyOf = (family: number | string) =>
    typeof family === 'number' ? family : familyIds.get(family)!;
  for (const batch of batchesByFamily(inserts, (v) => familyOf(v.family), size)) {
    await repository.insertVariations(
      batch.map(({ family, options, ...v }) => ({
        ...v,
        parent_id: familyOf(family),
        value_ids: valuesOf(options),
      })),
      actor.staffId,
      input.imagePath,
      trx,
    );
    arrived = arrived || batch.some((v) => v.stock > 0);
  }

  // 4. Every changed row, with its stock corrections.
  const writes = [...next.values()].filter((w) => !sameRow(w, rowWrite(current.get(w.id)!)));
  const levels = new Map<number, { before: number; after: number }>();
  for (const batch of batchesByFamily(writes, (w) => current.get(w.id)!.parent_id ?? w.id, size)) {
    const moved = await repository.writeImportRows(
      batch,
      { note: 'Level set on the product page', staffId: actor.staffId },
      trx,
    );
    for (const m of moved) levels.set(m.id, m);
    for (const w of batch) {
      if (w.stock_change !== 0 && !levels.has(w.id)) throw new AppError('stock_changed');
    }
  }
  for (const level of levels.values()) {
    arrived = arrived || (level.before === 0 && level.after > 0);
  }

  // 5. Options, then one audit record per variation changed (as the product page's).
  for (const batch of chunks(optionChanges, size)) {
    await repository.replaceOptions(
      batch.map((c) => ({ productId: c.productId, valueIds: valuesOf(c.options) })),
      trx,
    );
  }
  for (const batch of chunks(changed, size)) {
    const entries: AuditEntry[] = batch.map(({ id, before, patch }) => {
      const write = next.get(id)!;
      const was = { ...before, options: optionsBefore.get(id) ?? {} };
      return {
        action: 'variation.update',
        entityType: 'variation',
        entityId: id,
        before: was,
        after: {
          sku: was.sku,
          price: patch.price ?? was.price,
          tax: patch.tax ?? was.tax,
          options: patch.options ?? was.options,
          stock: levels.get(id)?.after ?? was.stock,
          preorder: write.is_preorder,
          restock_date: write.restock_date,
          discontinued: write.discontinued,
        },
      };
    });
    await recordAudits(trx, actor, entries);
  }
  await refreshSearchBatch(trx);
  return { arrived };
}
