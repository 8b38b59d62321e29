import { describe, expect, it } from 'vitest';
import {
  decimalString,
  divideRoundHalfUp,
  formatDeliveryPrice,
  formatPence,
  formatPenceOrFree,
  pence,
  penceFromDecimal,
  vatIncluded,
} from './money.ts';

describe('money', () => {
  it('formats pence as pounds', () => {
    expect(formatPence(pence(1250))).toBe('£12.50');
    expect(formatPence(pence(5))).toBe('£0.05');
    expect(formatPence(pence(123456789))).toBe('£1,234,567.89');
    expect(formatPence(pence(-1600))).toBe('-£16.00');
    expect(decimalString(pence(7999))).toBe('79.99');
  });

  it('reads a decimal amount back into pence', () => {
    expect(penceFromDecimal('79.99')).toBe(7999);
    expect(penceFromDecimal('0.07')).toBe(7);
    expect(penceFromDecimal('2000.00')).toBe(200000);
    expect(penceFromDecimal(decimalString(pence(1_234_567)))).toBe(1_234_567);
  });

  it('shows zero as FREE in summaries and Free for delivery', () => {
    expect(formatPenceOrFree(pence(0))).toBe('FREE');
    expect(formatPenceOrFree(pence(1))).toBe('£0.01');
    expect(formatDeliveryPrice(pence(0))).toBe('Free');
    expect(formatDeliveryPrice(pence(795))).toBe('£7.95');
  });

  it('refuses fractional pence', () => {
    expect(() => pence(1.5)).toThrow(RangeError);
    expect(() => pence(Number.NaN)).toThrow(RangeError);
  });

  it('rounds halves up', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
    expect(divideRoundHalfUp(-5, 2)).toBe(-3);
  });

  it('finds the VAT inside a VAT-inclusive price', () => {
    expect(vatIncluded(pence(7999), 2000)).toBe(1333);
    expect(vatIncluded(pence(600), 2000)).toBe(100);
    expect(vatIncluded(pence(3), 2000)).toBe(1); // 0.5p rounds up
    expect(vatIncluded(pence(1000), 0)).toBe(0);
  });
});
