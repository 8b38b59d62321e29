/**
 * The 'Credit or debit card' group (spec section 2): 'Cardholders details' (the billing
 * address) first, then a stored card or the card fields, and 'Place order & pay'. The
 * billing details live here as the spec places them; the group stays mounted while
 * another is open, so PayPal and Apple Pay can still check and save them (ADR 020).
 */
import type { ReactNode, RefObject } from 'react';
import type { StoredCardView } from '../../../../domain/api/order.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { cardErrorMessage } from './client/errors.ts';
import type { usePaymentClient } from './client/load-client.ts';
import type { CardFieldsHandle, PaymentClient } from './client/types.ts';
import { NEW_CARD, SavedCards } from './saved-cards.tsx';

export interface CardGroupProps {
  /** The billing details ('Cardholders details'), shown first whatever the card's state. */
  billing: ReactNode;
  payment: ReturnType<typeof usePaymentClient>;
  loading: boolean;
  tokenError: Error | null;
  onRetryToken: () => void;
  cards: readonly StoredCardView[];
  chosenCard: StoredCardView | null;
  onChooseCard: (value: string) => void;
  signedIn: boolean;
  saveCard: boolean;
  onSaveCard: (value: boolean) => void;
  cardFields: RefObject<CardFieldsHandle | null>;
  busy: boolean;
  onPay: (client: PaymentClient) => void;
}

export function CardGroup({ billing, ...card }: CardGroupProps) {
  return (
    <div className="payment-group">
      {billing}
      <CardPayment {...card} />
    </div>
  );
}

function CardPayment({
  payment,
  loading,
  tokenError,
  onRetryToken,
  cards,
  chosenCard,
  onChooseCard,
  signedIn,
  saveCard,
  onSaveCard,
  cardFields,
  busy,
  onPay,
}: Omit<CardGroupProps, 'billing'>) {
  if (tokenError || payment.status === 'error') {
    return (
      <>
        <Notice tone="error">
          Card payments could not be set up.{' '}
          {tokenError?.message ?? cardErrorMessage(payment.error) ?? ''}
        </Notice>
        <Button variant="secondary" onClick={onRetryToken}>
          Try again
        </Button>
      </>
    );
  }
  if (!payment.client || loading) {
    return (
      <div className="payment-group--loading">
        <LoadingOverlay message="Loading card payment" />
      </div>
    );
  }
  const client = payment.client;
  const { CardFields } = client;
  return (
    <>
      {cards.length > 0 && (
        <SavedCards
          cards={cards}
          value={chosenCard?.id ?? NEW_CARD}
          onChange={onChooseCard}
          disabled={busy}
        />
      )}
      {!chosenCard && (
        <fieldset className="card-entry" disabled={busy}>
          <legend className="card-entry__legend">Card details</legend>
          <CardFields ref={cardFields} disabled={busy} />
          <p className="card-entry__clear">
            <Button variant="link" onClick={() => cardFields.current?.clear()}>
              Clear card details
            </Button>
          </p>
          {signedIn && (
            <p className="card-entry__save">
              <input
                type="checkbox"
                id="save_payment_method"
                name="save_payment_method"
                checked={saveCard}
                onChange={(event) => onSaveCard(event.target.checked)}
              />
              <label htmlFor="save_payment_method">Save this card for next time</label>
            </p>
          )}
        </fieldset>
      )}
      <Button
        block
        busy={busy}
        busyLabel="Placing order"
        // It checks the billing and card fields, which show their messages on blur.
        keepFocus
        onClick={() => onPay(client)}
      >
        Place order &amp; pay
      </Button>
    </>
  );
}
