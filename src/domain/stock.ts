/**
 * Stock figures shared by the back office's pages and the server (ADR 047).
 */

/** A variation with this many units available or fewer is low on stock. */
export const LOW_STOCK_THRESHOLD = 5;

/** Why staff change stock by a relative amount (ADR 053). A stock take is 'counted'. */
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'returned', 'correction'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];

/** Every reason a stock ledger row may give, as staff read it. */
export const STOCK_REASON_LABELS: Readonly<Record<string, string>> = {
  opening: 'Opening stock',
  sold: 'Sold',
  released: 'Released (order not completed)',
  restock: 'Restock (command)',
  received: 'Received',
  damaged: 'Damaged',
  returned: 'Returned',
  correction: 'Correction',
  counted: 'Counted',
  restocked: 'Restocked (refund)',
};

/** The largest relative change one adjustment may make, either way (a typo guard). */
export const MAX_STOCK_CHANGE = 100_000;

/** The largest level a stock take may record. */
export const MAX_STOCK_LEVEL = 1_000_000;

/** The longest note an adjustment may carry. */
export const MAX_STOCK_NOTE = 500;
