import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Queries do not refetch on window focus (spec section 4) — except the checkout's
 * basket fetch, which opts back in (useBasket). Client errors (4xx) are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
