/**
 * Buds (loyalty points): 1 bud = 1p off a later order. A signed-in customer earns
 * 1 bud for every whole pound paid for items: what the items cost after discounts and
 * buds spent, without delivery (ADR 019). Guests earn none.
 */

/** Pence paid for items per bud earned. */
export const PENCE_PER_BUD_EARNED = 100;

/** Buds earned by an order whose items were paid `itemsPaid` pence in all. */
export function budsEarned(itemsPaid: number): number {
  return Math.max(0, Math.floor(itemsPaid / PENCE_PER_BUD_EARNED));
}
