/**
 * One read of a list per page (ADR 057): rendering a home, category or search page asks
 * the search port for the same list three times — the picture preload, the tags for
 * search engines, and the server renderer through the API's own handler (`app.inject`).
 * At 20,000 families a list with its facets costs tens of milliseconds, so inside
 * `withinPage` the port answers an identical query from the first read's promise.
 *
 * The scope is one page request (AsyncLocalStorage carries it into the injected API
 * request): nothing outlives the page, so no reader ever sees an older list than the
 * request's own first read. Outside a page (every API call) the port is untouched.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProductListQuery } from '../../../domain/api/catalogue.ts';
import type { ProductSearch, ProductSearchResult } from './search.port.ts';

const pages = new AsyncLocalStorage<Map<string, Promise<ProductSearchResult>>>();

/** Runs one page's work with its own shared reads. */
export function withinPage<T>(work: () => Promise<T>): Promise<T> {
  return pages.run(new Map(), work);
}

/** The query as a key that does not depend on the order its fields were set in. */
export function queryKey(query: ProductListQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/** The port, sharing identical list reads within a page (and only there). */
export function sharedWithinPage(search: ProductSearch): ProductSearch {
  return {
    search(query) {
      const reads = pages.getStore();
      if (!reads) return search.search(query);
      const key = queryKey(query);
      let read = reads.get(key);
      if (!read) {
        read = search.search(query);
        // A failed read is not kept: the next caller asks again.
        read.catch(() => reads.delete(key));
        reads.set(key, read);
      }
      return read;
    },
    suggest: (text, limit) => search.suggest(text, limit),
  };
}
