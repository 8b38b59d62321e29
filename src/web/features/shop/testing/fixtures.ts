/**
 * Catalogue fixtures for the shop's component tests: FamilyView objects built the
 * way the server builds them (family price from the cheapest variation still sold,
 * stock summed, option groups collected from the variations), with demo-like data.
 */
import type {
  BundleComponentView,
  CategoryView,
  FamilyView,
  OptionPair,
  ProductView,
} from '../../../../domain/api/catalogue.ts';
import { STANDARD_VAT_BP, pence, vatIncluded } from '../../../../domain/money.ts';
import { priceView, type PriceView } from '../../../../domain/price-view.ts';
import { TRIO_BUNDLE_COMPONENTS } from '../../../testing/demo-products.ts';

const OPTION_IDS: Record<string, number> = { Size: 1, Colour: 2, Pot: 3 };

export const CATEGORIES: CategoryView[] = [
  {
    id: 1,
    slug: 'trees',
    name: 'Trees',
    description: 'Statement artificial trees that bring height and greenery to any room.',
    product_count: 3,
  },
  {
    id: 2,
    slug: 'house-plants',
    name: 'House Plants',
    description: 'Lifelike artificial house plants for shelves, sideboards and floors.',
    product_count: 3,
  },
  {
    id: 3,
    slug: 'flowers',
    name: 'Flowers',
    description: 'Faux flower stems, bouquets and blooms.',
    product_count: 1,
  },
];

/** A VAT-inclusive price at the standard rate. */
export function price(amount: number): PriceView {
  const gross = pence(amount);
  return priceView(gross, vatIncluded(gross, STANDARD_VAT_BP));
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

function image(slug: string, alt: string) {
  const src = (width: number) => `/media/products/${slug}.svg?w=${width}`;
  return {
    src: src(400),
    srcset: [200, 400, 800].map((width) => `${src(width)} ${width}w`).join(', '),
    alt,
  };
}

export interface VariationSpec {
  id: number;
  sku?: string;
  /** Option name → value name, e.g. { Size: '120cm', Pot: 'Grey pot' }. */
  options?: Record<string, string>;
  /** Pence. */
  price: number;
  available?: number;
  discontinued?: boolean;
  preorder?: boolean;
  restock_date?: string | null;
  bundle_components?: BundleComponentView[];
}

export interface FamilySpec {
  id: number;
  name: string;
  slug?: string;
  category?: CategoryView;
  description?: string;
  is_bundle?: boolean;
  variations: VariationSpec[];
}

/** A family and its variations as GET /api/v1/products/{slug} returns them. */
export function family(spec: FamilySpec): FamilyView {
  const slug = spec.slug ?? slugify(spec.name);
  const category = spec.category ?? CATEGORIES[0]!;
  const primary_category = { name: category.name, slug: category.slug };
  const valueIds = new Map<string, number>();
  const valueId = (option: string, value: string) => {
    const key = `${option}:${value}`;
    if (!valueIds.has(key)) valueIds.set(key, 100 + valueIds.size);
    return valueIds.get(key)!;
  };

  const variations: ProductView[] = spec.variations.map((v) => {
    const options: OptionPair[] = Object.entries(v.options ?? {}).map(([option, value]) => ({
      option: { id: OPTION_IDS[option] ?? 9, name: option, slug: slugify(option) },
      value: { id: valueId(option, value), name: value, slug: slugify(value) },
    }));
    const variationName = options.map((pair) => pair.value.name).join(', ');
    const sku = v.sku ?? `${slug.toUpperCase().slice(0, 8)}-${v.id}`;
    const available = v.discontinued ? 0 : (v.available ?? 20);
    return {
      id: v.id,
      parent_id: spec.id,
      sku,
      name: spec.name,
      variation_name: variationName,
      url: `/products/${slug}?variation=${v.id}`,
      preview_image: image(
        `${slug}-${sku.toLowerCase()}`,
        variationName ? `${spec.name} — ${variationName}` : spec.name,
      ),
      options,
      prices: { price: price(v.price) },
      weight: 2600,
      length: 300,
      height: 950,
      volume: 85500,
      quantity_available: available,
      quantity_on_hand: v.available ?? 20,
      is_bundle: spec.is_bundle ?? false,
      bundle_components: v.bundle_components ?? [],
      discontinued: v.discontinued ?? false,
      preorder: v.preorder ?? false,
      restock_date: v.restock_date ?? null,
      primary_category,
    };
  });

  const groups = new Map<number, FamilyView['option_groups'][number]>();
  for (const variation of variations) {
    for (const pair of variation.options) {
      const group = groups.get(pair.option.id) ?? { option: pair.option, values: [] };
      if (!group.values.some((value) => value.id === pair.value.id)) group.values.push(pair.value);
      groups.set(pair.option.id, group);
    }
  }
  const live = variations.filter((v) => !v.discontinued);
  const cheapest = [...(live.length ? live : variations)].sort(
    (a, b) => a.prices.price.amount - b.prices.price.amount,
  )[0]!;
  const only = variations.length === 1 ? variations[0] : undefined;

  return {
    id: spec.id,
    parent_id: null,
    sku: `P-${slug.toUpperCase()}`,
    slug,
    name: spec.name,
    description:
      spec.description ??
      `${spec.name}: realistic foliage on a weighted base, UV-resistant and never needs watering.`,
    url: `/products/${slug}`,
    preview_image: only ? only.preview_image : image(slug, spec.name),
    prices: cheapest.prices,
    weight: cheapest.weight,
    length: cheapest.length,
    height: cheapest.height,
    volume: cheapest.volume,
    quantity_available: variations.reduce((sum, v) => sum + v.quantity_available, 0),
    quantity_on_hand: variations.reduce((sum, v) => sum + v.quantity_on_hand, 0),
    is_bundle: spec.is_bundle ?? false,
    bundle_components: only?.bundle_components ?? [],
    discontinued: variations.every((v) => v.discontinued),
    preorder: variations.some((v) => v.preorder),
    restock_date: variations.find((v) => v.preorder)?.restock_date ?? null,
    primary_category,
    option_groups: [...groups.values()],
    variations,
  };
}

/**
 * Size × Pot, prices by size. 150cm comes only in a grey pot, and 90cm in a grey
 * pot is discontinued.
 */
export const oliveTree = family({
  id: 1,
  name: 'Artificial Olive Tree',
  variations: [
    {
      id: 2,
      sku: 'OLV-90-BLK',
      options: { Size: '90cm', Pot: 'Black pot' },
      price: 5499,
      available: 32,
    },
    {
      id: 3,
      sku: 'OLV-90-GRY',
      options: { Size: '90cm', Pot: 'Grey pot' },
      price: 5499,
      discontinued: true,
    },
    {
      id: 4,
      sku: 'OLV-120-BLK',
      options: { Size: '120cm', Pot: 'Black pot' },
      price: 7999,
      available: 3,
    },
    {
      id: 5,
      sku: 'OLV-120-GRY',
      options: { Size: '120cm', Pot: 'Grey pot' },
      price: 7999,
      available: 14,
    },
    {
      id: 7,
      sku: 'OLV-150-GRY',
      options: { Size: '150cm', Pot: 'Grey pot' },
      price: 11999,
      available: 10,
    },
  ],
});

/** One option (Size); the largest size is discontinued. */
export const fiddleLeafFig = family({
  id: 8,
  name: 'Artificial Fiddle Leaf Fig',
  variations: [
    { id: 9, options: { Size: '90cm' }, price: 5999, available: 40 },
    { id: 10, options: { Size: '120cm' }, price: 8999, available: 22 },
    { id: 11, options: { Size: '150cm' }, price: 12999, discontinued: true },
  ],
});

/** A pre-order with 2 in stock and no restock date yet. */
export const japaneseMaple = family({
  id: 12,
  name: 'Artificial Japanese Maple',
  variations: [{ id: 13, price: 18999, available: 2, preorder: true, restock_date: null }],
});

/** A pre-order with nothing in stock, back on 15 January 2027. */
export const wisteriaArch = family({
  id: 61,
  name: 'Artificial Wisteria Arch',
  category: CATEGORIES[2],
  variations: [{ id: 62, price: 14999, available: 0, preorder: true, restock_date: '2027-01-15' }],
});

/** Low stock: only 5 left. */
export const birdOfParadise = family({
  id: 37,
  name: 'Artificial Bird of Paradise',
  category: CATEGORIES[1],
  variations: [{ id: 38, price: 11999, available: 5 }],
});

/** Sold out and not on pre-order. */
export const rubberPlant = family({
  id: 54,
  name: 'Artificial Rubber Plant',
  category: CATEGORIES[1],
  variations: [{ id: 55, price: 5499, available: 0 }],
});

/** A bundle of three other products. */
export const livingRoomTrio = family({
  id: 59,
  name: 'Living Room Trio Bundle',
  category: CATEGORIES[1],
  is_bundle: true,
  variations: [
    {
      id: 60,
      price: 5999,
      available: 50,
      bundle_components: TRIO_BUNDLE_COMPONENTS,
    },
  ],
});

export const ALL_PRODUCTS: FamilyView[] = [
  oliveTree,
  fiddleLeafFig,
  japaneseMaple,
  birdOfParadise,
  rubberPlant,
  livingRoomTrio,
  wisteriaArch,
];

/** The API's reply envelope. */
export function reply<T>(data: T): { body: { data: T } } {
  return { body: { data } };
}
