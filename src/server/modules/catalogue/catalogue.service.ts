/**
 * The catalogue: product families, their sellable variations, stock and the
 * Product view of spec section 3. A request reads only the families it needs (ADR
 * 056): a product page its family, a list page the families the search port answered,
 * a basket the families of its lines and their bundles' parts. Families read are kept
 * for reuse in a bounded per-process cache (at most `maxFamilies`, at most `cacheMs`
 * old); there is no whole-catalogue copy.
 */
import { LRUCache } from 'lru-cache';
import { pence, vatIncluded } from '../../../domain/money.ts';
import { priceView } from '../../../domain/price-view.ts';
import type {
  CategoryView,
  FamilyView,
  ImageView,
  OptionPair,
  ProductView,
} from '../../../domain/api/catalogue.ts';
import {
  PICTURE_FORMATS,
  picturePath,
  pictureSrcWidth,
  pictureSrcset,
} from '../../../domain/pictures.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type {
  CatalogueRepository,
  CatalogueRows,
  CategoryCountRow,
  CategoryRow,
  FamilyRows,
  FirstPictureRow,
  ProductRow,
} from './catalogue.repository.ts';

export interface Variation {
  row: ProductRow;
  family: Family;
  options: OptionPair[];
  components: { variationId: number; quantity: number }[];
}

export interface Family {
  row: ProductRow;
  category: CategoryRow;
  variations: Variation[];
}

/**
 * An immutable view over some families' rows (those a request needs, with their
 * bundles' parts), read in one cache generation.
 */
export class CatalogueSnapshot {
  /**
   * The cache generation the rows were read in: two snapshots of the same generation
   * show the same data (the basket view's reuse key, ADR 005/012).
   */
  readonly generation: object;
  readonly categories: CategoryRow[];
  readonly families: Family[];
  readonly #variations = new Map<number, Variation>();
  readonly #familiesById = new Map<number, Family>();
  readonly #familiesBySlug = new Map<string, Family>();
  readonly #variationsBySlug = new Map<string, Variation>();
  /** Lists already built from this (immutable) snapshot, by category and sort. */

  constructor(rows: CatalogueRows, generation: object = {}) {
    this.generation = generation;
    this.categories = rows.categories;
    const categories = new Map(rows.categories.map((c) => [c.id, c]));
    this.families = [];
    for (const row of rows.products) {
      if (row.parent_id !== null) continue;
      const category = categories.get(row.category_id);
      if (!category) continue;
      const family: Family = { row, category, variations: [] };
      this.families.push(family);
      this.#familiesById.set(row.id, family);
      this.#familiesBySlug.set(row.slug, family);
    }
    for (const row of rows.products) {
      if (row.parent_id === null) continue;
      const family = this.#familiesById.get(row.parent_id);
      if (!family) continue;
      const variation: Variation = { row, family, options: [], components: [] };
      family.variations.push(variation);
      this.#variations.set(row.id, variation);
      this.#variationsBySlug.set(row.slug, variation);
    }
    for (const value of rows.optionValues) {
      this.#variations.get(value.product_id)?.options.push({
        option: { id: value.option_id, name: value.option_name, slug: value.option_slug },
        value: { id: value.value_id, name: value.value_name, slug: value.value_slug },
      });
    }
    for (const component of rows.bundleComponents) {
      this.#variations.get(component.bundle_id)?.components.push({
        variationId: component.component_id,
        quantity: component.quantity,
      });
    }
  }

  variation(id: number): Variation | undefined {
    return this.#variations.get(id);
  }

  /** Whether every one of these ids (variation or family) is in this snapshot. */
  holds(ids: readonly number[]): boolean {
    return ids.every((id) => this.#variations.has(id) || this.#familiesById.has(id));
  }

  /** A variation by its own slug (e.g. 'artificial-olive-tree-olv-120-gry'). */
  variationBySlug(slug: string): Variation | undefined {
    return this.#variationsBySlug.get(slug);
  }

  /** A family by id or slug; a variation id finds its family. */
  family(idOrSlug: string): Family | undefined {
    if (/^\d+$/.test(idOrSlug)) {
      const id = Number(idOrSlug);
      return this.#familiesById.get(id) ?? this.#variations.get(id)?.family;
    }
    return this.#familiesBySlug.get(idOrSlug);
  }

  /**
   * How many can be bought now: stock on hand (or, for a bundle, how many whole
   * bundles its components make), none when discontinued. `stock` overrides the
   * snapshot's stock figures with fresher ones.
   */
  available(variation: Variation, stock?: ReadonlyMap<number, number>): number {
    if (variation.row.discontinued) return 0;
    if (variation.components.length > 0) {
      let bundles = Number.POSITIVE_INFINITY;
      for (const component of variation.components) {
        const part = this.variation(component.variationId);
        if (!part) return 0;
        bundles = Math.min(bundles, Math.floor(this.available(part, stock) / component.quantity));
      }
      return Number.isFinite(bundles) ? bundles : 0;
    }
    return Math.max(0, stock?.get(variation.row.id) ?? variation.row.quantity_on_hand);
  }

  /** Variation ids whose stock decides this variation's availability. */
  stockIds(variation: Variation): number[] {
    if (variation.components.length === 0) return [variation.row.id];
    return variation.components.flatMap((c) => {
      const part = this.variation(c.variationId);
      return part ? this.stockIds(part) : [];
    });
  }

  /** 'Artificial Olive Tree — 120cm, Grey pot'. */
  displayName(variation: Variation): string {
    const options = variationName(variation);
    return options ? `${variation.family.row.name} — ${options}` : variation.family.row.name;
  }

  productView(variation: Variation): ProductView {
    const { row, family } = variation;
    const price = pence(row.price);
    return {
      id: row.id,
      parent_id: row.parent_id,
      sku: row.sku,
      name: family.row.name,
      variation_name: variationName(variation),
      url: `/products/${family.row.slug}?variation=${row.id}`,
      // The family's first uploaded picture, else the row's own (the demo's drawings).
      preview_image: family.row.picture
        ? pictureImage(family.row.picture)
        : imageView(row.image_path, this.displayName(variation)),
      options: variation.options,
      prices: { price: priceView(price, vatIncluded(price, row.tax_rate_bp)) },
      weight: row.weight_g,
      length: row.length_mm,
      height: row.height_mm,
      volume: row.volume_cm3,
      quantity_available: this.available(variation),
      quantity_on_hand: row.quantity_on_hand,
      is_bundle: row.is_bundle,
      bundle_components: variation.components.flatMap((c) => {
        const part = this.variation(c.variationId);
        return part
          ? [
              {
                id: part.row.id,
                sku: part.row.sku,
                name: this.displayName(part),
                url: `/products/${part.family.row.slug}?variation=${part.row.id}`,
                quantity: c.quantity,
              },
            ]
          : [];
      }),
      discontinued: row.discontinued,
      preorder: row.is_preorder,
      restock_date: row.restock_date,
      primary_category: { name: family.category.name, slug: family.category.slug },
    };
  }

  familyView(family: Family): FamilyView {
    const variations = family.variations.map((v) => this.productView(v));
    const buyable = variations.filter((v) => !v.discontinued);
    const cheapest = [...(buyable.length ? buyable : variations)].sort(
      (a, b) => a.prices.price.amount - b.prices.price.amount,
    )[0];
    const groups = new Map<number, FamilyView['option_groups'][number]>();
    for (const variation of family.variations) {
      for (const pair of variation.options) {
        const group = groups.get(pair.option.id) ?? { option: pair.option, values: [] };
        if (!group.values.some((v) => v.id === pair.value.id)) group.values.push(pair.value);
        groups.set(pair.option.id, group);
      }
    }
    const first = family.variations[0];
    const price = pence(family.row.price);
    return {
      id: family.row.id,
      parent_id: null,
      sku: family.row.sku,
      slug: family.row.slug,
      name: family.row.name,
      description: family.row.description,
      url: `/products/${family.row.slug}`,
      preview_image: family.row.picture
        ? pictureImage(family.row.picture)
        : imageView(
            first && family.variations.length === 1 ? first.row.image_path : family.row.image_path,
            family.row.name,
          ),
      prices: cheapest?.prices ?? { price: priceView(price, vatIncluded(price, 2000)) },
      weight: cheapest?.weight ?? 0,
      length: cheapest?.length ?? 0,
      height: cheapest?.height ?? 0,
      volume: cheapest?.volume ?? 0,
      quantity_available: variations.reduce((sum, v) => sum + v.quantity_available, 0),
      quantity_on_hand: variations.reduce((sum, v) => sum + v.quantity_on_hand, 0),
      is_bundle: family.row.is_bundle,
      bundle_components: variations.length === 1 ? (variations[0]?.bundle_components ?? []) : [],
      discontinued: variations.every((v) => v.discontinued),
      preorder: variations.some((v) => v.preorder),
      restock_date: variations.find((v) => v.preorder)?.restock_date ?? null,
      primary_category: { name: family.category.name, slug: family.category.slug },
      option_groups: [...groups.values()],
      variations,
    };
  }
}

function variationName(variation: Variation): string {
  return variation.options.map((pair) => pair.value.name).join(', ');
}

/** Intrinsic width of product pictures: vector files, drawn 400 pixels across, that scale. */
const IMAGE_WIDTH = 400;

/**
 * A picture from the media folder. One vector file serves every size, so the srcset holds
 * that one candidate (with its intrinsic width for the browser's `sizes` maths); raster
 * pictures would list one file per width here.
 */
function imageView(path: string, alt: string): ImageView {
  const src = `/media/${path.split('/').map(encodeURIComponent).join('/')}`;
  return { src, srcset: `${src} ${IMAGE_WIDTH}w`, alt, sources: [] };
}

/**
 * An uploaded picture (ADR 063): WebP files at each width it is kept at (the `src` one
 * near the cards' size), and AVIF then WebP as a `<picture>`'s sources.
 */
function pictureImage(picture: FirstPictureRow): ImageView {
  const widths = [...picture.widths].sort((a, b) => a - b);
  return {
    src: `/media/${picturePath(picture.hash, pictureSrcWidth(widths), 'webp')}`,
    srcset: pictureSrcset(picture.hash, widths, 'webp'),
    alt: picture.alt,
    sources: PICTURE_FORMATS.map((format) => ({
      type: format.type,
      srcset: pictureSrcset(picture.hash, widths, format.extension),
    })),
  };
}

/** Most families one process keeps (ADR 056: about 11 KB of rows and view each, 22 MB in all). */
export const CATALOGUE_FAMILIES_PER_PROCESS = 2_000;

/** The largest id a product can have (an `integer` column). */
const MAX_ID = 2_147_483_647;

interface Entry {
  rows: FamilyRows;
  /** The family's view, built on first use (its bundles' parts are in the same generation). */
  view?: FamilyView;
}

/**
 * What one process knows of the catalogue for at most `cacheMs`: families read
 * (least recently used go first beyond `max`), and the categories with counts. A new
 * generation starts empty when the time is up or this process changed stock.
 */
class Generation {
  readonly #entries: LRUCache<number, Entry>;
  /** Variation id and family slug → family id, for the families kept. */
  readonly #variations = new Map<number, number>();
  readonly #slugs = new Map<string, number>();
  categories: Promise<CategoryCountRow[]> | null = null;

  constructor(max: number) {
    this.#entries = new LRUCache<number, Entry>({
      max,
      dispose: (entry) => {
        for (const row of entry.rows.products) {
          if (row.parent_id === null) this.#slugs.delete(row.slug);
          else this.#variations.delete(row.id);
        }
      },
    });
  }

  /** The kept family holding this id (family or variation). */
  byId(id: number): Entry | undefined {
    return this.#entries.get(id) ?? this.#entries.get(this.#variations.get(id) ?? -1);
  }

  bySlug(slug: string): Entry | undefined {
    const id = this.#slugs.get(slug);
    return id === undefined ? undefined : this.#entries.get(id);
  }

  keep(rows: FamilyRows): Entry {
    const family = rows.products[0];
    if (!family) throw new Error('A family without its row');
    const entry: Entry = { rows };
    this.#entries.set(family.id, entry);
    this.#slugs.set(family.slug, family.id);
    for (const row of rows.products.slice(1)) this.#variations.set(row.id, family.id);
    return entry;
  }

  get size(): number {
    return this.#entries.size;
  }
}

function snapshotOfEntries(entries: Iterable<Entry>, generation: object): CatalogueSnapshot {
  const rows: CatalogueRows = {
    categories: [],
    products: [],
    optionValues: [],
    bundleComponents: [],
  };
  const categories = new Map<number, CategoryRow>();
  for (const { rows: family } of entries) {
    categories.set(family.category.id, family.category);
    rows.products.push(...family.products);
    rows.optionValues.push(...family.optionValues);
    rows.bundleComponents.push(...family.bundleComponents);
  }
  rows.categories = [...categories.values()];
  return new CatalogueSnapshot(rows, generation);
}

export function catalogueService(deps: {
  repository: CatalogueRepository;
  cacheMs: number;
  /** Most families kept (default CATALOGUE_FAMILIES_PER_PROCESS). */
  maxFamilies?: number;
}) {
  const max = deps.maxFamilies ?? CATALOGUE_FAMILIES_PER_PROCESS;
  const generations = new TtlCache(() => Promise.resolve(new Generation(max)), deps.cacheMs);

  /**
   * The entries of the families holding these ids and of their bundles' parts (and
   * theirs), reading the ones not kept in one statement per level of bundling.
   */
  async function entriesOf(
    generation: Generation,
    ids: Iterable<number>,
    /** When false, nothing is read: null if any family is not kept. */
    read = true,
  ): Promise<Map<number, Entry> | null> {
    const found = new Map<number, Entry>();
    // Ids beyond the column's range name nothing (and must not reach the database).
    let wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
    for (let depth = 0; wanted.length > 0 && depth < 4; depth++) {
      const missing: number[] = [];
      const added: Entry[] = [];
      for (const id of wanted) {
        const entry = generation.byId(id);
        if (entry) added.push(entry);
        else missing.push(id);
      }
      if (missing.length > 0) {
        if (!read) return null;
        for (const rows of await deps.repository.familiesOf(missing)) {
          added.push(generation.keep(rows));
        }
      }
      const next = new Set<number>();
      for (const entry of added) {
        const id = entry.rows.products[0]?.id ?? 0;
        if (found.has(id)) continue;
        found.set(id, entry);
        for (const part of entry.rows.bundleComponents) next.add(part.component_id);
      }
      wanted = [...next].filter((id) => {
        const entry = generation.byId(id);
        return !entry || !found.has(entry.rows.products[0]?.id ?? 0);
      });
    }
    return found;
  }

  /** The view of a kept family (built once per generation). */
  async function viewOf(generation: Generation, entry: Entry): Promise<FamilyView> {
    if (entry.view) return entry.view;
    const family = entry.rows.products[0];
    if (!family) throw new Error('A family without its row');
    const entries = (await entriesOf(generation, [family.id])) ?? new Map<number, Entry>();
    const snapshot = snapshotOfEntries(entries.values(), generation);
    const found = snapshot.family(String(family.id));
    if (!found) throw new Error('A family lost from its own snapshot');
    entry.view = snapshot.familyView(found);
    return entry.view;
  }

  return {
    /**
     * A snapshot holding the families of these ids (family or variation ids) and
     * their bundles' parts; ids that name nothing are simply not in it. No ids: an
     * empty snapshot of the current generation (for the basket view's reuse key).
     */
    async snapshotOf(ids: Iterable<number> = []): Promise<CatalogueSnapshot> {
      const generation = await generations.get();
      const entries = (await entriesOf(generation, ids)) ?? new Map<number, Entry>();
      return snapshotOfEntries(entries.values(), generation);
    },
    /**
     * As snapshotOf, without reading the database: null when a family holding one of
     * these ids (or a bundle's part) is not kept (inside a transaction, whose
     * connection may be the only one: PGlite).
     */
    async keptSnapshotOf(ids: Iterable<number>): Promise<CatalogueSnapshot | null> {
      const generation = await generations.get();
      const entries = await entriesOf(generation, ids, false);
      return entries && snapshotOfEntries(entries.values(), generation);
    },
    /** Forgets what this process kept (after this process changed stock: the restock). */
    invalidate: () => generations.invalidate(),
    /** One family by its slug (or id), as a view; null when there is none. */
    async familyBySlug(slug: string): Promise<FamilyView | null> {
      const generation = await generations.get();
      if (/^\d+$/.test(slug)) {
        const id = Number(slug);
        if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
        const entry = (await entriesOf(generation, [id]))?.values().next().value;
        return entry ? viewOf(generation, entry) : null;
      }
      // Slugs are lower-case words and hyphens: anything else names nothing (and never
      // reaches the database, which refuses some characters).
      if (!/^[a-z0-9-]{1,200}$/.test(slug)) return null;
      let entry = generation.bySlug(slug);
      if (!entry) {
        const rows = await deps.repository.familyBySlug(slug);
        if (!rows) return null;
        entry = generation.keep(rows);
      }
      return viewOf(generation, entry);
    },
    /** The categories in the shop's order, with how many families each has. */
    async categoryViews(): Promise<CategoryView[]> {
      const generation = await generations.get();
      generation.categories ??= deps.repository.categoryCounts().catch((error: unknown) => {
        generation.categories = null;
        throw error;
      });
      return (await generation.categories).map((category) => ({
        id: category.id,
        slug: category.slug,
        name: category.name,
        description: category.description,
        product_count: category.product_count,
      }));
    },
    /**
     * The families with these ids, as views, in the order given (ids that name no
     * family are left out): a page of search results.
     */
    async familyViews(ids: readonly number[]): Promise<FamilyView[]> {
      const generation = await generations.get();
      const families = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
      const found = await entriesOf(generation, families);
      const views: FamilyView[] = [];
      for (const id of families) {
        const entry = found?.get(id);
        if (entry) views.push(await viewOf(generation, entry));
      }
      return views;
    },
    /** Families this process keeps now (tests and ADR 056's figures). */
    kept: async () => (await generations.get()).size,
    /** Fresh stock figures for the given variations and whatever their availability rests on. */
    async freshStock(snapshot: CatalogueSnapshot, variations: readonly Variation[]) {
      const ids = [...new Set(variations.flatMap((v) => snapshot.stockIds(v)))];
      return deps.repository.stockOf(ids);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
