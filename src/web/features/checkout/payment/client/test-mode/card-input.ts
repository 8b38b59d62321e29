/**
 * Test mode's card inputs, checked and formatted the way Braintree's hosted fields do
 * it inside their iframes (card-validator and credit-card-type): the brand from the
 * first digits, spaces at the brand's gaps, its lengths and security-code size, an
 * expiry no more than 19 years ahead, and the default maximum lengths of spec section 5.
 */
import cardValidator from 'card-validator';
import { cardBrandSlug } from '../../../../../../domain/cards.ts';
import type { CardFieldKey } from '../types.ts';
import type { CardFieldState } from '../card-field-frame.tsx';

/** Spec section 5: default maximum lengths (number in digits). */
export const MAX_LENGTHS = { number: 19, expirationDate: 7, cvv: 3, cardholderName: 255 } as const;
/** Spec section 9: the furthest ahead an expiry year may be. */
export const MAX_EXPIRATION_YEAR_AGE = 19;

export interface CardBrand {
  /** The shop's brand slug (domain/cards.ts), e.g. 'visa', 'amex'. */
  type: string;
  niceType: string;
  gaps: number[];
  lengths: number[];
  code: { name: string; size: number };
}

export type CardValues = Record<CardFieldKey, string>;

export const EMPTY_CARD: CardValues = {
  cardholderName: '',
  number: '',
  expirationDate: '',
  cvv: '',
};

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** The brand of a (partial) number, once only one brand fits it. */
export function cardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number);
  if (!digits) return null;
  const card = cardValidator.number(digits).card;
  return card && { ...card, type: cardBrandSlug(card.type) };
}

/** The number as typed: digits only, cut to the brand's longest length, spaced at its gaps. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(value);
  const max = brand ? Math.max(...brand.lengths) : MAX_LENGTHS.number;
  const digits = onlyDigits(value).slice(0, max);
  const gaps = brand?.gaps ?? [4, 8, 12];
  let out = '';
  for (let index = 0; index < digits.length; index += 1) {
    if (index > 0 && gaps.includes(index)) out += ' ';
    out += digits[index];
  }
  return out;
}

/** 'mm/yy' as typed: a slash before the year, a leading zero for months 2–9. */
export function formatExpiry(value: string): string {
  let digits = onlyDigits(value).slice(0, 6);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The security code's length for the number's brand: 3, or 4 for American Express. */
export function cvvSize(number: string): number {
  return cardBrand(number)?.code.size ?? MAX_LENGTHS.cvv;
}

export function formatCvv(value: string, number: string): string {
  return onlyDigits(value).slice(0, cvvSize(number));
}

/** Formats a field's new value as its input shows it. */
export function formatField(key: CardFieldKey, value: string, card: CardValues): string {
  switch (key) {
    case 'number':
      return formatCardNumber(value);
    case 'expirationDate':
      return formatExpiry(value);
    case 'cvv':
      return formatCvv(value, card.number);
    default:
      return value.slice(0, MAX_LENGTHS.cardholderName);
  }
}

/** Whether a field's value is valid, and could still become valid as typing goes on. */
export function validateField(
  key: CardFieldKey,
  card: CardValues,
): { isValid: boolean; isPotentiallyValid: boolean } {
  const value = card[key];
  switch (key) {
    case 'number':
      return cardValidator.number(onlyDigits(value), {
        maxLength: MAX_LENGTHS.number,
        luhnValidateUnionPay: true,
      });
    case 'expirationDate':
      return cardValidator.expirationDate(value, MAX_EXPIRATION_YEAR_AGE);
    case 'cvv':
      return cardValidator.cvv(value, cvvSize(card.number));
    default: {
      const result = cardValidator.cardholderName(value);
      const filled = value.trim() !== '';
      return { isValid: result.isValid && filled, isPotentiallyValid: result.isPotentiallyValid };
    }
  }
}

export function fieldState(key: CardFieldKey, card: CardValues, touched: boolean): CardFieldState {
  return { ...validateField(key, card), isEmpty: card[key].trim() === '', touched };
}

/** The expiry's month and four-digit year, once valid. */
export function expiryParts(value: string): { month: string; year: string } | null {
  const result = cardValidator.expirationDate(value, MAX_EXPIRATION_YEAR_AGE);
  if (!result.isValid || !result.month || !result.year) return null;
  const year = result.year.length === 2 ? `20${result.year}` : result.year;
  return { month: result.month.padStart(2, '0'), year };
}
