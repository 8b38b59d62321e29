import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeDiscountCode } from '../../lib/stored-discount-code.ts';
import { returnToWindow } from '../../testing/render.tsx';
import {
  emptyBasket,
  fernLine,
  makeBasket,
  oliveTreeLine,
  reply,
} from '../basket/testing/fixtures.ts';
import { EMPTY_BASKET_REDIRECT_MS } from './checkout-app.tsx';
import { harrogate, readyToPay } from './testing/fixtures.ts';
import { renderCheckout } from './testing/render-checkout.tsx';

beforeEach(() => {
  window.dataLayer = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  delete window.dataLayer;
});

describe('CheckoutApp', () => {
  it('loads the basket, then shows the entry step inside the checkout container', async () => {
    const { held } = renderCheckout(
      '/checkout',
      makeBasket({ items: [oliveTreeLine()] }),
      {},
      '/basket',
    );

    expect(await screen.findByText('Fetching order details')).toBeInTheDocument();
    held!.open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Secure checkout' });
    const container = document.getElementById('checkout');
    expect(container).toContainElement(heading);
    // The checkout's own frame, not the shop's navigation.
    expect(screen.queryByRole('navigation', { name: 'Shop' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Everbloom home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Secure checkout | Everbloom');
  });

  it('has no checkout container away from the checkout', async () => {
    renderCheckout('/terms-and-conditions', makeBasket({ items: [oliveTreeLine()] }));

    expect(await screen.findByRole('navigation', { name: 'Shop' })).toBeInTheDocument();
    expect(document.getElementById('checkout')).toBeNull();
  });

  it.each([
    ['/checkout/address', 'Delivery address'],
    ['/checkout/delivery', 'Delivery options'],
    ['/checkout/payment', 'Payment'],
  ])('shows %s titled %s', async (path, title) => {
    const { location } = renderCheckout(path, readyToPay());

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Everbloom`));
    expect(location()).toBe(path);
  });

  it('sends an unknown checkout path to the entry step', async () => {
    const { location } = renderCheckout('/checkout/nowhere', readyToPay());

    expect(await screen.findByRole('heading', { name: 'Secure checkout' })).toBeInTheDocument();
    expect(location()).toBe('/checkout');
  });

  it('returns to the basket when the basket cannot be loaded', async () => {
    const { location } = renderCheckout('/checkout/address', readyToPay(), {
      'GET /api/v1/basket': () => ({
        status: 400,
        body: { error_type: 'internal_error', message: 'Broken' },
      }),
    });

    await waitFor(() => expect(location()).toBe('/basket'));
  });

  it('says an empty order is empty, then returns to the basket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = renderCheckout('/checkout', emptyBasket());

    expect(
      await screen.findByText('It looks like your order is empty, returning to basket'),
    ).toBeVisible();
    expect(location()).toBe('/checkout');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(EMPTY_BASKET_REDIRECT_MS);
    });

    await waitFor(() => expect(location()).toBe('/basket'));
  });

  it('fetches the basket again when the shopper comes back to the window', async () => {
    const baskets = [
      makeBasket({ items: [oliveTreeLine()] }),
      makeBasket({ items: [oliveTreeLine(), fernLine()] }),
    ];
    let served = 0;
    const { callsTo } = renderCheckout('/checkout', () => baskets[Math.min(served++, 1)]!);
    await screen.findByRole('heading', { name: 'Secure checkout' });
    const fetches = () => callsTo('GET', '/basket').length;
    const before = fetches();

    await returnToWindow();

    expect(fetches()).toBeGreaterThan(before);
  });

  it('asks for the basket once while the step, its summary and header appear', async () => {
    const { callsTo } = renderCheckout('/checkout/address', readyToPay());
    await screen.findByRole('heading', { level: 1, name: 'Delivery address' });
    await screen.findByRole('complementary', { name: 'Order summary' });
    expect(callsTo('GET', '/basket')).toHaveLength(1);
  });

  it('scrolls to the top on every route change', async () => {
    const { user } = renderCheckout('/checkout/payment', readyToPay());
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    vi.mocked(window.scrollTo).mockClear();

    await user.click(screen.getByRole('link', { name: 'Return to delivery options' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delivery options' }),
    ).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('reports each checkout step to analytics with the basket items', async () => {
    const { user } = renderCheckout(
      '/checkout/payment',
      makeBasket({
        items: [oliveTreeLine(), fernLine()],
        delivery_address: harrogate(),
        deliveryOptionId: 'uk-standard',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment' });

    const steps = () =>
      (window.dataLayer ?? []).filter(
        (entry): entry is { event: string; ecommerce: { checkout: Record<string, unknown> } } =>
          (entry as { event?: string }).event === 'checkout',
      );
    await waitFor(() => expect(steps()).toHaveLength(1));
    const payment = steps()[0]!.ecommerce.checkout;
    expect(payment.actionField).toEqual({ step: 5, option: 'Payment' });
    const olive = oliveTreeLine();
    const fern = fernLine();
    expect(payment.products).toEqual([
      expect.objectContaining({
        id: String(olive.product.id),
        name: olive.name,
        brand: 'Everbloom',
        quantity: olive.quantity,
        category: olive.product.primary_category.name,
        variant: olive.product.variation_name,
      }),
      expect.objectContaining({ id: String(fern.product.id), quantity: fern.quantity }),
    ]);
    // Cleared before each push, as the tag manager expects.
    expect(window.dataLayer?.at(-2)).toEqual({ ecommerce: null });

    await user.click(screen.getByRole('link', { name: 'Return to delivery options' }));
    await waitFor(() => expect(steps()).toHaveLength(2));
    expect(steps()[1]!.ecommerce.checkout.actionField).toEqual({
      step: 4,
      option: 'Delivery options',
    });

    const progress = screen.getByRole('navigation', { name: 'Checkout progress' });
    await user.click(within(progress).getByRole('link', { name: /Delivery address/ }));
    await waitFor(() => expect(steps()).toHaveLength(3));
    expect(steps()[2]!.ecommerce.checkout.actionField).toEqual({
      step: 3,
      option: 'Delivery address',
    });
  });

  it('applies a discount code kept from a link, as the rest of the shop does', async () => {
    storeDiscountCode('WELCOME10');
    const { callsTo } = renderCheckout('/checkout', readyToPay(), {
      'PUT /api/v1/basket/voucher': () =>
        reply(readyToPay({ voucher: { code: 'WELCOME10', valid: true, message: null } })),
    });

    await waitFor(() =>
      expect(callsTo('PUT', '/basket/voucher').map((call) => call.body)).toEqual([
        { voucher_code: 'WELCOME10' },
      ]),
    );
  });

  it('reports the entry step as the welcome page', async () => {
    renderCheckout('/checkout', makeBasket({ items: [oliveTreeLine()] }));
    await screen.findByRole('heading', { name: 'Secure checkout' });

    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({
          event: 'checkout',
          ecommerce: {
            checkout: expect.objectContaining({
              actionField: { step: 2, option: 'Welcome page' },
            }),
          },
        }),
      ),
    );
  });
});
