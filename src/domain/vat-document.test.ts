import { describe, expect, it } from 'vitest';
import { pence } from './money.ts';
import {
  documentMoney,
  documentNumber,
  documentTotals,
  rateLabel,
  type DocumentLine,
} from './vat-document.ts';

const line = (gross: number, tax: number, rateBp: number | null): DocumentLine => ({
  description: 'x',
  sku: null,
  quantity: 1,
  unitPrice: pence(gross),
  gross: pence(gross),
  rateBp,
  tax: pence(tax),
});

describe('a VAT document’s totals', () => {
  it('sums its lines by rate, highest first, net being gross less VAT', () => {
    const totals = documentTotals([
      line(3499, 583, 2000),
      line(1050, 50, 500),
      line(2000, 333, 2000),
      line(1200, 0, 0),
      line(150, 0, null),
    ]);
    expect(totals.byRate).toEqual([
      { rateBp: 2000, gross: 5499, tax: 916, net: 4583 },
      { rateBp: 500, gross: 1050, tax: 50, net: 1000 },
      { rateBp: 0, gross: 1200, tax: 0, net: 1200 },
    ]);
    expect(totals).toMatchObject({ gross: 7899, tax: 966, net: 6933, outsideVat: 150 });
    // Every rate's figures add up to the document's.
    const sum = (key: 'gross' | 'tax' | 'net') =>
      totals.byRate.reduce((s, r) => s + r[key], 0) + (key === 'tax' ? 0 : totals.outsideVat);
    expect([sum('gross'), sum('tax'), sum('net')]).toEqual([7899, 966, 6933]);
  });

  it('prints rates, money and numbers as a VAT invoice shows them', () => {
    expect(rateLabel(2000)).toBe('20%');
    expect(rateLabel(500)).toBe('5%');
    expect(rateLabel(0)).toBe('0%');
    expect(rateLabel(1750)).toBe('17.50%');
    expect(rateLabel(2000, true)).toBe('Exempt');
    expect(rateLabel(null)).toBe('No VAT');
    expect(documentMoney(0)).toBe('£0.00');
    expect(documentMoney(123456)).toBe('£1,234.56');
    expect(documentMoney(-150)).toBe('-£1.50');
    expect(documentNumber('invoice', 1)).toBe('INV-000001');
    expect(documentNumber('credit_note', 42)).toBe('CN-000042');
    expect(documentNumber('invoice', 1234567)).toBe('INV-1234567');
  });
});
