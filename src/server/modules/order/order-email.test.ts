import { describe, expect, it } from 'vitest';
import { newOrderNumber } from './order.service.ts';
import { paymentView } from './order-view.ts';

describe('newOrderNumber', () => {
  it('is EB- and 8 characters without look-alikes, different each time', () => {
    const numbers = Array.from({ length: 200 }, newOrderNumber);
    for (const number of numbers) expect(number).toMatch(/^EB-[2-9A-HJKMNP-TW-Z]{8}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('paymentView', () => {
  it('labels each method as the spec does, with the card for cards', () => {
    expect(paymentView('credit_card', 'Visa', '1111', 100)).toEqual({
      type: 'credit_card',
      label: 'Credit/Debit Card',
      description: 'Visa ending 1111',
    });
    expect(paymentView('paypal', null, null, 100).label).toBe('PayPal');
    expect(paymentView('android_pay_card', 'Visa', '1881', 100)).toMatchObject({
      label: 'Google Pay',
      description: null,
    });
    expect(paymentView(null, null, null, 0).label).toBe('No payment required');
    // Paid in full by store credit (ADR 052): nothing was charged, yet it was paid.
    expect(paymentView(null, null, null, 0, 2_500).label).toBe('Paid with store credit');
    expect(paymentView(null, null, null, 100, 2_500).label).toBe('Payment not taken');
  });
});
