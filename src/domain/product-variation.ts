/**
 * Which variation a product page opens on: shared by the web app's product page and
 * the server, which preloads that variation's picture (ADR 032).
 */
import type { FamilyView, ProductView } from './api/catalogue.ts';

/** Can be added to the basket now: not discontinued, and in stock or on pre-order. */
export function isPurchasable(variation: ProductView): boolean {
  return !variation.discontinued && (variation.preorder || variation.quantity_available > 0);
}

/**
 * The variation a product page opens on without `?variation=`: the cheapest one
 * that can be bought, else the cheapest not discontinued, else the first.
 */
export function defaultVariation(family: FamilyView): ProductView | undefined {
  const live = family.variations.filter((v) => !v.discontinued);
  const pool = live.length > 0 ? live : family.variations;
  // Array sort is stable, so equal prices keep the catalogue's order.
  return [...pool].sort(
    (a, b) =>
      Number(isPurchasable(b)) - Number(isPurchasable(a)) ||
      a.prices.price.amount - b.prices.price.amount,
  )[0];
}

/** The variation named by a `?variation=` value, or the default one. */
export function variationFromParam(
  family: FamilyView,
  param: string | null,
): ProductView | undefined {
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  return family.variations.find((v) => v.id === id) ?? defaultVariation(family);
}
