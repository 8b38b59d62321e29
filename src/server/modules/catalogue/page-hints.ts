/**
 * Hints the served index.html carries for a catalogue page, so the browser starts on
 * the page's largest picture before its JavaScript has run (ADR 032): for the home
 * page (`/`, with its `category` and `sort` query), a high-priority preload of the
 * first product card's picture, with the card's own srcset and sizes so the preload is
 * the very request the card makes.
 */
import {
  CARD_IMAGE_SIZES,
  PRODUCT_SORTS,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { CatalogueService } from './catalogue.service.ts';

function isProductSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

/** Tags for the head of the page at `url` ('' when it has none). */
export async function catalogueHeadTags(catalogue: CatalogueService, url: string): Promise<string> {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path !== '/') return '';
  const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  // As the home page reads its query: an unknown sort is the default order.
  const sort = params.get('sort');
  const snapshot = await catalogue.snapshot();
  const first = snapshot.list({
    category: params.get('category') || undefined,
    sort: isProductSort(sort) ? sort : 'position',
  })[0];
  if (!first) return '';
  const image = first.preview_image;
  return (
    `<link rel="preload" as="image" href="${escapeHtml(image.src)}"` +
    ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(CARD_IMAGE_SIZES)}"` +
    ` fetchpriority="high" />`
  );
}
