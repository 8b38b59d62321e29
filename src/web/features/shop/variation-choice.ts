/**
 * Which variation of a product family the shopper has chosen, and what choosing
 * one option value does to the others. Pure functions over the FamilyView, so the
 * product page keeps no copy of the choice: the variation id lives in the URL.
 */
import type { FamilyView, ProductView } from '../../../domain/api/catalogue.ts';
import { isPurchasable } from '../../../domain/product-variation.ts';

// Shared with the server, which preloads the product page's picture (ADR 032).
export {
  defaultVariation,
  isPurchasable,
  variationFromParam,
} from '../../../domain/product-variation.ts';

/** How an option value looks beside the shopper's other choices. */
export type ValueState = 'available' | 'out_of_stock' | 'unavailable';

/** The value id a variation has for an option, if any. */
export function valueOf(variation: ProductView, optionId: number): number | undefined {
  return variation.options.find((pair) => pair.option.id === optionId)?.value.id;
}

/** Variations that have `valueId` for `optionId` and match `current` on every other option. */
function combinations(
  family: FamilyView,
  current: ProductView,
  optionId: number,
  valueId: number,
): ProductView[] {
  return family.variations.filter(
    (v) =>
      valueOf(v, optionId) === valueId &&
      family.option_groups.every(
        (group) =>
          group.option.id === optionId ||
          valueOf(v, group.option.id) === valueOf(current, group.option.id),
      ),
  );
}

/**
 * How a value reads with the other options as chosen: unavailable when no variation
 * has that combination or every one that does is discontinued.
 */
export function valueState(
  family: FamilyView,
  current: ProductView,
  optionId: number,
  valueId: number,
): ValueState {
  const live = combinations(family, current, optionId, valueId).filter((v) => !v.discontinued);
  if (live.length === 0) return 'unavailable';
  return live.some(isPurchasable) ? 'available' : 'out_of_stock';
}

export interface Choice {
  variation: ProductView;
  /** Other options that had to change to reach a variation with the chosen value. */
  changed: { option: string; value: string }[];
}

/**
 * The variation to show when the shopper picks `valueId` for `optionId`.
 *
 * The exact combination wins even when it is discontinued: the shopper asked for
 * it, and the page then says plainly that it cannot be bought. Without one, the
 * nearest variation that has the value: not discontinued first, then the one
 * keeping most of the other choices (earlier option groups, usually Size, count
 * for more), then one that can be bought now.
 */
export function chooseOption(
  family: FamilyView,
  current: ProductView,
  optionId: number,
  valueId: number,
): Choice | undefined {
  const others = family.option_groups.filter((group) => group.option.id !== optionId);
  const candidates = family.variations.filter((v) => valueOf(v, optionId) === valueId);
  const kept = (v: ProductView) =>
    others.reduce(
      (score, group, index) =>
        valueOf(v, group.option.id) === valueOf(current, group.option.id)
          ? score + 2 ** (others.length - index)
          : score,
      0,
    );
  const exact = combinations(family, current, optionId, valueId)[0];
  const chosen =
    exact ??
    [...candidates].sort(
      (a, b) =>
        Number(a.discontinued) - Number(b.discontinued) ||
        kept(b) - kept(a) ||
        Number(isPurchasable(b)) - Number(isPurchasable(a)),
    )[0];
  if (!chosen) return undefined;
  const changed = others.flatMap((group) => {
    const pair = chosen.options.find((p) => p.option.id === group.option.id);
    return pair && pair.value.id !== valueOf(current, group.option.id)
      ? [{ option: group.option.name, value: pair.value.name }]
      : [];
  });
  return { variation: chosen, changed };
}
