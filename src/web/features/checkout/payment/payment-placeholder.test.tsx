import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PaymentPlaceholder } from './payment-placeholder.tsx';

describe('PaymentPlaceholder', () => {
  it('says payment is not open yet and leads back to the delivery options', () => {
    renderWithApp(<PaymentPlaceholder />, { path: '/checkout/payment' });

    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    expect(screen.getByText(/Payment is not open yet/)).toHaveTextContent(
      /arrive with the next update of the checkout/,
    );
    expect(screen.getByRole('link', { name: 'Return to delivery options' })).toHaveAttribute(
      'href',
      '/checkout/delivery',
    );
    expect(document.title).toBe('Payment | Everbloom');
  });
});
