import cardValidator from 'card-validator';
import { describe, expect, it } from 'vitest';
import { cardBrandSlug } from '../cards.ts';
import {
  FEATURED_SANDBOX_CARDS,
  findSandboxCard,
  SANDBOX_CARDS,
  sandboxBehaviour,
  threeDSecureByBinAndLastFour,
} from './sandbox-cards.ts';

describe('sandbox cards', () => {
  it.each(SANDBOX_CARDS.map((card) => [card.number, card]))(
    '%s is a valid card of the brand it is listed under',
    (number, card) => {
      const result = cardValidator.number(number);
      expect(result.isValid).toBe(true);
      expect(cardBrandSlug(result.card?.type ?? '')).toBe(card.brand);
    },
  );

  it('lists each number once', () => {
    const numbers = SANDBOX_CARDS.map((card) => card.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('maps valid cards to the valid nonce of their brand and declined cards to the declined ones', () => {
    expect(sandboxBehaviour('4111 1111 1111 1111', 'visa')).toEqual({
      fakeNonce: 'fake-valid-visa-nonce',
      threeDSecure: 'frictionless',
    });
    expect(sandboxBehaviour('378282246310005', 'amex').fakeNonce).toBe('fake-valid-amex-nonce');
    expect(sandboxBehaviour('4000111111111115', 'visa').fakeNonce).toBe(
      'fake-processor-declined-visa-nonce',
    );
    expect(sandboxBehaviour('5105105105105100', 'mastercard').fakeNonce).toBe(
      'fake-processor-declined-mastercard-nonce',
    );
    expect(sandboxBehaviour('378734493671000', 'amex').fakeNonce).toBe(
      'fake-processor-declined-amex-nonce',
    );
    expect(sandboxBehaviour('6011000990139424', 'discover').fakeNonce).toBe(
      'fake-processor-declined-discover-nonce',
    );
  });

  it('gives the 3-D Secure cards their behaviour: frictionless, failed, challenge, unavailable', () => {
    expect(sandboxBehaviour('4000000000002701', 'visa').threeDSecure).toBe('frictionless');
    expect(sandboxBehaviour('5200000000002235', 'mastercard').threeDSecure).toBe('frictionless');
    expect(sandboxBehaviour('340000000002708', 'amex').threeDSecure).toBe('frictionless');
    expect(sandboxBehaviour('4000000000002925', 'visa').threeDSecure).toBe('failed');
    expect(sandboxBehaviour('5200000000002276', 'mastercard').threeDSecure).toBe('failed');
    expect(sandboxBehaviour('4000000000001091', 'visa').threeDSecure).toBe('challenge');
    expect(sandboxBehaviour('4000000000002313', 'visa').threeDSecure).toBe('unavailable');
  });

  it('treats an unlisted valid number as a valid card of its brand', () => {
    expect(sandboxBehaviour('4242424242424242', 'visa')).toEqual({
      fakeNonce: 'fake-valid-visa-nonce',
      threeDSecure: 'frictionless',
    });
    expect(sandboxBehaviour('378282246310014', 'amex').fakeNonce).toBe('fake-valid-amex-nonce');
    expect(sandboxBehaviour('5105105105105118', 'mastercard').fakeNonce).toBe(
      'fake-valid-mastercard-nonce',
    );
    expect(sandboxBehaviour('6200000000000005', 'unionpay').fakeNonce).toBe('fake-valid-nonce');
    expect(findSandboxCard('4242424242424242')).toBeUndefined();
  });

  it('finds a stored card’s 3-D Secure behaviour from its first six and last four digits', () => {
    expect(threeDSecureByBinAndLastFour('400000', '1091')).toBe('challenge');
    expect(threeDSecureByBinAndLastFour('400000', '2925')).toBe('failed');
    expect(threeDSecureByBinAndLastFour('411111', '1111')).toBe('frictionless');
    expect(threeDSecureByBinAndLastFour('424242', '4242')).toBe('frictionless');
  });

  it('features a paying card, a challenge, a 3-D Secure failure and a decline', () => {
    expect(FEATURED_SANDBOX_CARDS.map((card) => card.number)).toEqual([
      '4111111111111111',
      '4000000000001091',
      '4000000000002925',
      '4000111111111115',
    ]);
  });
});
