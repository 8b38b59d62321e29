/**
 * Units sold reach the search documents (best-selling order, suggestions) through a
 * queue the order's transaction only appends to, folded in by this every minute (the
 * search-sales job, ADR 069; ADR 076): paying an order then takes no lock on any document.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** How often the queue is folded in: how far best-selling order may be behind. */
export const SEARCH_SALES_FOLD_MS = 60_000;

/** Folds the queued units sold into the documents; returns how many families changed. */
export async function foldSearchSales(db: Db): Promise<number> {
  const { rows } = await sql<{ folded: number }>`SELECT search_sales_fold() AS folded`.execute(db);
  return rows[0]?.folded ?? 0;
}

/**
 * Folds the facet count deltas the document triggers append (ADR 084) into one row per
 * category and key; returns the rows left. Run with the sales fold, and after bulk loads.
 */
export async function compactSearchFacets(db: Db): Promise<number> {
  const { rows } = await sql<{ left: number }>`SELECT search_facet_compact() AS left`.execute(db);
  return rows[0]?.left ?? 0;
}
