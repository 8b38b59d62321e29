import { useId } from 'react';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { useSetLoyalty } from '../../../api/basket-changes.ts';

/**
 * 'Apply {available} buds to your order' (spec section 2): the new choice is sent,
 * and the basket the server replies with (its Bud rewards line and total) replaces
 * the cached one. Disabled while it saves so two choices never race.
 */
export function LoyaltyToggle({ basket }: { basket: BasketView }) {
  const setLoyalty = useSetLoyalty();
  const id = useId();
  const { using, available } = basket.loyalty_points;
  const checked = setLoyalty.isPending ? setLoyalty.variables : using;
  return (
    <div className="loyalty-toggle">
      <input
        type="checkbox"
        id={id}
        name="use_loyalty_points"
        checked={checked}
        disabled={setLoyalty.isPending}
        // On failure the box goes back to the basket's choice and the message shows.
        onChange={(event) => setLoyalty.mutate(event.target.checked)}
      />
      <label htmlFor={id}>Apply {available} buds to your order</label>
      {setLoyalty.error && (
        <p className="loyalty-toggle__error" role="alert">
          {setLoyalty.error.message}
        </p>
      )}
    </div>
  );
}
