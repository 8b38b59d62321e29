/**
 * Analytics events pushed to the tag manager's window.dataLayer (spec section 4;
 * Enhanced Ecommerce shapes, ecommerce cleared before each push).
 */
import { decimalString, type Pence } from '../../domain/money.ts';
import { saveProductClick } from './product-clicks.ts';

/** The fixed brand label sent with every product. */
export const BRAND = 'Everbloom';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes an ecommerce event, clearing the previous ecommerce object first. */
export function push(event: Record<string, unknown>): void {
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

/**
 * A click on a product in a list (list name and 1-based position): pushed now, and kept
 * in the product-clicks cookie so the purchase event can say which list sold it. The
 * cookie is written from here, not by the card, so its code sits in the chunk the
 * thank-you page already loads for `push` (a module of its own would be one more file
 * on the home page).
 */
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
  saveProductClick(product.id, { list, position });
}

/** The checkout steps reported to analytics (spec section 4); step 1 is the basket. */
export const CHECKOUT_STEPS = {
  2: 'Welcome page',
  3: 'Delivery address',
  4: 'Delivery options',
  5: 'Payment',
} as const;

export type CheckoutStep = keyof typeof CHECKOUT_STEPS;

/** A basket line as reported with a checkout step. */
export interface AnalyticsLine extends AnalyticsProduct {
  quantity: number;
}

/** The shopper reached a checkout step, with what is in the basket. */
export function trackCheckoutStep(step: CheckoutStep, lines: AnalyticsLine[]): void {
  push({
    event: 'checkout',
    ecommerce: {
      checkout: {
        actionField: { step, option: CHECKOUT_STEPS[step] },
        products: lines.map((line) => ({
          id: String(line.id),
          name: line.name,
          price: decimalString(line.price),
          brand: BRAND,
          category: line.category,
          variant: line.variant,
          quantity: line.quantity,
        })),
      },
    },
  });
}
