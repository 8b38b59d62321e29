/**
 * The search results page's path, on its own: the header's search box (loaded by every
 * page) needs only this, not the list pages' address rules (list-params.ts), which would
 * otherwise be pulled into the entry chunk with it.
 */
export const SEARCH_PATH = '/search';
