/**
 * The shop's document titles, shared by the browser (usePageTitle) and the server, which
 * writes the same title into the head of the pages it knows (ADR 059): a crawler and a
 * shopper see one title.
 */
import { SHOP_NAME } from './api/payments-config.ts';

export { SHOP_NAME };

/** The document title for a page's own title: 'Basket | Everbloom', or the shop's. */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} — artificial plants and flowers`;
}

/** The search results page's own title: 'Search results for “olive”', or 'Search'. */
export function searchPageTitle(q: string): string {
  return q ? `Search results for “${q}”` : 'Search';
}
