import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { checkoutBasket, harrogate, readyToPay } from '../testing/fixtures.ts';
import { CheckoutHeader } from './checkout-header.tsx';

function renderHeader(path: string, basket: BasketView | undefined) {
  renderWithApp(<CheckoutHeader basket={basket} pathname={path} />, { path });
  const progress = () => screen.getByRole('navigation', { name: 'Checkout progress' });
  const steps = () => within(within(progress()).getByRole('list')).getAllByRole('listitem');
  return { progress, steps };
}

describe('CheckoutHeader', () => {
  it('shows the logo back to the shop and the Secure checkout badge, without progress on /checkout', () => {
    renderHeader('/checkout', checkoutBasket());

    expect(screen.getByRole('link', { name: 'Everbloom home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Secure checkout')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Checkout progress' })).toBeNull();
  });

  it('lists the three steps in order, numbered while incomplete; only the first open at first', () => {
    const { progress, steps } = renderHeader('/checkout/address', checkoutBasket());

    expect(within(progress()).getByRole('list').tagName).toBe('OL');
    expect(steps().map((step) => step.textContent)).toEqual([
      '1Delivery address',
      '2Delivery options',
      '3Payment',
    ]);
    const [address, delivery, payment] = steps();
    expect(within(address!).getByRole('link', { name: 'Delivery address' })).toHaveAttribute(
      'href',
      '/checkout/address',
    );
    expect(within(delivery!).queryByRole('link')).toBeNull();
    expect(within(payment!).queryByRole('link')).toBeNull();
  });

  it('marks the current step with aria-current', () => {
    renderHeader('/checkout/delivery', checkoutBasket({ delivery_address: harrogate() }));

    expect(screen.getByRole('link', { name: 'Delivery options' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('link', { name: /Delivery address/ })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('completes step 1 once the address has a first line and opens step 2', () => {
    const { steps } = renderHeader(
      '/checkout/delivery',
      checkoutBasket({ delivery_address: harrogate() }),
    );

    const [address, delivery, payment] = steps();
    expect(within(address!).getByRole('link')).toHaveAccessibleName('Delivery address (completed)');
    expect(address).not.toHaveTextContent('1');
    expect(within(delivery!).getByRole('link')).toHaveAttribute('href', '/checkout/delivery');
    expect(delivery).toHaveTextContent('2');
    expect(within(payment!).queryByRole('link')).toBeNull();
  });

  it('does not count an address without a first line', () => {
    const { steps } = renderHeader(
      '/checkout/address',
      checkoutBasket({ delivery_address: { ...harrogate(), line_1: '' } }),
    );

    expect(steps()[0]).toHaveTextContent('1Delivery address');
    expect(within(steps()[1]!).queryByRole('link')).toBeNull();
  });

  it('completes step 2 with a delivery option and opens payment', () => {
    const { steps } = renderHeader('/checkout/payment', readyToPay());

    const [, delivery, payment] = steps();
    expect(within(delivery!).getByRole('link')).toHaveAccessibleName(
      'Delivery options (completed)',
    );
    expect(within(payment!).getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(payment).toHaveTextContent('3Payment');
  });

  it('keeps payment closed while the option is chosen but the address is missing', () => {
    const { steps } = renderHeader(
      '/checkout/address',
      checkoutBasket({ deliveryOptionId: 'uk-standard' }),
    );

    expect(within(steps()[2]!).queryByRole('link')).toBeNull();
  });

  it('opens only the first step while the basket loads', () => {
    const { steps } = renderHeader('/checkout/address', undefined);

    expect(steps().map((step) => within(step).queryByRole('link') !== null)).toEqual([
      true,
      false,
      false,
    ]);
  });
});
