import { describe, expect, it } from 'vitest';
import { cardBrandName, cardBrandSlug } from './cards.ts';

describe('cardBrandSlug', () => {
  it('gives the spec’s slugs however the card libraries and the gateway spell the brand', () => {
    expect(['visa', 'Visa'].map(cardBrandSlug)).toEqual(['visa', 'visa']);
    expect(['american-express', 'American Express', 'amex'].map(cardBrandSlug)).toEqual([
      'amex',
      'amex',
      'amex',
    ]);
    expect(['mastercard', 'master-card', 'MasterCard'].map(cardBrandSlug)).toEqual([
      'mastercard',
      'mastercard',
      'mastercard',
    ]);
  });

  it('keeps credit-card-type’s slug for brands the spec does not name', () => {
    expect(['diners-club', 'Diners Club', 'JCB', 'discover'].map(cardBrandSlug)).toEqual([
      'diners-club',
      'diners-club',
      'jcb',
      'discover',
    ]);
  });
});

describe('cardBrandName', () => {
  it('uses the spec’s names for its brands and the library’s for the rest', () => {
    expect(cardBrandName('mastercard', 'Mastercard')).toBe('MasterCard');
    expect(cardBrandName('amex', 'American Express')).toBe('American Express');
    expect(cardBrandName('diners-club', 'Diners Club')).toBe('Diners Club');
  });
});
