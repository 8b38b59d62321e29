/**
 * What a product card says about a family: price label, badges, restock date and
 * the analytics product, worked out from the FamilyView wire shape (the product
 * page's variation messages are in variation-labels.ts, off the home page's chunks).
 */
import type { FamilyView, ProductView } from '../../../domain/api/catalogue.ts';
import { DATE_TO_BE_CONFIRMED, formatShopDate } from '../../../domain/dates.ts';
import type { AnalyticsProduct } from '../../lib/analytics.ts';

/** At or below this many, stock is shown as 'Only N left'. */
export const LOW_STOCK = 5;

/** Variations a card's price is drawn from: those still sold, or all if none are. */
function pricedVariations(family: FamilyView): ProductView[] {
  const live = family.variations.filter((v) => !v.discontinued);
  return live.length > 0 ? live : family.variations;
}

/** The card's price: `from` when the variations still sold differ in price. */
export function cardPrice(family: FamilyView): { from: boolean; label: string } {
  const amounts = new Set(pricedVariations(family).map((v) => v.prices.price.amount));
  return { from: amounts.size > 1, label: family.prices.price.label };
}

export type BadgeTone = 'accent' | 'warning' | 'muted' | 'brand';

export interface Badge {
  label: string;
  tone: BadgeTone;
}

/** 'Some sizes discontinued' for a one-option family, else 'Some options discontinued'. */
function partlyDiscontinuedLabel(family: FamilyView): string {
  const only = family.option_groups.length === 1 ? family.option_groups[0] : undefined;
  const noun = only ? `${only.option.name.toLowerCase()}s` : 'options';
  return `Some ${noun} discontinued`;
}

/** The badges on a product card, most important first. */
export function cardBadges(family: FamilyView): Badge[] {
  const badges: Badge[] = [];
  const available = family.quantity_available;
  if (family.preorder) badges.push({ label: 'Pre-order', tone: 'accent' });
  else if (available <= 0) badges.push({ label: 'Out of stock', tone: 'muted' });
  else if (available <= LOW_STOCK)
    badges.push({ label: `Only ${available} left`, tone: 'warning' });
  if (family.is_bundle) badges.push({ label: 'Bundle', tone: 'brand' });
  if (family.discontinued) badges.push({ label: 'Discontinued', tone: 'muted' });
  else if (family.variations.some((v) => v.discontinued)) {
    badges.push({ label: partlyDiscontinuedLabel(family), tone: 'muted' });
  }
  return badges;
}

/** 'Restock 15/01/2027', or 'Restock date To be confirmed'. */
export function restockLabel(restockDate: string | null): string {
  const date = formatShopDate(restockDate);
  return date === DATE_TO_BE_CONFIRMED ? `Restock date ${DATE_TO_BE_CONFIRMED}` : `Restock ${date}`;
}

/**
 * A card as an analytics product: the family's id and name, with the price and
 * variant of the variation the card's price comes from.
 */
export function analyticsProduct(family: FamilyView): AnalyticsProduct {
  const price = family.prices.price.amount;
  const shown = pricedVariations(family).find((v) => v.prices.price.amount === price);
  return {
    id: family.id,
    name: family.name,
    price,
    category: family.primary_category.name,
    variant: shown?.variation_name ?? '',
  };
}
