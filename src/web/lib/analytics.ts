/**
 * Analytics events pushed to the tag manager's window.dataLayer (spec section 4;
 * Enhanced Ecommerce shapes, ecommerce cleared before each push).
 */
import { decimalString, type Pence } from '../../domain/money.ts';

/** The fixed brand label sent with every product. */
export const BRAND = 'Everbloom';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function push(event: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}

export interface AnalyticsProduct {
  id: number | string;
  name: string;
  price: Pence;
  category: string;
  variant: string;
}

/** A click on a product in a list (list name and 1-based position). */
export function trackProductClick(product: AnalyticsProduct, list: string, position: number): void {
  push({
    event: 'productClick',
    ecommerce: {
      click: {
        actionField: { list },
        products: [
          {
            id: String(product.id),
            name: product.name,
            price: decimalString(product.price),
            brand: BRAND,
            category: product.category,
            variant: product.variant,
            position,
          },
        ],
      },
    },
  });
}
