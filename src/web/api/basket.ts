/**
 * The basket: one query and the mutations that change it. Like every query it is
 * not refetched on window focus, except where the checkout asks for it (spec
 * section 4). Every mutation replaces the cached basket with the
 * server's reply, so the page never shows a price the server did not compute.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
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

/**
 * `scope`: mutations sharing it run one after another, the last call's reply last. A
 * refused change fetches the basket again: the refusal may come from a basket that
 * changed elsewhere (its order paid for in another tab, ADR 035; a line removed), and
 * the page then shows it as it now is.
 */
function useBasketMutation<V>(call: (variables: V) => Promise<BasketView>, scope?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (basket) => replaceBasket(client, basket),
    onError: () => void client.invalidateQueries({ queryKey: BASKET_KEY }),
    ...(scope ? { scope: { id: scope } } : {}),
  });
}

/** Puts the server's basket in the cache. */
export function replaceBasket(client: QueryClient, basket: BasketView): void {
  client.setQueryData(BASKET_KEY, basket);
}

export interface AddToBasket {
  product_id: number;
  quantity?: number;
  related_item_id?: number | null;
}

export const useAddToBasket = () =>
  useBasketMutation((item: AddToBasket) => api<BasketView>('POST', '/basket', item));

/** What a failed Add to basket says when the request never reached the shop. */
export const ADD_TO_BASKET_FAILED_MESSAGE =
  'Sorry, we couldn’t add that to your basket. Please try again.';

export const useUpdateBasketItem = () =>
  useBasketMutation(({ id, quantity }: { id: number; quantity: number }) =>
    api<BasketView>('PATCH', `/basket/${id}`, { quantity }),
  );

export const useRemoveBasketItem = () =>
  useBasketMutation((id: number) => api<BasketView>('DELETE', `/basket/${id}`));

export const useSetVoucher = () =>
  useBasketMutation((voucher_code: string | null) =>
    api<BasketView>('PUT', '/basket/voucher', { voucher_code }),
  );

/** PUT /basket/delivery: the chosen delivery option; the reply replaces the basket. */
/**
 * PUT /basket/delivery. The choices stay usable while one saves (a keyboard user
 * moves through them with the arrow keys), so the saves queue in order.
 */
export const useSetDeliveryOption = () =>
  useBasketMutation(
    (option_id: string) => api<BasketView>('PUT', '/basket/delivery', { option_id }),
    'basket-delivery-option',
  );

/** The safe-place fields of PUT /basket/details (spec section 3, Safe place). */
export interface SafePlacePayload {
  delivery_safe_place_option: string | null;
  delivery_safe_place_option_note: string | null;
  /** The composed text; the server composes its own from the two fields above. */
  delivery_safe_place: string;
}

/**
 * PUT /basket/details with the delivery instructions alone. It queues behind a
 * delivery option still saving, so the reply it leaves in the cache has that option.
 */
export const useSaveSafePlace = () =>
  useBasketMutation(
    (payload: SafePlacePayload) => api<BasketView>('PUT', '/basket/details', payload),
    'basket-delivery-option',
  );

/** PUT /basket/loyalty: whether to spend the customer's buds on this order. */
export const useSetLoyalty = () =>
  useBasketMutation((use_loyalty_points: boolean) =>
    api<BasketView>('PUT', '/basket/loyalty', { use_loyalty_points }),
  );

/** PUT /basket/credit: spend the customer's store credit on the basket, or stop (ADR 052). */
export const useSetCredit = () =>
  useBasketMutation((use_credit: boolean) =>
    api<BasketView>('PUT', '/basket/credit', { use_credit }),
  );

/**
 * PUT /basket/details fields: email_address (null clears it), the delivery_address_
 * and billing_address_ fields and the safe place. Only the fields sent change.
 */
export type BasketDetailsPayload = Partial<Record<string, string | null>>;

export const useUpdateBasketDetails = () =>
  useBasketMutation((details: BasketDetailsPayload) =>
    api<BasketView>('PUT', '/basket/details', details),
  );
