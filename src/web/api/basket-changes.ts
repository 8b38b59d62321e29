/**
 * The mutations that change the basket. Every one replaces the cached basket with the
 * server's reply, so the page never shows a price the server did not compute. Apart
 * from the query (basket.ts), which every page's header reads, so that the first
 * download of a page that changes nothing (the home page) does not carry them
 * (ADR 079).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BasketView } from '../../domain/api/basket.ts';
import { api } from '../lib/api-client.ts';
import { BASKET_KEY, replaceBasket } from './basket.ts';

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
