import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { mockApi, renderWithApp, returnToWindow } from '../../testing/render.tsx';
import { fernLine, makeBasket, oliveTreeLine, reply } from '../basket/testing/fixtures.ts';
import { CheckoutPage } from './checkout-page.tsx';

function renderCheckout(baskets: BasketView[]) {
  let served = 0;
  const api = mockApi({
    'GET /api/v1/basket': () => reply(baskets[Math.min(served++, baskets.length - 1)]!),
  });
  renderWithApp(<CheckoutPage />, { path: '/checkout' });
  const basketFetches = () => api.calls.filter((call) => call.method === 'GET').length;
  return { ...api, basketFetches };
}

describe('CheckoutPage', () => {
  it('says what will be paid for', async () => {
    renderCheckout([makeBasket({ items: [oliveTreeLine()] })]);

    expect(screen.getByText('Fetching order details')).toBeInTheDocument();
    expect(await screen.findByText(/You are checking out 2 items for £159\.98\./)).toBeVisible();
  });

  it('shows a total brought to zero as FREE', async () => {
    renderCheckout([
      makeBasket({
        items: [oliveTreeLine()],
        discount: { label: 'FREEORDER: 100% off your order', amount: 15998 },
      }),
    ]);

    expect(await screen.findByText(/You are checking out 2 items for FREE\./)).toBeVisible();
  });

  it('fetches the basket again when the shopper comes back to the window', async () => {
    // Meanwhile, in another tab, a fern was added.
    const { basketFetches } = renderCheckout([
      makeBasket({ items: [oliveTreeLine()] }),
      makeBasket({ items: [oliveTreeLine(), fernLine()] }),
    ]);
    expect(await screen.findByText(/2 items for £159\.98/)).toBeVisible();
    expect(basketFetches()).toBe(1);

    await returnToWindow();

    expect(basketFetches()).toBe(2);
    expect(await screen.findByText(/3 items for £194\.97/)).toBeVisible();
  });
});
