/**
 * Hints the served index.html carries for a catalogue page, so the browser starts on
 * the page's largest picture before its JavaScript has run (ADR 032): a high-priority
 * preload of the first product card's picture of a list page — home, category or
 * search (its query asked of the search port as the page's own GET /api/v1/products
 * asks it, list-params.ts) — or
 * of the product page's picture (`/products/:slug`, with its `variation` query), with
 * the page's own srcset and sizes so the preload is the very request the page makes.
 * Only the one family shown first is read.
 */
import {
  CARD_IMAGE_SIZES,
  PRODUCT_IMAGE_SIZES,
  type ImageView,
} from '../../../domain/api/catalogue.ts';
import { variationFromParam } from '../../../domain/product-variation.ts';
import {
  listPageOf,
  listQueryOf,
  productSlugOf,
} from '../../../web/features/search/list-params.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { ProductSearch } from '../search/search.port.ts';
import type { CatalogueService } from './catalogue.service.ts';

/**
 * An uploaded picture's preload names its best source (AVIF) with its type: a browser
 * that cannot show it skips the preload, as its `<picture>` skips the source (ADR 063).
 */
function preload(image: ImageView, sizes: string): string {
  const [best] = image.sources ?? [];
  const srcset = best ? best.srcset : image.srcset;
  return (
    `<link rel="preload" as="image"` +
    (best ? ` type="${escapeHtml(best.type)}"` : ` href="${escapeHtml(image.src)}"`) +
    ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` +
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
  const list = listPageOf(path, params);
  if (list) {
    // A search with no text shows no products.
    if (list.kind === 'search' && !list.q) return '';
    const result = await deps.search.search(listQueryOf(list, params));
    const [first] = await deps.catalogue.familyViews(result.familyIds.slice(0, 1));
    return first ? preload(first.preview_image, CARD_IMAGE_SIZES) : '';
  }
  const slug = productSlugOf(path);
  if (slug !== null) {
    const view = await deps.catalogue.familyBySlug(slug);
    if (!view) return '';
    // As the product page picks its picture: the chosen variation's, else the family's.
    const variation = variationFromParam(view, params.get('variation'));
    return preload(variation?.preview_image ?? view.preview_image, PRODUCT_IMAGE_SIZES);
  }
  return '';
}
