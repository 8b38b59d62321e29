/**
 * The basket query. Like every query it is not refetched on window focus, except
 * where the checkout asks for it (spec section 4). The mutations that change the
 * basket are basket-changes.ts: the pages that change it load them, the first
 * download of every page does not (ADR 079).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BasketView } from '../../domain/api/basket.ts';
import { api } from '../lib/api-client.ts';

export const BASKET_KEY = ['basket'] as const;

/**
 * A basket fetched in the last two seconds is not fetched again when another part of
 * the page mounts (the page's start, `prefetchPageData`, the checkout's summary and
 * step): one page load asks once. Later mounts fetch it afresh.
 */
export const BASKET_FRESH_MS = 2_000;

export const basketQuery = queryOptions({
  queryKey: BASKET_KEY,
  queryFn: () => api<BasketView>('GET', '/basket'),
  staleTime: BASKET_FRESH_MS,
});

/**
 * The basket. `refetchOnWindowFocus` is for the checkout alone: a basket changed in
 * another tab must not be paid for as it was, so it is fetched on every focus, fresh
 * or not.
 */
export const useBasket = (options: { refetchOnWindowFocus?: boolean } = {}) =>
  useQuery({
    ...basketQuery,
    refetchOnWindowFocus: options.refetchOnWindowFocus ? 'always' : false,
  });

/** Puts the server's basket in the cache. */
export function replaceBasket(client: QueryClient, basket: BasketView): void {
  client.setQueryData(BASKET_KEY, basket);
}
