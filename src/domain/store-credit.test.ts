import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pence } from './money.ts';
import { priceBasket, type PricingInput } from './pricing.ts';
import { amountToPay, orderTotal } from './store-credit.ts';

const line = (key: number, unitPrice: number, quantity: number) => ({
  key,
  unitPrice: pence(unitPrice),
  quantity,
  taxRateBp: 2000,
});

const delivery = { price: pence(795), freeOver: null, taxRateBp: 2000 };

const base: PricingInput<number> = {
  lines: [line(1, 3499, 1)],
  voucher: null,
  delivery,
  loyalty: { available: 0, use: false },
  taxExempt: false,
};

/** The view's parts amountToPay reads, from a priced basket. */
const view = (priced: ReturnType<typeof priceBasket<number>>) => ({
  prices: priced.prices,
  discounted_prices: priced.discounted_prices,
  credit: priced.credit,
});

describe('store credit in pricing', () => {
  it('offers nothing when there is no credit or it is not used', () => {
    const priced = priceBasket(base);
    expect(priced.credit).toEqual({
      using: false,
      available: 0,
      discount: { amount: 0, label: '£0.00' },
    });
    const unused = priceBasket({ ...base, credit: { available: 2000, use: false } });
    expect(unused.credit).toEqual({
      using: false,
      available: 2000,
      discount: { amount: 0, label: '£0.00' },
    });
    expect(unused.total).toBe(4294);
    expect(unused.payment_required).toBe(true);
  });

  it('pays part of the total, leaving lines, the total and its VAT as they were', () => {
    const without = priceBasket(base);
    const priced = priceBasket({ ...base, credit: { available: 1000, use: true } });
    expect(priced.credit).toEqual({
      using: true,
      available: 1000,
      discount: { amount: 1000, label: '£10.00' },
    });
    expect(priced.lines).toEqual(without.lines);
    expect(priced.prices).toEqual(without.prices);
    expect(priced.tax).toBe(without.tax);
    expect(priced.discounted_prices).toBeNull();
    expect(priced.total).toBe(3294);
    expect(amountToPay(view(priced))).toBe(3294);
    expect(orderTotal(view(priced))).toBe(4294);
  });

  it('is spent after buds, on what is left of the total with delivery', () => {
    const priced = priceBasket({
      ...base,
      loyalty: { available: 500, use: true },
      credit: { available: 10_000, use: true },
    });
    expect(priced.loyalty_points.discount.amount).toBe(500);
    // Items 3499 - 500 buds + 795 delivery = 3794, all of it paid by credit.
    expect(priced.discounted_prices?.total.amount).toBe(3794);
    expect(priced.credit.discount.amount).toBe(3794);
    expect(priced.total).toBe(0);
    expect(priced.payment_required).toBe(false);
    expect(amountToPay(view(priced))).toBe(0);
  });

  it('is capped by the balance and by the total after a voucher', () => {
    const priced = priceBasket({
      ...base,
      voucher: { code: 'HALF', kind: 'percent_order', value: 50, minSpend: pence(0) },
      credit: { available: 5000, use: true },
    });
    const total = priced.discounted_prices?.total.amount ?? 0;
    expect(total).toBe(2146);
    expect(priced.credit.discount.amount).toBe(2146);
    expect(priced.credit.available).toBe(5000);
  });

  it('ignores fractional and negative balances', () => {
    expect(priceBasket({ ...base, credit: { available: 12.7, use: true } }).credit).toMatchObject({
      available: 12,
      discount: { amount: 12 },
    });
    expect(priceBasket({ ...base, credit: { available: -50, use: true } }).credit).toEqual({
      using: false,
      available: 0,
      discount: { amount: 0, label: '£0.00' },
    });
  });

  it('never pays more than the total or the balance, and what is paid adds up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        (prices, buds, credit, taxExempt) => {
          const input: PricingInput<number> = {
            ...base,
            lines: prices.map((price, index) => line(index, price, 1)),
            loyalty: { available: buds, use: true },
            taxExempt,
          };
          const without = priceBasket(input);
          const priced = priceBasket({ ...input, credit: { available: credit, use: true } });
          const spent = priced.credit.discount.amount;
          expect(spent).toBeLessThanOrEqual(credit);
          expect(spent).toBeLessThanOrEqual(without.total);
          expect(priced.total + spent).toBe(without.total);
          expect(priced.tax).toBe(without.tax);
          expect(amountToPay(view(priced))).toBe(priced.total);
          expect(priced.payment_required).toBe(priced.total > 0);
        },
      ),
    );
  });
});
