import { act, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render.tsx';
import { reply } from '../../basket/testing/fixtures.ts';
import { readyToPay } from '../testing/fixtures.ts';
import type { BillingDetailsHandle } from './billing-details.tsx';
import type { CardFieldsHandle } from './client/types.ts';
import { orderCreated } from './testing.ts';
import { useOrderPlacing } from './use-order-placing.ts';

type OrderPlacing = ReturnType<typeof useOrderPlacing>;

/** Renders the hook on a page and hands its latest value out. */
function Harness({ expose }: { expose: (order: OrderPlacing) => void }) {
  const billing = useRef<BillingDetailsHandle>(null);
  const cardFields = useRef<CardFieldsHandle>(null);
  const errorNotice = useRef<HTMLDivElement>(null);
  const order = useOrderPlacing({
    basket: readyToPay(),
    signedIn: false,
    userEmail: undefined,
    billing,
    cardFields,
    errorNotice,
    refreshPaymentMethods: () => {},
    refreshStoredCards: () => {},
    showBilling: () => {},
  });
  useEffect(() => {
    expose(order);
  });
  return <div ref={errorNotice} />;
}

describe('useOrderPlacing', () => {
  it('turns away a second payment while the first is being placed: one order request', async () => {
    const { calls } = mockApi({
      'GET /api/v1/basket': () => reply(readyToPay()),
      'POST /api/v1/basket/order': orderCreated(),
    });
    let order: OrderPlacing | undefined;
    renderWithApp(<Harness expose={(latest) => (order = latest)} />, {
      path: '/checkout/payment',
      routes: [{ path: '/order/thank-you/:publicId', element: <h1>Thank you</h1> }],
    });
    const wallet = { payment_method_nonce: 'fake-paypal-one-time-nonce', device_data: '{}' };

    await act(async () => {
      // A wallet that reports its approval twice (or a double click) before the page re-renders.
      await Promise.all([order!.payWithWallet(wallet), order!.payWithWallet(wallet)]);
    });

    await screen.findByRole('heading', { name: 'Thank you' });
    expect(calls.filter((call) => call.path === '/api/v1/basket/order')).toHaveLength(1);
  });
});
