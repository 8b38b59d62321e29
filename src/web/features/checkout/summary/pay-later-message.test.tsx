import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketItem, gbp, makeBasket } from '../../basket/testing/fixtures.ts';
import { mockApi, renderWithApp } from '../../../testing/render.tsx';
import { PAYPAL_SDK_EVENT } from '../payment/wallets/paypal-sdk.ts';
import { PayLaterMessage } from './pay-later-message.tsx';

const basketOf = (amount: number, discount?: number) =>
  makeBasket({
    items: [basketItem({ price: gbp(amount), total_price: gbp(amount) })],
    ...(discount ? { discount: { label: 'SPRING10', amount: discount } } : {}),
  });

function renderMessage(amount: number, options: { discount?: number } = {}) {
  mockApi({});
  return renderWithApp(<PayLaterMessage basket={basketOf(amount, options.discount)} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('PayLaterMessage', () => {
  it('shows one of three payments of the total to the nearest penny', () => {
    renderMessage(10_000);
    expect(
      screen.getByText('Pay in 3 interest-free payments of £33.33 with PayPal'),
    ).toBeInTheDocument();
  });

  it('uses the discounted total', () => {
    renderMessage(10_000, { discount: 1_000 });
    expect(
      screen.getByText('Pay in 3 interest-free payments of £30.00 with PayPal'),
    ).toBeInTheDocument();
  });

  it('says nothing outside PayPal’s £20 to £3,000 Pay in 3 range', () => {
    const { unmount } = renderMessage(1_999);
    expect(screen.queryByText(/Pay in 3/)).not.toBeInTheDocument();
    unmount();
    renderMessage(300_001);
    expect(screen.queryByText(/Pay in 3/)).not.toBeInTheDocument();
  });

  it('hands over to PayPal’s messages component once the PayPal group has loaded its SDK (Braintree mode)', async () => {
    const rendered: { options: unknown; container: HTMLElement }[] = [];
    renderMessage(9_000);
    expect(
      await screen.findByText('Pay in 3 interest-free payments of £30.00 with PayPal'),
    ).toBeInTheDocument();

    // The PayPal group loads PayPal's SDK and says so.
    vi.stubGlobal('paypal', {
      FUNDING: { PAYPAL: 'paypal', PAYLATER: 'paylater' },
      Buttons: () => undefined,
      Messages: (options: unknown) => ({
        render: async (container: HTMLElement) => {
          rendered.push({ options, container });
          container.textContent = 'PayPal Pay in 3 message';
        },
      }),
    });
    await act(async () => {
      window.dispatchEvent(new Event(PAYPAL_SDK_EVENT));
    });

    expect(await screen.findByText('PayPal Pay in 3 message')).toBeInTheDocument();
    expect(rendered).toEqual([
      {
        options: { amount: 90, currency: 'GBP', placement: 'payment', style: { layout: 'text' } },
        container: expect.any(HTMLElement),
      },
    ]);
    expect(screen.queryByText(/interest-free payments of £30.00/)).not.toBeInTheDocument();
  });
});
