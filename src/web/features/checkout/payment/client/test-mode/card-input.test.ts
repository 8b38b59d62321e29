import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cvvSize,
  EMPTY_CARD,
  expiryParts,
  formatCardNumber,
  formatExpiry,
  formatField,
  validateField,
  type CardValues,
} from './card-input.ts';

const year = new Date().getFullYear();
const yy = (offset: number) => String((year + offset) % 100).padStart(2, '0');
const card = (values: Partial<CardValues>): CardValues => ({ ...EMPTY_CARD, ...values });

describe('test-mode card inputs', () => {
  it('spaces numbers at their brand’s gaps and cuts them at its longest length', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
    expect(formatCardNumber('36259600000004')).toBe('3625 960000 0004');
    expect(formatCardNumber('5555-5555 5555-4444')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('41111111111111111111111')).toBe('4111 1111 1111 1111111');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('names brands by the spec’s slugs: visa, amex, mastercard', () => {
    expect(cardBrand('4111 1111')?.type).toBe('visa');
    expect(cardBrand('3782 822463')?.type).toBe('amex');
    expect(cardBrand('5555 5555')?.type).toBe('mastercard');
    expect(cardBrand('3625 96')?.type).toBe('diners-club');
  });

  it('sizes the security code by brand: 4 for American Express, else 3', () => {
    expect(cvvSize('3782')).toBe(4);
    expect(cvvSize('4111')).toBe(3);
    expect(cvvSize('')).toBe(3);
    expect(formatField('cvv', '12345', card({ number: '4111' }))).toBe('123');
  });

  it('puts the slash before the year and a zero before months 2–9', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12/2030')).toBe('12/2030');
    expect(formatExpiry('12/20301')).toBe('12/2030');
  });

  it('checks the number with the Luhn rule and the brand’s lengths', () => {
    expect(validateField('number', card({ number: '4111 1111 1111 1111' })).isValid).toBe(true);
    expect(validateField('number', card({ number: '4111 1111 1111 1112' })).isValid).toBe(false);
    const partial = validateField('number', card({ number: '4111' }));
    expect(partial).toMatchObject({ isValid: false, isPotentiallyValid: true });
  });

  it('accepts an expiry up to 19 years ahead, not in the past', () => {
    expect(validateField('expirationDate', card({ expirationDate: `12/${yy(19)}` })).isValid).toBe(
      true,
    );
    expect(validateField('expirationDate', card({ expirationDate: `12/${yy(20)}` })).isValid).toBe(
      false,
    );
    expect(validateField('expirationDate', card({ expirationDate: `01/${yy(-1)}` })).isValid).toBe(
      false,
    );
    expect(expiryParts(`03/${yy(3)}`)).toEqual({ month: '03', year: String(year + 3) });
    expect(expiryParts('13/30')).toBeNull();
  });

  it('wants a security code of the brand’s size and a name that is not just digits', () => {
    expect(validateField('cvv', card({ number: '378282246310005', cvv: '123' })).isValid).toBe(
      false,
    );
    expect(validateField('cvv', card({ number: '378282246310005', cvv: '1234' })).isValid).toBe(
      true,
    );
    expect(validateField('cardholderName', card({ cardholderName: 'Ada Lovelace' })).isValid).toBe(
      true,
    );
    expect(validateField('cardholderName', card({ cardholderName: '1234 5678' })).isValid).toBe(
      false,
    );
    expect(validateField('cardholderName', card({ cardholderName: '  ' })).isValid).toBe(false);
  });
});
