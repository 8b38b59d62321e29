/**
 * The product-clicks cookie (spec section 4): for each product clicked in a list,
 * the list name and position, so later events can say where a sale came from.
 */

export const PRODUCT_CLICKS_COOKIE = 'product_clicks';
const MAX_AGE_S = 60 * 60 * 24 * 30;
const MAX_ENTRIES = 50;

export interface ProductClick {
  list: string;
  position: number;
}

function readAll(): Record<string, ProductClick> {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${PRODUCT_CLICKS_COOKIE}=`))
    ?.slice(PRODUCT_CLICKS_COOKIE.length + 1);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ProductClick>) : {};
  } catch {
    return {};
  }
}

function writeAll(clicks: Record<string, ProductClick>): void {
  const entries = Object.entries(clicks).slice(-MAX_ENTRIES);
  const value = encodeURIComponent(JSON.stringify(Object.fromEntries(entries)));
  document.cookie = `${PRODUCT_CLICKS_COOKIE}=${value}; path=/; max-age=${MAX_AGE_S}; samesite=lax`;
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
