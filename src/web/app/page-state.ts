/**
 * The data a server-rendered page was rendered with (ADR 057), handed to the browser
 * so it hydrates the same page without asking again: TanStack Query's dehydrated
 * cache in `<script type="application/json" id="page-state">`. Not executable, so the
 * content security policy (no inline scripts) allows it.
 *
 * Only the catalogue's answers go in: a list, a product, the categories — never the
 * basket, the login or anything else of one shopper's. A product or category the shop
 * does not have goes in as its 404, so the browser shows the same "not found" page the
 * server did instead of loading it again.
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

export const PAGE_STATE_ID = 'page-state';

/** The query keys (first part) the server renderer may fetch and send. */
export const SERVER_QUERIES: ReadonlySet<string> = new Set(['products', 'product', 'categories']);

/** An ApiError as JSON (an Error's own message is not enumerable, so it is copied). */
interface SentError {
  api_error: { status: number; type?: string; message: string };
}

const isNotFound = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 404;

/**
 * The client's catalogue answers (those `wanted`, by query hash) as the text of the
 * page-state script: JSON with every `<` escaped, so no `</script>` or `<!--` inside it
 * can end the element.
 */
export function pageStateJson(
  client: QueryClient,
  wanted: (queryHash: string) => boolean = () => true,
): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      wanted(query.queryHash) &&
      SERVER_QUERIES.has(String(query.queryKey[0])) &&
      (query.state.status === 'success' ||
        (query.state.status === 'error' && isNotFound(query.state.error))),
  });
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!isNotFound(error)) return query;
    const sent: SentError = {
      api_error: { status: error.status, type: error.type, message: error.message },
    };
    return { ...query, state: { ...query.state, error: sent } };
  });
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

/**
 * Puts a page's state (the page-state script's text) into the browser's client.
 * Returns false when there is none or it cannot be read (the page then loads its data).
 */
export function restorePageState(client: QueryClient, text: string | null | undefined): boolean {
  if (!text) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(text) as DehydratedState;
  } catch {
    return false;
  }
  if (!Array.isArray(state.queries)) return false;
  // Each query built straight into the cache with its state: TanStack's own hydrate()
  // also resumes in-flight promises, which these never are, and costs the home page's
  // first download about a kilobyte (ADR 009's budget).
  const cache = client.getQueryCache();
  for (const query of state.queries) {
    const sent = (query.state.error as SentError | null)?.api_error;
    if (sent) {
      // A 404 the server showed stays one: not fetched again as the page hydrates,
      // which would first show "loading" where the server's page said "not found".
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
    cache.build(
      client,
      { queryKey: query.queryKey, queryHash: query.queryHash },
      sent
        ? {
            ...query.state,
            error: new ApiError(sent.status, sent.type, sent.message, undefined),
          }
        : query.state,
    );
  }
  return true;
}
