/**
 * The list pages' GA4 events, pushed into window.dataLayer as the checkout's are
 * (design/integrations.md section 5): `search` when a results page shows a new search
 * text, and `view_item_list` with the products of each results page shown.
 */
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { CURRENCY_CODE, decimalString } from '../../../domain/money.ts';
import { BRAND, push } from '../../lib/analytics.ts';
import type { AnalyticsList } from './list-params.ts';

/**
 * A results page was shown: its products, each with its place in the whole list
 * (GA4 counts from 0), so page 2's first product is not reported as the first.
 */
export function trackListView(list: AnalyticsList, products: FamilyView[], offset: number): void {
  push({
    event: 'view_item_list',
    ecommerce: {
      currency: CURRENCY_CODE,
      item_list_id: list.id,
      item_list_name: list.name,
      items: products.map((product, index) => ({
        item_id: String(product.id),
        item_name: product.name,
        item_brand: BRAND,
        item_category: product.primary_category.name,
        price: Number(decimalString(product.prices.price.amount)),
        item_list_id: list.id,
        item_list_name: list.name,
        index: offset + index,
      })),
    },
  });
}

/** The search text last reported in this tab: paging or filtering one search is not a new one. */
let reportedTerm: string | null = null;

/** A search results page shows `term`: reported when it differs from the last one. */
export function trackSearch(term: string): boolean {
  if (!term || term === reportedTerm) return false;
  reportedTerm = term;
  // Not an ecommerce event: the ecommerce object is left as it is.
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'search', search_term: term });
  return true;
}
