import { describe, expect, it } from 'vitest';
import { pence } from './money.ts';
import { payInThreeInstalment, payInThreeMessage } from './pay-later.ts';

describe('Pay in 3', () => {
  it('offers three payments from £20 to £3,000 inclusive, and not outside', () => {
    expect(payInThreeInstalment(pence(1_999))).toBeNull();
    expect(payInThreeInstalment(pence(2_000))).toBe(667);
    expect(payInThreeInstalment(pence(300_000))).toBe(100_000);
    expect(payInThreeInstalment(pence(300_001))).toBeNull();
    expect(payInThreeMessage(pence(0))).toBeNull();
  });

  it('shows one payment to the nearest penny', () => {
    expect(payInThreeMessage(pence(10_000))).toBe(
      'Pay in 3 interest-free payments of £33.33 with PayPal',
    );
    expect(payInThreeMessage(pence(10_001))).toBe(
      'Pay in 3 interest-free payments of £33.34 with PayPal',
    );
    expect(payInThreeMessage(pence(19_497))).toBe(
      'Pay in 3 interest-free payments of £64.99 with PayPal',
    );
    expect(payInThreeMessage(pence(150_000))).toBe(
      'Pay in 3 interest-free payments of £500.00 with PayPal',
    );
  });
});
