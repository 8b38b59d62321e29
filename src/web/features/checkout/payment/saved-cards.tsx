/**
 * A signed-in customer's stored cards (spec section 2): 'Default card' and 'Card N',
 * each with its type, last four digits and expiry, and 'Use a new card'.
 */
import type { StoredCardView } from '../../../../domain/api/order.ts';
import { RadioGroup } from '../../../ui/radio-group.tsx';

export const NEW_CARD = 'new';

/** 'Default card' for the default, else 'Card N' by its place in the list. */
export function storedCardLabel(card: StoredCardView, index: number): string {
  return card.default ? 'Default card' : `Card ${index + 1}`;
}

/** 'Visa ending 1111, expires 12/2030' */
export function storedCardDescription(card: StoredCardView): string {
  const { cardType, lastFour, expirationMonth, expirationYear } = card.details;
  return `${cardType} ending ${lastFour}, expires ${expirationMonth}/${expirationYear}`;
}

export interface SavedCardsProps {
  cards: readonly StoredCardView[];
  /** A stored card's id, or NEW_CARD. */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

export function SavedCards({ cards, value, onChange, disabled }: SavedCardsProps) {
  return (
    <RadioGroup
      legend="Pay with"
      name="payment_card"
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={[
        ...cards.map((card, index) => ({
          value: card.id,
          label: storedCardLabel(card, index),
          description: storedCardDescription(card),
        })),
        { value: NEW_CARD, label: 'Use a new card' },
      ]}
    />
  );
}
