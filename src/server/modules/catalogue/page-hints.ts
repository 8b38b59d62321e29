/**
 * Hints the served index.html carries for a catalogue page, so the browser starts on
 * the page's largest picture before its JavaScript has run (ADR 032): a high-priority
 * preload of the first product card's picture of the home page or a category page
 * (its `sort` and `page`, asked of the search port as the page's own GET
 * /api/v1/products asks it; other parameters are ignored, as the page ignores them;
 * pages with filters, and search pages, get none), or
 * of the product page's picture (`/products/:slug`, with its `variation` query), with
 * the page's own srcset and sizes so the preload is the very request the page makes.
 * Only the one family shown first is read.
 */
import {
  CARD_IMAGE_SIZES,
  DEFAULT_PER_PAGE,
  PRODUCT_IMAGE_SIZES,
  PRODUCT_SORTS,
  type ImageView,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import { variationFromParam } from '../../../domain/product-variation.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { ProductSearch } from '../search/search.port.ts';
import type { CatalogueService } from './catalogue.service.ts';

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/categories\/([a-z0-9-]{1,64})\/?$/;
/** The list pages' filters (list-params.ts): a page with any gets no hint. */
const FILTER_PARAMS = ['min_price', 'max_price', 'colour', 'size', 'in_stock', 'preorder'];

function isProductSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

/** As the list pages read `sort` and `page` (web/features/search/list-params.ts). */
function listQueryOf(category: string | undefined, params: URLSearchParams) {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    category,
    sort: isProductSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
    per_page: DEFAULT_PER_PAGE,
    colour: [],
    size: [],
    in_stock: false,
    preorder: false,
  };
}

function preload(image: ImageView, sizes: string): string {
  return (
    `<link rel="preload" as="image" href="${escapeHtml(image.src)}"` +
    ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(sizes)}"` +
    ` fetchpriority="high" />`
  );
}

/** Tags for the head of the page at `url` ('' when it has none). */
export async function catalogueHeadTags(
  deps: { catalogue: CatalogueService; search: ProductSearch },
  url: string,
): Promise<string> {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  const category = CATEGORY_PATH.exec(path)?.[1];
  if (path === '/' || category) {
    if (FILTER_PARAMS.some((key) => params.has(key))) return '';
    const result = await deps.search.search(listQueryOf(category, params));
    const [first] = await deps.catalogue.familyViews(result.familyIds.slice(0, 1));
    return first ? preload(first.preview_image, CARD_IMAGE_SIZES) : '';
  }
  const product = PRODUCT_PATH.exec(path);
  if (product?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(product[1]);
    } catch {
      return '';
    }
    const view = await deps.catalogue.familyBySlug(slug);
    if (!view) return '';
    // As the product page picks its picture: the chosen variation's, else the family's.
    const variation = variationFromParam(view, params.get('variation'));
    return preload(variation?.preview_image ?? view.preview_image, PRODUCT_IMAGE_SIZES);
  }
  return '';
}
