/**
 * The search port: what the shop's pages ask of a product search engine. The pages and
 * routes know only this interface; the engine behind it (PostgreSQL full-text and
 * trigram search, ADR 055) could be swapped for a dedicated one without touching them.
 */
import type { ProductFacets, ProductListQuery } from '../../../domain/api/catalogue.ts';

export interface ProductSearchResult {
  /** The families of the asked page, in order (ranked when the query has a text). */
  familyIds: number[];
  /** Families matching the query and filters, over all pages. */
  total: number;
  facets: ProductFacets;
  /** A corrected text when the one given found little or nothing, else null. */
  didYouMean: string | null;
}

export type SuggestionHit =
  | { kind: 'product'; familyId: number; name: string; slug: string }
  | { kind: 'category'; name: string; slug: string };

export interface ProductSearch {
  /** One page of families for a list query (home, category and search pages). */
  search(query: ProductListQuery): Promise<ProductSearchResult>;
  /** Up to `limit` product names and categories for what has been typed so far. */
  suggest(text: string, limit: number): Promise<SuggestionHit[]>;
}
