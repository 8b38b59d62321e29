/**
 * The first fetches of the page the browser opened, started with the app (before the
 * page's code has downloaded and asked for them), so the data and the code arrive
 * together instead of one after the other (ADR 033). The page's own queries then find
 * them in the cache or in flight.
 */
import type { QueryClient } from '@tanstack/react-query';
import { basketQuery } from '../api/basket.ts';
import { configQuery } from '../api/config.ts';

/** Pages whose first paint is the basket. */
const BASKET_PAGES = /^\/(basket|checkout)(\/|$)/;
/** Pages that read the vendors' configuration first (captcha, postcode lookup, payments). */
const CONFIG_PAGES = /^\/(checkout|login)(\/|$)/;

export function prefetchPageData(client: QueryClient, pathname: string): void {
  if (BASKET_PAGES.test(pathname)) void client.prefetchQuery(basketQuery);
  if (CONFIG_PAGES.test(pathname)) void client.prefetchQuery(configQuery);
}
