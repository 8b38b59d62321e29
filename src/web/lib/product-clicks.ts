/**
 * The product-clicks cookie (spec section 4): for each product clicked in a list,
 * the list name and position, so later events can say where a sale came from.
 */
import { readCookie, writeCookie } from './cookies.ts';

export const PRODUCT_CLICKS_COOKIE = 'product_clicks';
const MAX_AGE_S = 60 * 60 * 24 * 30;
const MAX_ENTRIES = 50;

export interface ProductClick {
  list: string;
  position: number;
}

function readAll(): Record<string, ProductClick> {
  const raw = readCookie(PRODUCT_CLICKS_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ProductClick>) : {};
  } catch {
    return {};
  }
}

function writeAll(clicks: Record<string, ProductClick>): void {
  const entries = Object.entries(clicks).slice(-MAX_ENTRIES);
  writeCookie(PRODUCT_CLICKS_COOKIE, JSON.stringify(Object.fromEntries(entries)), MAX_AGE_S);
}

/** Remembers where a product was clicked. */
export function saveProductClick(productId: number | string, click: ProductClick): void {
  const clicks = readAll();
  delete clicks[String(productId)];
  clicks[String(productId)] = click;
  writeAll(clicks);
}

/** Where a product was clicked, if known; `remove` forgets it after reading. */
export function readProductClick(productId: number | string, remove = false): ProductClick | null {
  const clicks = readAll();
  const click = clicks[String(productId)] ?? null;
  if (click && remove) {
    delete clicks[String(productId)];
    writeAll(clicks);
  }
  return click;
}
