/**
 * The catalogue: product families, their sellable variations, stock and the
 * Product view of spec section 3. Reads go through a short-lived per-process copy.
 */
import { pence, vatIncluded } from '../../../domain/money.ts';
import { priceView } from '../../../domain/price-view.ts';
import type {
  CategoryView,
  FamilyView,
  ImageView,
  OptionPair,
  ProductSort,
  ProductView,
} from '../../../domain/api/catalogue.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type {
  CatalogueRepository,
  CatalogueRows,
  CategoryRow,
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

/** An immutable view over one load of the catalogue tables. */
export class CatalogueSnapshot {
  readonly categories: CategoryRow[];
  readonly families: Family[];
  readonly #variations = new Map<number, Variation>();
  readonly #familiesById = new Map<number, Family>();
  readonly #familiesBySlug = new Map<string, Family>();
  readonly #variationsBySlug = new Map<string, Variation>();
  /** Lists already built from this (immutable) snapshot, by category and sort. */
  readonly #lists = new Map<string, FamilyView[]>();

  constructor(rows: CatalogueRows) {
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
      preview_image: imageView(row.image_path, this.displayName(variation)),
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
      preview_image: imageView(
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

  /**
   * Families, optionally in one category, sorted. The same filter gets the same
   * array (never mutate it): it is built once per snapshot.
   */
  list(filter: { category?: string | undefined; sort?: ProductSort | undefined }): FamilyView[] {
    // Only filters that name a real category are kept, so callers cannot grow the map.
    if (filter.category && !this.categories.some((c) => c.slug === filter.category)) return [];
    const key = `${filter.category ?? ''}|${filter.sort ?? ''}`;
    let list = this.#lists.get(key);
    if (!list) {
      list = this.#buildList(filter);
      this.#lists.set(key, list);
    }
    return list;
  }

  #buildList(filter: { category?: string | undefined; sort?: ProductSort | undefined }) {
    const families = this.families.filter(
      (f) => !filter.category || f.category.slug === filter.category,
    );
    const views = families.map((f) => this.familyView(f));
    switch (filter.sort) {
      case 'price_asc':
        return views.sort((a, b) => a.prices.price.amount - b.prices.price.amount);
      case 'price_desc':
        return views.sort((a, b) => b.prices.price.amount - a.prices.price.amount);
      case 'name':
        return views.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
      default:
        return views;
    }
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
  return { src, srcset: `${src} ${IMAGE_WIDTH}w`, alt };
}

export function catalogueService(deps: { repository: CatalogueRepository; cacheMs: number }) {
  const cache = new TtlCache(
    async () => new CatalogueSnapshot(await deps.repository.loadAll()),
    deps.cacheMs,
  );
  return {
    snapshot: () => cache.get(),
    /** Forgets this process's copy (after this process changed stock: the restock). */
    invalidate: () => cache.invalidate(),
    /** One family by its slug (or id), as a view; null when there is none. */
    async familyBySlug(slug: string): Promise<FamilyView | null> {
      const snapshot = await cache.get();
      const family = snapshot.family(slug);
      return family ? snapshot.familyView(family) : null;
    },
    /** The categories in the shop's order, with how many families each has. */
    async categoryViews(): Promise<CategoryView[]> {
      const snapshot = await cache.get();
      return snapshot.categories.map((category) => ({
        id: category.id,
        slug: category.slug,
        name: category.name,
        description: category.description,
        product_count: snapshot.families.filter((f) => f.category.id === category.id).length,
      }));
    },
    /**
     * The families with these ids, as views, in the order given (ids that name no
     * family are left out): a page of search results.
     */
    async familyViews(ids: readonly number[]): Promise<FamilyView[]> {
      const snapshot = await cache.get();
      return ids.flatMap((id) => {
        const family = snapshot.family(String(id));
        return family ? [snapshot.familyView(family)] : [];
      });
    },
    /** Fresh stock figures for the given variations and whatever their availability rests on. */
    async freshStock(snapshot: CatalogueSnapshot, variations: readonly Variation[]) {
      const ids = [...new Set(variations.flatMap((v) => snapshot.stockIds(v)))];
      return deps.repository.stockOf(ids);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
