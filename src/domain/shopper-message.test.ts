import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.ts';
import { shopperMessage } from './shopper-message.ts';

describe('shopperMessage (spec section 8)', () => {
  it('shows the server’s catalogue message for known types', () => {
    for (const [type, entry] of Object.entries(errorCatalogue)) {
      if (type === 'validation') continue;
      expect(
        shopperMessage({ status: entry.status, error_type: type, message: entry.message }),
      ).toBe(entry.message);
    }
  });

  it('shows the form-level text for validation errors', () => {
    expect(shopperMessage({ status: 422, error_type: 'validation', message: 'x' })).toBe(
      'There is a problem submitting the form, please check the notice(s) below.',
    );
  });

  it('hides messages about status codes behind the internal_error text', () => {
    expect(shopperMessage({ message: 'Request failed with status code 502' })).toBe(
      'An error occurred, if this problem persists please contact us.',
    );
  });

  it('shows Not found for a 404 with no error type, whatever message it carries', () => {
    expect(shopperMessage({ status: 404 })).toBe('Not found');
    expect(shopperMessage({ status: 404, message: 'Route GET:/api/v1/nope not found' })).toBe(
      'Not found',
    );
    expect(shopperMessage({ status: 404, message: 'Request failed with status code 404' })).toBe(
      'Not found',
    );
  });

  it('shows a typed 404’s own message', () => {
    expect(
      shopperMessage({ status: 404, error_type: 'order_not_found', message: 'Order not found.' }),
    ).toBe('Order not found.');
  });

  it('falls back sensibly', () => {
    expect(shopperMessage({ status: 402, error_type: 'payment_failed' })).toBe(
      'Failed to process payment details.',
    );
    expect(
      shopperMessage({ status: 402, error_type: 'payment_failed', message: 'Card declined' }),
    ).toBe('Card declined');
    expect(shopperMessage({ status: 500 })).toBe(
      'An error occurred, if this problem persists please contact us.',
    );
    expect(shopperMessage({ status: 418, error_type: 'teapot', message: 'Short and stout' })).toBe(
      'Short and stout',
    );
  });
});
