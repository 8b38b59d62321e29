/**
 * schema.org structured data for the shop's pages, as JSON-LD (ADR 059): a product with
 * an offer per variation, breadcrumbs, the products of a list page, and the shop as a
 * web site with its search. Pure functions of the catalogue's views and the shop's
 * public origin; `jsonLdScript` writes one as a data block the browser never runs.
 */
import type { FamilyView, ProductView } from '../../../domain/api/catalogue.ts';
import { CURRENCY_CODE } from '../../../domain/money.ts';

const SCHEMA = 'https://schema.org';
export const BRAND = 'Everbloom';

/** A JSON-LD object (a schema.org thing). */
export type JsonLd = Record<string, unknown>;

/**
 * `path` (a shop address such as '/products/fern' or '/media/…') as an absolute URL on
 * `origin` (the shop's public origin, no trailing slash); an absolute one is kept.
 */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

export type Availability = 'InStock' | 'OutOfStock' | 'PreOrder' | 'Discontinued';

/**
 * What can be done with a variation now, as the product page says it: discontinued
 * first (no longer sold), then pre-order (orderable before stock arrives), then in or
 * out of stock.
 */
export function availabilityOf(
  variation: Pick<ProductView, 'discontinued' | 'preorder' | 'quantity_available'>,
): Availability {
  if (variation.discontinued) return 'Discontinued';
  if (variation.preorder) return 'PreOrder';
  return variation.quantity_available > 0 ? 'InStock' : 'OutOfStock';
}

function offer(origin: string, variation: ProductView | FamilyView): JsonLd {
  const name = 'variation_name' in variation ? variation.variation_name : '';
  return {
    '@type': 'Offer',
    sku: variation.sku,
    ...(name ? { name } : {}),
    url: absoluteUrl(origin, variation.url),
    // Decimal pounds, VAT included ('12.50'), as the shop shows it.
    price: variation.prices.price.price,
    priceCurrency: CURRENCY_CODE,
    availability: `${SCHEMA}/${availabilityOf(variation)}`,
    itemCondition: `${SCHEMA}/NewCondition`,
  };
}

/** A product family as a schema.org Product, with an Offer for each variation. */
export function productJsonLd(origin: string, family: FamilyView): JsonLd {
  const images = [
    ...new Set(
      [family.preview_image, ...family.variations.map((v) => v.preview_image)].map((image) =>
        absoluteUrl(origin, image.src),
      ),
    ),
  ];
  const sold = family.variations.length ? family.variations : [family];
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: family.name,
    ...(family.description ? { description: family.description } : {}),
    sku: family.sku,
    url: absoluteUrl(origin, family.url),
    image: images,
    brand: { '@type': 'Brand', name: BRAND },
    category: family.primary_category.name,
    offers: sold.map((variation) => offer(origin, variation)),
  };
}

/** A trail of pages from the home page: each with its name and absolute URL. */
export function breadcrumbJsonLd(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * The products a list page shows, in its order; `first` is the position of the first
 * (25 on page 2 of 24 per page).
 */
export function itemListJsonLd(
  origin: string,
  products: readonly Pick<FamilyView, 'name' | 'url'>[],
  first = 1,
): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: first + index,
      url: absoluteUrl(origin, product.url),
      name: product.name,
    })),
  };
}

/** The shop as a web site whose search takes a text at /search?q=. */
export function webSiteJsonLd(origin: string, name: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * JSON as the text of a `<script type="application/ld+json">`: a data block, which no
 * browser runs (so the content security policy neither blocks nor reports it). Its text
 * is raw to the HTML parser, so `<` (and `>`, `&`, and the two line separators some
 * parsers end a line at) are written as JSON escapes: a name holding `</script>` or
 * `<!--` cannot end the block or start markup, and still reads back the same.
 */
export function jsonLdScript(value: JsonLd): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
