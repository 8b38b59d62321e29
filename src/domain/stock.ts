/**
 * Stock figures shared by the back office's pages and the server (ADR 047).
 */

/** A variation with this many units available or fewer is low on stock. */
export const LOW_STOCK_THRESHOLD = 5;
