/**
 * The head of the shop's public pages for search engines and shared links (ADR 059):
 * home, category, search and product pages get their title (the one the browser sets),
 * description, canonical URL, robots directive, Open Graph and JSON-LD; any other page
 * keeps index.html's. Lists are read as the page reads them (list-params.ts and the
 * search port), so the structured data names the products the page shows.
 */
import { type CategoryView, type FamilyView } from '../../../domain/api/catalogue.ts';
import { CURRENCY_CODE } from '../../../domain/money.ts';
import { documentTitle, searchPageTitle, SHOP_NAME } from '../../../domain/page-titles.ts';
import {
  listQueryOf,
  listPageOf,
  productSlugOf,
  categoryPath,
  type ListPage,
} from '../../../web/features/search/list-params.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { ProductSearch } from '../search/search.port.ts';
import { descriptionOf, renderHead, type PageHead } from './head-tags.ts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  itemListJsonLd,
  productJsonLd,
  webSiteJsonLd,
} from './json-ld.ts';

export interface SeoDeps {
  catalogue: Pick<CatalogueService, 'familyBySlug' | 'categoryViews' | 'familyViews'>;
  search: Pick<ProductSearch, 'search'>;
  /** The shop's public origin (PUBLIC_URL): every URL written is absolute on it. */
  publicUrl: string;
}

/** The home page's description (index.html's). */
export const SHOP_DESCRIPTION =
  'Everbloom — realistic artificial plants and flowers, delivered across the UK.';

/** Search texts longer than this are never indexed (nobody searches the web for them). */
export const MAX_INDEXED_QUERY = 60;

/** Not indexed, its links followed: pages with nothing of their own to show. */
export const NOINDEX = 'noindex, follow';

/** The shop's origin from PUBLIC_URL, without a trailing slash. */
export function originOf(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** A search text as its canonical address writes it: lower case, one space between words. */
export function canonicalQuery(q: string): string {
  return q.replace(/\s+/g, ' ').trim().toLowerCase();
}

function withPage(url: string, page: number): string {
  if (page <= 1) return url;
  return `${url}${url.includes('?') ? '&' : '?'}page=${page}`;
}

/**
 * The canonical URL of a list page: its own address with only what changes its content
 * for everyone — the category, the (normalised) search text and the page number.
 * Filters and sort make variants of the same list, which canonicalise to it.
 */
export function listCanonical(origin: string, page: ListPage, pageNumber: number): string {
  if (page.kind === 'home') return withPage(`${origin}/`, pageNumber);
  if (page.kind === 'category') return withPage(`${origin}${categoryPath(page.slug)}`, pageNumber);
  const q = canonicalQuery(page.q);
  const search = new URLSearchParams(q ? { q } : {}).toString();
  return withPage(`${origin}/search${search ? `?${search}` : ''}`, pageNumber);
}

function firstImage(origin: string, products: readonly FamilyView[]): PageHead['image'] {
  const first = products[0];
  return first
    ? { url: absoluteUrl(origin, first.preview_image.src), alt: first.preview_image.alt }
    : null;
}

function notFoundHead(title: string): PageHead {
  return {
    title: documentTitle(title),
    description: SHOP_DESCRIPTION,
    canonical: null,
    robots: 'noindex',
    type: 'website',
    image: null,
    jsonLd: [],
  };
}

async function listHead(deps: SeoDeps, page: ListPage, params: URLSearchParams): Promise<PageHead> {
  const origin = originOf(deps.publicUrl);
  let category: CategoryView | undefined;
  if (page.kind === 'category') {
    category = (await deps.catalogue.categoryViews()).find((c) => c.slug === page.slug);
    if (!category) return notFoundHead('Category not found');
  }
  const query = listQueryOf(page, params);
  const result = await deps.search.search(query);
  const products = await deps.catalogue.familyViews(result.familyIds);
  const canonical = listCanonical(origin, page, query.page);
  const home = { name: 'Home', url: `${origin}/` };
  const jsonLd = [];
  let title: string;
  let description: string;
  let robots: string | null = products.length ? null : NOINDEX;
  if (page.kind === 'home') {
    title = documentTitle(null);
    description = SHOP_DESCRIPTION;
    jsonLd.push(webSiteJsonLd(origin, SHOP_NAME));
  } else if (page.kind === 'category' && category) {
    title = documentTitle(category.name);
    description = descriptionOf(
      category.description ||
        `Artificial ${category.name.toLowerCase()} from ${SHOP_NAME}: ` +
          `${result.total} to choose from, delivered across the UK.`,
    );
    jsonLd.push(breadcrumbJsonLd([home, { name: category.name, url: canonical }]));
  } else {
    const q = query.q ?? '';
    title = documentTitle(searchPageTitle(q));
    description = descriptionOf(
      q
        ? `${result.total} artificial plants and flowers matching “${q}” at ${SHOP_NAME}, ` +
            'delivered across the UK.'
        : `Search ${SHOP_NAME}’s artificial plants and flowers.`,
    );
    // A search is indexed only when it finds something and reads like one (ADR 059).
    if (!q || q.length > MAX_INDEXED_QUERY) robots = NOINDEX;
  }
  if (products.length) {
    jsonLd.push(itemListJsonLd(origin, products, (query.page - 1) * query.per_page + 1));
  }
  return {
    title,
    description,
    canonical,
    robots,
    type: 'website',
    image: firstImage(origin, products),
    jsonLd,
  };
}

async function productHead(deps: SeoDeps, slug: string): Promise<PageHead> {
  const family = await deps.catalogue.familyBySlug(slug);
  if (!family) return notFoundHead('Product not found');
  const origin = originOf(deps.publicUrl);
  const canonical = absoluteUrl(origin, family.url);
  const category = family.primary_category;
  return {
    title: documentTitle(family.name),
    description: descriptionOf(
      family.description || `${family.name}: an artificial plant from ${SHOP_NAME}.`,
    ),
    canonical,
    robots: null,
    type: 'product',
    image: {
      url: absoluteUrl(origin, family.preview_image.src),
      alt: family.preview_image.alt,
    },
    price: { amount: family.prices.price.price, currency: CURRENCY_CODE },
    jsonLd: [
      productJsonLd(origin, family),
      breadcrumbJsonLd([
        { name: 'Home', url: `${origin}/` },
        { name: category.name, url: `${origin}${categoryPath(category.slug)}` },
        { name: family.name, url: canonical },
      ]),
    ],
  };
}

/** The head of the page at `url` (path and query), or null to keep index.html's. */
export async function pageHeadOf(deps: SeoDeps, url: string): Promise<PageHead | null> {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const slug = productSlugOf(path);
  if (slug !== null) return productHead(deps, slug);
  let page = listPageOf(path, params);
  // The home page's old category links (/?category=slug) are the category's page.
  const legacyCategory = page?.kind === 'home' ? params.get('category') : null;
  if (legacyCategory) page = { kind: 'category', slug: legacyCategory };
  return page ? listHead(deps, page, params) : null;
}

/** The head's markup for the page at `url` ('' to keep index.html's). */
export async function seoHeadTags(deps: SeoDeps, url: string): Promise<string> {
  const head = await pageHeadOf(deps, url);
  return head ? renderHead(head) : '';
}
