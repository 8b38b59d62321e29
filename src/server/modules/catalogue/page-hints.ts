/**
 * Hints the served index.html carries for a catalogue page, so the browser starts on
 * the page's largest picture before its JavaScript has run (ADR 032): a high-priority
 * preload of the home page's first product card's picture (`/`, with its `category`
 * and `sort` query), or of the product page's picture (`/products/:slug`, with its
 * `variation` query), with the page's own srcset and sizes so the preload is the very
 * request the page makes.
 */
import {
  CARD_IMAGE_SIZES,
  PRODUCT_IMAGE_SIZES,
  PRODUCT_SORTS,
  type ImageView,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import { variationFromParam } from '../../../domain/product-variation.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { CatalogueService } from './catalogue.service.ts';

function isProductSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;

function preload(image: ImageView, sizes: string): string {
  return (
    `<link rel="preload" as="image" href="${escapeHtml(image.src)}"` +
    ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(sizes)}"` +
    ` fetchpriority="high" />`
  );
}

/** Tags for the head of the page at `url` ('' when it has none). */
export async function catalogueHeadTags(catalogue: CatalogueService, url: string): Promise<string> {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  if (path === '/') {
    // As the home page reads its query: an unknown sort is the default order.
    const sort = params.get('sort');
    const snapshot = await catalogue.snapshot();
    const first = snapshot.list({
      category: params.get('category') || undefined,
      sort: isProductSort(sort) ? sort : 'position',
    })[0];
    return first ? preload(first.preview_image, CARD_IMAGE_SIZES) : '';
  }
  const product = PRODUCT_PATH.exec(path);
  if (product?.[1]) {
    const snapshot = await catalogue.snapshot();
    let slug: string;
    try {
      slug = decodeURIComponent(product[1]);
    } catch {
      return '';
    }
    const family = snapshot.family(slug);
    if (!family) return '';
    const view = snapshot.familyView(family);
    // As the product page picks its picture: the chosen variation's, else the family's.
    const variation = variationFromParam(view, params.get('variation'));
    return preload(variation?.preview_image ?? view.preview_image, PRODUCT_IMAGE_SIZES);
  }
  return '';
}
