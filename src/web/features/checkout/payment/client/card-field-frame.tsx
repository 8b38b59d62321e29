/**
 * What both card-field implementations share: the labels, placeholders, notes and
 * messages of spec section 2's card fields, and the frame around each input (a real
 * input in test mode, a hosted-field iframe's container with Braintree).
 */
import type { ReactNode } from 'react';
import { Toggletip } from '../../../../ui/toggletip.tsx';
import type { CardFieldKey } from './types.ts';

export const CARD_FIELD_LABELS: Record<CardFieldKey, string> = {
  cardholderName: 'Name on card',
  number: 'Card number',
  expirationDate: 'Expiry date',
  cvv: 'Security code',
};

export const CARD_FIELD_PLACEHOLDERS: Partial<Record<CardFieldKey, string>> = {
  expirationDate: 'mm/yy',
  cvv: 'CVV',
};

export const SECURE_NOTE =
  'This site is protected by a security certificate, and your full card details are never stored.';
export const CVV_NOTE = 'The security code is the three-digit code on the back of your card.';

const TIPS: Partial<Record<CardFieldKey, { label: string; note: string }>> = {
  number: { label: 'About keeping your card safe', note: SECURE_NOTE },
  cvv: { label: 'What is the security code?', note: CVV_NOTE },
};

const MESSAGES: Record<CardFieldKey, { empty: string; invalid: string }> = {
  cardholderName: {
    empty: 'Please enter the name on your card',
    invalid: 'Please enter the name as it appears on your card',
  },
  number: { empty: 'Please enter your card number', invalid: 'Please enter a valid card number' },
  expirationDate: {
    empty: 'Please enter the expiry date',
    invalid: 'Please enter a valid expiry date',
  },
  cvv: { empty: 'Please enter the security code', invalid: 'Please enter a valid security code' },
};

/** A card field's state, as hosted fields report it. */
export interface CardFieldState {
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  /** Left once (blurred), or a payment was attempted. */
  touched: boolean;
}

/** The field's message: only once touched (spec section 5), and only when it is wrong. */
export function cardFieldError(key: CardFieldKey, state: CardFieldState): string | undefined {
  if (!state.touched || state.isValid) return undefined;
  return state.isEmpty ? MESSAGES[key].empty : MESSAGES[key].invalid;
}

/** The brand a card number's first digits show (spec section 5's slugs, domain/cards.ts). */
export interface ShownCardBrand {
  slug: string;
  name: string;
}

export interface CardFieldFrameProps {
  fieldKey: CardFieldKey;
  /** The number field's brand, once only one fits; null or absent otherwise. */
  brand?: ShownCardBrand | null;
  /** The input's id (test mode), so the label is the input's. */
  inputId?: string;
  /** The label's id (Braintree: the iframe's container refers to it). */
  labelId: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}

export function CardFieldFrame({
  fieldKey,
  brand,
  inputId,
  labelId,
  error,
  errorId,
  children,
}: CardFieldFrameProps) {
  const tip = TIPS[fieldKey];
  return (
    <div
      className={['field', 'card-field', `card-field--${fieldKey}`, error ? 'field--error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <span className="card-field__label-row">
        <label id={labelId} htmlFor={inputId} className="field__label">
          {CARD_FIELD_LABELS[fieldKey]}
        </label>
        {tip && <Toggletip label={tip.label}>{tip.note}</Toggletip>}
        {brand && (
          <span className="card-field__brand" data-card-brand={brand.slug}>
            {brand.name}
          </span>
        )}
      </span>
      {children}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
