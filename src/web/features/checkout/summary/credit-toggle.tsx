import { useId } from 'react';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { formatPence, pence } from '../../../../domain/money.ts';
import { useSetCredit } from '../../../api/basket-changes.ts';

/**
 * 'Use my store credit (£12.50 available)' (ADR 052), beside the buds toggle: the new
 * choice is sent, and the basket the server replies with (its Store credit and To pay
 * lines, and whether a payment is still needed) replaces the cached one. Disabled while
 * it saves so two choices never race.
 */
export function CreditToggle({ basket }: { basket: BasketView }) {
  const setCredit = useSetCredit();
  const id = useId();
  const { using, available } = basket.credit;
  const checked = setCredit.isPending ? setCredit.variables : using;
  return (
    <div className="loyalty-toggle">
      <input
        type="checkbox"
        id={id}
        name="use_credit"
        checked={checked}
        disabled={setCredit.isPending}
        // On failure the box goes back to the basket's choice and the message shows.
        onChange={(event) => setCredit.mutate(event.target.checked)}
      />
      <label htmlFor={id}>Use my store credit ({formatPence(pence(available))} available)</label>
      {setCredit.error && (
        <p className="loyalty-toggle__error" role="alert">
          {setCredit.error.message}
        </p>
      )}
    </div>
  );
}
