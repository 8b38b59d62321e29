import { describe, expect, it } from 'vitest';
import { DATE_TO_BE_CONFIRMED, formatShopDate } from './dates.ts';

describe('formatShopDate', () => {
  it('shows a restock date as dd/MM/yyyy, the same day wherever the shopper is', () => {
    expect(formatShopDate('2027-01-15')).toBe('15/01/2027');
    expect(formatShopDate('2026-03-05')).toBe('05/03/2026');
    expect(formatShopDate('2026-12-31')).toBe('31/12/2026');
  });

  it('shows an order time as the local day it happened', () => {
    const placed = new Date(2026, 10, 23, 23, 59);
    expect(formatShopDate(placed.toISOString())).toBe('23/11/2026');
    expect(formatShopDate(new Date(2026, 0, 2, 0, 1))).toBe('02/01/2026');
  });

  it('says "To be confirmed" for a missing, malformed or impossible date', () => {
    for (const value of [null, undefined, '', 'soon', '15/01/2027', '2027-02-31', '2027-13-01']) {
      expect(formatShopDate(value)).toBe(DATE_TO_BE_CONFIRMED);
    }
    expect(formatShopDate('2027-01-15Tnonsense')).toBe(DATE_TO_BE_CONFIRMED);
    expect(formatShopDate(new Date(Number.NaN))).toBe(DATE_TO_BE_CONFIRMED);
  });
});
