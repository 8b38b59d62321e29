import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pence, type Pence } from './money.ts';
import {
  allocate,
  deliveryOptionPrice,
  earnedPromotions,
  priceBasket,
  type PricingInput,
  type VoucherRule,
} from './pricing.ts';

const line = (key: number, unitPrice: number, quantity: number, excluded = false) => ({
  key,
  unitPrice: pence(unitPrice),
  quantity,
  taxRateBp: 2000,
  excluded,
});

const base: PricingInput<number> = {
  lines: [],
  voucher: null,
  delivery: null,
  loyalty: { available: 0, use: false },
  taxExempt: false,
};

const voucherArb: fc.Arbitrary<VoucherRule | null> = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant('PCT'),
      kind: fc.constantFrom('percent_items' as const, 'percent_order' as const),
      value: fc.integer({ min: 0, max: 100 }),
      minSpend: fc.integer({ min: 0, max: 10_000 }).map(pence),
    }),
    fc.record({
      code: fc.constant('FIX'),
      kind: fc.constant('fixed_items' as const),
      value: fc.integer({ min: 0, max: 50_000 }),
      minSpend: fc.integer({ min: 0, max: 10_000 }).map(pence),
    }),
    fc.record({
      code: fc.constant('DEL'),
      kind: fc.constant('free_delivery' as const),
      value: fc.constant(0),
      minSpend: fc.integer({ min: 0, max: 10_000 }).map(pence),
    }),
  ),
  { nil: null },
);

const inputArb: fc.Arbitrary<PricingInput<number>> = fc.record({
  lines: fc.array(
    fc.record({
      key: fc.integer(),
      unitPrice: fc.integer({ min: 0, max: 500_000 }).map(pence),
      quantity: fc.integer({ min: 1, max: 99 }),
      taxRateBp: fc.constantFrom(0, 500, 2000),
      excluded: fc.boolean(),
    }),
    { maxLength: 8 },
  ),
  voucher: voucherArb,
  delivery: fc.option(
    fc.record({
      price: fc.integer({ min: 0, max: 5_000 }).map(pence),
      freeOver: fc.option(fc.integer({ min: 0, max: 20_000 }).map(pence), { nil: null }),
      taxRateBp: fc.constantFrom(0, 2000),
    }),
    { nil: null },
  ),
  loyalty: fc.record({ available: fc.integer({ min: 0, max: 100_000 }), use: fc.boolean() }),
  taxExempt: fc.boolean(),
});

describe('priceBasket properties', () => {
  it('never produces a negative figure', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const priced = priceBasket(input);
        const figures = [
          priced.total,
          priced.tax,
          priced.prices.items.amount,
          priced.prices.delivery.amount,
          priced.prices.total.amount,
          priced.prices.total.excluding_tax.amount,
          priced.loyalty_points.discount.amount,
          ...priced.discounts.map((d) => d.amount),
          ...priced.lines.flatMap((l) => [
            l.total_price.amount,
            l.total_price.tax.amount,
            l.total_price.excluding_tax.amount,
            l.discounted_total_price?.amount ?? 0,
            l.discounted_total_price?.excluding_tax.amount ?? 0,
          ]),
        ];
        for (const figure of figures) expect(figure).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('makes the total equal items + delivery − discounts', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const priced = priceBasket(input);
        const discounts =
          priced.discounts.reduce((sum, d) => sum + d.amount, 0) +
          priced.loyalty_points.discount.amount;
        expect(priced.total).toBe(
          priced.prices.items.amount + priced.prices.delivery.amount - discounts,
        );
        expect(priced.prices.total.amount).toBe(
          priced.prices.items.amount + priced.prices.delivery.amount,
        );
        expect(priced.discounted_prices?.total.amount ?? priced.prices.total.amount).toBe(
          priced.total,
        );
        expect(priced.payment_required).toBe(priced.total > 0);
      }),
    );
  });

  it('derives each line’s VAT from its VAT-inclusive amount and rate, and sums lines into the basket’s', () => {
    // VAT inside a VAT-inclusive amount, rounded half up, in integers: the test's own
    // arithmetic, not the pricing module's.
    const vatIn = (amount: number, rateBp: number): number =>
      Math.floor((2 * amount * rateBp + 10_000 + rateBp) / (2 * (10_000 + rateBp)));
    fc.assert(
      fc.property(inputArb, (input) => {
        const priced = priceBasket({ ...input, taxExempt: false });
        let itemsTax = 0;
        let netTax = 0;
        let netItems = 0;
        priced.lines.forEach((l, i) => {
          const given = input.lines[i]!;
          const rate = given.taxRateBp;
          expect(l.price.amount).toBe(given.unitPrice);
          expect(l.price.tax.amount).toBe(vatIn(given.unitPrice, rate));
          expect(l.total_price.amount).toBe(given.unitPrice * given.quantity);
          expect(l.total_price.tax.amount).toBe(vatIn(l.total_price.amount, rate));
          if (l.discounted_price) {
            expect(l.discounted_price.tax.amount).toBe(vatIn(l.discounted_price.amount, rate));
          }
          if (l.discounted_total_price) {
            const net = l.discounted_total_price;
            expect(net.amount).toBeLessThan(l.total_price.amount);
            expect(net.tax.amount).toBe(vatIn(net.amount, rate));
          }
          if (l.excluded) return;
          const paid = l.discounted_total_price ?? l.total_price;
          itemsTax += l.total_price.tax.amount;
          netItems += paid.amount;
          netTax += paid.tax.amount;
        });
        // The basket's VAT is its lines' VAT plus delivery's, before and after discounts.
        const deliveryRate = input.delivery?.taxRateBp ?? 0;
        const delivery = priced.prices.delivery;
        expect(delivery.tax.amount).toBe(vatIn(delivery.amount, deliveryRate));
        expect(priced.prices.items.tax.amount).toBe(itemsTax);
        expect(priced.prices.total.tax.amount).toBe(itemsTax + delivery.tax.amount);
        const deliveryPaid = priced.total - netItems;
        expect(deliveryPaid).toBeGreaterThanOrEqual(0);
        expect(deliveryPaid).toBeLessThanOrEqual(delivery.amount);
        expect(priced.tax).toBe(netTax + vatIn(deliveryPaid, deliveryRate));
      }),
    );
  });

  it('rounds each line’s VAT to within half a penny of the exact figure', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const priced = priceBasket({ ...input, taxExempt: false });
        priced.lines.forEach((l, i) => {
          const rate = (input.lines[i]?.taxRateBp ?? 0) / 10_000;
          const exact = (l.total_price.amount * rate) / (1 + rate);
          expect(Math.abs(l.total_price.tax.amount - exact)).toBeLessThanOrEqual(0.5);
        });
      }),
    );
  });

  it('makes a 100% order voucher give a zero total and no payment', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const priced = priceBasket({
          ...input,
          voucher: { code: 'FREEORDER', kind: 'percent_order', value: 100, minSpend: pence(0) },
        });
        expect(priced.total).toBe(0);
        expect(priced.tax).toBe(0);
        expect(priced.payment_required).toBe(false);
      }),
    );
  });

  it('charges a tax-exempt basket without VAT', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const exempt = priceBasket({ ...input, taxExempt: true });
        expect(exempt.tax).toBe(0);
        expect(exempt.prices.total.tax.amount).toBe(0);
        const standard = priceBasket({
          ...input,
          voucher: null,
          loyalty: { available: 0, use: false },
          taxExempt: false,
        });
        const exemptPlain = priceBasket({
          ...input,
          voucher: null,
          loyalty: { available: 0, use: false },
          taxExempt: true,
        });
        expect(exemptPlain.prices.items.amount).toBe(standard.prices.items.excluding_tax.amount);
      }),
    );
  });

  it('shares an allocation exactly, never beyond a weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (weights, total) => {
          const parts = allocate(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.min(total, sum));
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[i] ?? 0);
          });
        },
      ),
    );
  });
});

describe('priceBasket examples', () => {
  it('prices lines and VAT at 20% from VAT-inclusive prices', () => {
    const priced = priceBasket({ ...base, lines: [line(1, 7999, 2)] });
    expect(priced.prices.items).toMatchObject({
      amount: 15998,
      label: '£159.98',
      price: '159.98',
      currency_code: 'GBP',
      tax: { amount: 2666, label: '£26.66' },
      excluding_tax: { amount: 13332, label: '£133.32' },
    });
    expect(priced.discounted_prices).toBeNull();
    expect(priced.payment_required).toBe(true);
  });

  it('applies WELCOME10 to items and shares it across lines', () => {
    const priced = priceBasket({
      ...base,
      lines: [line(1, 7999, 2), line(2, 699, 1)],
      voucher: { code: 'WELCOME10', kind: 'percent_items', value: 10, minSpend: pence(0) },
    });
    expect(priced.discounts).toEqual([
      { label: 'WELCOME10: 10% off', amount: 1670, amount_label: '-£16.70' },
    ]);
    expect(priced.total).toBe(16697 - 1670);
    const shares = priced.lines.map(
      (l) => l.total_price.amount - (l.discounted_total_price?.amount ?? l.total_price.amount),
    );
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1670);
  });

  it('refuses TENOFF under its minimum spend and applies it above', () => {
    const voucher: VoucherRule = {
      code: 'TENOFF',
      kind: 'fixed_items',
      value: 1000,
      minSpend: pence(5000),
    };
    const under = priceBasket({ ...base, lines: [line(1, 3499, 1)], voucher });
    expect(under.voucher).toEqual({
      code: 'TENOFF',
      applies: false,
      reason: 'Spend £50.00 or more on items to use this code.',
    });
    expect(under.total).toBe(3499);
    const over = priceBasket({ ...base, lines: [line(1, 3499, 2)], voucher });
    expect(over.total).toBe(6998 - 1000);
  });

  it('makes delivery free over its threshold and with FREEDEL', () => {
    const delivery = { price: pence(495), freeOver: pence(5000), taxRateBp: 2000 };
    expect(
      priceBasket({ ...base, lines: [line(1, 3499, 1)], delivery }).prices.delivery.amount,
    ).toBe(495);
    expect(
      priceBasket({ ...base, lines: [line(1, 3499, 2)], delivery }).prices.delivery.amount,
    ).toBe(0);
    const freeDel = priceBasket({
      ...base,
      lines: [line(1, 3499, 1)],
      delivery,
      voucher: { code: 'FREEDEL', kind: 'free_delivery', value: 0, minSpend: pence(0) },
    });
    expect(freeDel.discounts[0]).toMatchObject({ label: 'FREEDEL: free delivery', amount: 495 });
    expect(freeDel.total).toBe(3499);
  });

  it('leaves discontinued lines out of the totals', () => {
    const priced = priceBasket({ ...base, lines: [line(1, 5999, 1), line(2, 12999, 1, true)] });
    expect(priced.prices.items.amount).toBe(5999);
    expect(priced.lines[1]?.excluded).toBe(true);
  });

  it('spends buds up to the items total only', () => {
    const priced = priceBasket({
      ...base,
      lines: [line(1, 699, 1)],
      loyalty: { available: 1250, use: true },
    });
    expect(priced.loyalty_points).toEqual({
      using: true,
      available: 1250,
      discount: { amount: 699, label: '£6.99' },
    });
    expect(priced.total).toBe(0);
  });

  it('charges a tax-exempt basket its excluding-VAT prices', () => {
    const priced = priceBasket({ ...base, lines: [line(1, 7999, 1)], taxExempt: true });
    expect(priced.prices.items).toMatchObject({ amount: 6666, tax: { amount: 0 } });
  });

  it('earns threshold promotions', () => {
    const promos = [{ id: 1, threshold: pence(7500) }];
    expect(earnedPromotions(promos, pence(7499) as Pence)).toEqual([]);
    expect(earnedPromotions(promos, pence(7500))).toEqual(promos);
  });
});

describe('deliveryOptionPrice', () => {
  const standard = { price: pence(495), freeOver: pence(5000), taxRateBp: 2000 };

  it('charges the price, VAT included, below the free-over threshold', () => {
    const price = deliveryOptionPrice(standard, pence(4999), false);
    expect(price.amount).toBe(495);
    expect(price.label).toBe('£4.95');
    expect(price.tax.amount).toBe(83);
    expect(price.excluding_tax).toMatchObject({ amount: 412, label: '£4.12' });
  });

  it('is Free once the items after discounts reach the threshold', () => {
    const price = deliveryOptionPrice(standard, pence(5000), false);
    expect(price.amount).toBe(0);
    expect(price.label).toBe('Free');
    expect(price.excluding_tax.label).toBe('Free');
  });

  it('charges the price without VAT to a tax-exempt basket', () => {
    const price = deliveryOptionPrice({ ...standard, freeOver: null }, pence(9000), true);
    expect(price.amount).toBe(412);
    expect(price.tax.amount).toBe(0);
    expect(price.excluding_tax.amount).toBe(412);
  });
});
