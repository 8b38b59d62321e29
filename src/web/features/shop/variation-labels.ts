/**
 * What the product page says about the chosen variation: stock and pre-order
 * messages, the discontinued notice and how many may be added, worked out from the
 * ProductView wire shape. Apart from the card labels (product-labels.ts), so the home
 * page's chunks do not carry them.
 */
import type { ProductView } from '../../../domain/api/catalogue.ts';
import { DATE_TO_BE_CONFIRMED, formatShopDate } from '../../../domain/dates.ts';
import { LOW_STOCK } from './product-labels.ts';

/** Most of one item a shopper can add at once (the quantity stepper's ceiling). */
export const MAX_QUANTITY = 99;

/** 'Pre-order: expected back in stock on 15/01/2027', or with the date to be confirmed. */
export function preorderMessage(restockDate: string | null): string {
  const date = formatShopDate(restockDate);
  return date === DATE_TO_BE_CONFIRMED
    ? `Pre-order: restock date ${DATE_TO_BE_CONFIRMED}`
    : `Pre-order: expected back in stock on ${date}`;
}

/** 'In stock', 'Only 3 left' or 'Out of stock' for one variation. */
export function stockMessage(variation: ProductView): string {
  const available = variation.quantity_available;
  if (available <= 0) return 'Out of stock';
  return available <= LOW_STOCK ? `Only ${available} left` : 'In stock';
}

/** The most a shopper can add of a variation: all of the stock, or any amount on pre-order. */
export function maxQuantity(variation: ProductView): number {
  if (variation.discontinued) return 0;
  if (variation.preorder) return MAX_QUANTITY;
  return Math.max(0, Math.min(MAX_QUANTITY, variation.quantity_available));
}
