import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { BASKET_KEY, replaceBasket } from '../../../api/basket.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Saves the delivery address on the basket (PUT /basket/details, prefixed fields),
 * then refreshes the basket (spec section 4) so the next step sees its new delivery
 * options and prices.
 */
export function useSaveDeliveryAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: Record<string, string | null>) =>
      api<BasketView>('PUT', '/basket/details', payload),
    onSuccess: async (basket) => {
      replaceBasket(client, basket);
      await client.invalidateQueries({ queryKey: BASKET_KEY });
    },
  });
}
