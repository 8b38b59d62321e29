import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/api/order.ts';
import { pence } from '../../../domain/money.ts';
import { AppRoutes } from '../../app/routes.tsx';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { TEST_MODE_CONFIG } from '../../shared/login/testing/fixtures.ts';
import { hold } from '../checkout/testing/render-checkout.tsx';
import { gbp, preorderLine } from '../basket/testing/fixtures.ts';
import { makeOrder } from '../order/testing/fixtures.ts';

const TRACK = 'POST /api/v1/orders/track';
const data = (body: unknown) => ({ body: { data: body } });

const preorder = (overrides: Partial<OrderView> = {}) =>
  makeOrder({
    public_id: 'ord_pre',
    order_number: 'EB-PRE4ARCH',
    items: [preorderLine()],
    prices: { items: gbp(14_999), delivery: gbp(0), total: gbp(14_999) },
    discounted_prices: null,
    discounts: [],
    loyalty_points: { used: 0, discount: { amount: pence(0), label: '£0.00' }, earned: 0 },
    ...overrides,
  });

function renderPage(handlers: Record<string, ApiHandler>) {
  const api = mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG, ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<AppRoutes />, { path: '/track-order' });
  return { ...api, ...view, user };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, number: string, email: string) {
  await user.type(await screen.findByLabelText(/Order number/), number);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Track order' }));
}

describe('TrackOrderPage', () => {
  it('is linked from the footer', async () => {
    renderPage({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Track your order' }),
    ).toBeVisible();
    expect(document.title).toBe('Track your order | Everbloom');
    const footer = screen.getByRole('navigation', { name: 'Help and policies' });
    expect(within(footer).getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/track-order',
    );
  });

  it('checks the fields in the browser with the server’s rules', async () => {
    const { user, calls } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Track order' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/Order number/), '123');
    await user.type(screen.getByLabelText('Email address'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(
      await screen.findByText(
        'Please enter the order number from your confirmation email, e.g. EB-7K3Q9M2X',
      ),
    ).toBeVisible();
    expect(screen.getByText('This must be an email address')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('gives the catalogue message and marks both fields when they do not match', async () => {
    const { user, calls } = renderPage({
      [TRACK]: () => ({
        status: 422,
        body: {
          error_type: 'order_tracking_verification_failed',
          message:
            'Order tracking verification failed, please check the information provided below.',
          errors: {
            order_number: ['Please check your order number'],
            email_address: ['Please check the email address you ordered with'],
          },
        },
      }),
    });
    await fillIn(user, 'eb-7k3q9m2x', 'Ada@Example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Order tracking verification failed, please check the information provided below.',
    );
    expect(screen.getByLabelText(/Order number/)).toHaveAccessibleDescription(
      /Please check your order number/,
    );
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please check the email address you ordered with',
    );
    await waitFor(() => expect(screen.getByLabelText(/Order number/)).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      order_number: 'EB-7K3Q9M2X',
      email_address: 'ada@example.com',
    });
  });

  it('says when there were too many attempts', async () => {
    const { user } = renderPage({
      [TRACK]: () => ({
        status: 429,
        body: {
          error_type: 'rate_limit',
          message: 'This action has been attempted too many times, please try again later.',
        },
      }),
    });
    await fillIn(user, 'EB-7K3Q9M2X', 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
  });

  it('shows the order it found (busy while finding it) and why it cannot be cancelled', async () => {
    const { user, fetchMock } = renderPage({ [TRACK]: () => data({ order: makeOrder() }) });
    const held = hold(fetchMock, '/orders/track');
    await fillIn(user, 'EB-7K3Q9M2X', 'ada@example.com');
    expect(await screen.findByRole('button', { name: 'Finding your order' })).toBeDisabled();
    held.open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order EB-7K3Q9M2X' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Your items' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Cancellation' })).toHaveTextContent(
      'This order cannot be cancelled online.',
    );
    await user.click(screen.getByRole('button', { name: 'Track another order' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  });

  it('cancels a tracked pre-order as a guest after confirming', async () => {
    const { user, calls } = renderPage({
      [TRACK]: () => data({ order: preorder() }),
      'POST /api/v1/orders/ord_pre/cancel': () =>
        data({
          order: preorder({
            status: 'cancelled',
            cancellation: { date: '2026-11-23T12:00:00.000Z', payment: 'refund' },
          }),
        }),
    });
    await fillIn(user, 'EB-PRE4ARCH', 'ada@example.com');
    await user.click(await screen.findByRole('button', { name: 'Cancel pre-order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this pre-order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel pre-order' }));
    expect(await screen.findByText(/Your pre-order has been cancelled/)).toBeVisible();
    expect(
      screen.getByText(
        'This order was cancelled on 23/11/2026. Your payment of £149.99 has been refunded; it can take up to 5 working days to reach you.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/orders/track',
      '/api/v1/orders/ord_pre/cancel',
    ]);
  });
});
