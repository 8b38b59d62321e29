import { describe, expect, it } from 'vitest';
import {
  lineRefundAmount,
  planRefund,
  poundsToPence,
  refundDestinationLabel,
  type RefundableOrder,
} from './refunds.ts';

const order = (over: Partial<RefundableOrder> = {}): RefundableOrder => ({
  lines: [
    { order_item_id: 1, quantity: 3, refunded: 0, total_price: 1_000, tax_rate_bp: 2000 },
    { order_item_id: 2, quantity: 1, refunded: 0, total_price: 2_499, tax_rate_bp: 500 },
  ],
  delivery: { amount: 495, tax: 83 },
  deliveryRefunded: false,
  paidInAll: 3_994,
  refunded: 0,
  ...over,
});

describe('lineRefundAmount', () => {
  it('shares a line’s total over its units, the last units taking the remainder', () => {
    const parts = [0, 1, 2].map((before) => lineRefundAmount(1_000, 3, before, 1));
    expect(parts).toEqual([333, 333, 334]);
    expect(parts.reduce((a: number, b) => a + b, 0)).toBe(1_000);
    expect(lineRefundAmount(1_000, 3, 0, 3)).toBe(1_000);
    expect(lineRefundAmount(1_000, 3, 1, 2)).toBe(667);
  });

  it('never comes to more than the line in any split', () => {
    for (let quantity = 1; quantity <= 7; quantity++) {
      for (const total of [0, 1, 99, 1_001, 12_345]) {
        let sum = 0;
        for (let before = 0; before < quantity; before++)
          sum += lineRefundAmount(total, quantity, before, 1);
        expect(sum).toBe(total);
      }
    }
  });
});

describe('planRefund', () => {
  it('refunds lines with VAT per line at each line’s rate', () => {
    const result = planRefund(order(), {
      items: [
        { order_item_id: 1, quantity: 1 },
        { order_item_id: 2, quantity: 1 },
      ],
      delivery: false,
      goodwill: 0,
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        items: [
          { order_item_id: 1, quantity: 1, amount: 333, tax: 56 },
          { order_item_id: 2, quantity: 1, amount: 2_499, tax: 119 },
        ],
        itemsAmount: 2_832,
        deliveryAmount: 0,
        goodwillAmount: 0,
        amount: 2_832,
        tax: 175,
      },
    });
  });

  it('gives the delivery back with the VAT it was priced with, and goodwill with none', () => {
    const result = planRefund(order(), { items: [], delivery: true, goodwill: 250 });
    expect(result).toMatchObject({
      ok: true,
      plan: { deliveryAmount: 495, goodwillAmount: 250, amount: 745, tax: 83 },
    });
  });

  it('refuses the delivery twice, and a free delivery', () => {
    expect(
      planRefund(order({ deliveryRefunded: true }), { items: [], delivery: true, goodwill: 0 }),
    ).toMatchObject({ ok: false, kind: 'exceeds' });
    expect(
      planRefund(order({ delivery: { amount: 0, tax: 0 } }), {
        items: [],
        delivery: true,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: false, kind: 'invalid', errors: { delivery: [expect.any(String)] } });
  });

  it('refuses more units than are left, and lines that are not the order’s', () => {
    const partly = order({
      lines: [
        { order_item_id: 1, quantity: 3, refunded: 2, total_price: 1_000, tax_rate_bp: 2000 },
      ],
    });
    expect(
      planRefund(partly, {
        items: [{ order_item_id: 1, quantity: 2 }],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: false, kind: 'exceeds' });
    expect(
      planRefund(partly, {
        items: [{ order_item_id: 1, quantity: 1 }],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: true, plan: { amount: 334 } });
    expect(
      planRefund(order(), {
        items: [{ order_item_id: 99, quantity: 1 }],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({
      ok: false,
      kind: 'invalid',
      errors: { 'items.0.order_item_id': [expect.any(String)] },
    });
    expect(
      planRefund(order(), {
        items: [
          { order_item_id: 1, quantity: 1 },
          { order_item_id: 1, quantity: 1 },
        ],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('never refunds more than was paid less what was refunded (basket discounts)', () => {
    // A voucher took £10 off: the lines and delivery add up to more than was paid.
    const discounted = order({ paidInAll: 2_994, refunded: 0 });
    expect(
      planRefund(discounted, {
        items: [
          { order_item_id: 1, quantity: 3 },
          { order_item_id: 2, quantity: 1 },
        ],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: false, kind: 'exceeds', message: expect.stringMatching(/£29\.94/) });
    expect(
      planRefund(order({ refunded: 3_994 }), { items: [], delivery: false, goodwill: 1 }),
    ).toMatchObject({ ok: false, kind: 'exceeds' });
  });

  it('needs something to refund', () => {
    expect(
      planRefund(order(), {
        items: [{ order_item_id: 1, quantity: 0 }],
        delivery: false,
        goodwill: 0,
      }),
    ).toMatchObject({ ok: false, kind: 'invalid', errors: { items: [expect.any(String)] } });
  });
});

describe('poundsToPence', () => {
  it('reads pounds with at most two decimals', () => {
    expect(poundsToPence('12')).toBe(1_200);
    expect(poundsToPence('12.5')).toBe(1_250);
    expect(poundsToPence(' £1,200.05 ')).toBe(120_005);
    expect(poundsToPence('')).toBe(0);
    for (const bad of ['12.345', '-1', '1e3', 'abc', '12.', '.5'])
      expect(poundsToPence(bad), bad).toBeNull();
  });
});

describe('refundDestinationLabel', () => {
  it('says where the money goes', () => {
    expect(refundDestinationLabel('payment', 'credit_card')).toBe('to the card');
    expect(refundDestinationLabel('payment', 'paypal')).toBe('to PayPal');
    expect(refundDestinationLabel('credit', 'paypal')).toBe('as store credit');
  });
});
