import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/api/order.ts';
import { pence } from '../../../domain/money.ts';
import { setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { hold } from '../checkout/testing/render-checkout.tsx';
import { freeGiftLine, gbp, preorderLine } from '../basket/testing/fixtures.ts';
import { makeOrder } from '../order/testing/fixtures.ts';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const data = (body: unknown) => ({ body: { data: body } });
const LIST = 'GET /api/v1/user/orders';

/** A paid pre-order of the wisteria arch (£149.99 with free delivery), 149 buds earned. */
const preorder = (overrides: Partial<OrderView> = {}) =>
  makeOrder({
    public_id: 'ord_pre',
    order_number: 'EB-PRE4ARCH',
    items: [preorderLine()],
    promotionItems: [freeGiftLine()],
    prices: { items: gbp(14_999), delivery: gbp(0), total: gbp(14_999) },
    discounted_prices: null,
    discounts: [],
    loyalty_points: { used: 0, discount: { amount: pence(0), label: '£0.00' }, earned: 149 },
    ...overrides,
  });

function renderPage(path: string, handlers: Record<string, ApiHandler>, { signedIn = true } = {}) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<p>Elsewhere</p>, {
    path,
    routes: [
      { path: '/account/orders', element: <OrdersPage /> },
      { path: '/account/orders/:publicId', element: <OrderDetailPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
  });
  return { ...api, ...view, user };
}

describe('OrdersPage', () => {
  it('lists the orders as the server gives them (newest first) with number, date, status, total and items', async () => {
    const newest = preorder({ date: '2026-11-23T10:00:00.000Z' });
    const older = makeOrder({ date: '2026-10-02T09:00:00.000Z', status: 'dispatched' });
    const { user, router } = renderPage('/account/orders', {
      [LIST]: () => data({ orders: [newest, older] }),
      'GET /api/v1/orders/ord_7k3q9m2x4b': () => data({ order: older }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
    const entries = await screen.findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const [first, second] = entries as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Order EB-PRE4ARCH' })).toBeVisible();
    expect(within(first).getByText('23/11/2026')).toBeVisible();
    expect(within(first).getByText('Order placed')).toBeVisible();
    expect(within(first).getByText('£149.99')).toBeVisible();
    expect(within(first).getByText('1 item')).toBeVisible();
    expect(within(second).getByText('02/10/2026')).toBeVisible();
    expect(within(second).getByText('Dispatched')).toBeVisible();
    expect(within(second).getByText('£192.92')).toBeVisible();
    expect(within(second).getByText('3 items')).toBeVisible();

    await user.click(within(second).getByRole('link', { name: 'View order EB-7K3Q9M2X' }));
    expect(router.state.location.pathname).toBe('/account/orders/ord_7k3q9m2x4b');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order EB-7K3Q9M2X' }),
    ).toBeVisible();
  });

  it('says so when there are no orders yet', async () => {
    renderPage('/account/orders', { [LIST]: () => data({ orders: [] }) });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('shows that it is busy, then the error with Try again', async () => {
    let fail = true;
    const { fetchMock, user } = renderPage('/account/orders', {
      [LIST]: () =>
        fail
          ? { status: 500, body: { error_type: 'internal_error', message: 'Database down.' } }
          : data({ orders: [makeOrder()] }),
    });
    const held = hold(fetchMock, '/user/orders');
    expect(await screen.findByText('Fetching your orders')).toBeInTheDocument();
    held.open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, we could not load your orders. Database down.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order EB-7K3Q9M2X' })).toBeVisible();
  });

  it('sends a visitor without a login to log in and come back', async () => {
    const { router, calls } = renderPage('/account/orders', {}, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/account/orders');
    expect(calls).toEqual([]);
  });
});

describe('OrderDetailPage', () => {
  it('shows the order: status, estimate, buds, items with options, totals, addresses and payment', async () => {
    renderPage('/account/orders/ord_7k3q9m2x4b', {
      'GET /api/v1/orders/ord_7k3q9m2x4b': () => data({ order: makeOrder() }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order EB-7K3Q9M2X' }),
    ).toBeVisible();
    expect(document.title).toBe('Order EB-7K3Q9M2X | Everbloom');
    expect(screen.getByText('Order placed')).toBeVisible();
    expect(screen.getAllByText('Tuesday 24 November').length).toBeGreaterThan(0);
    expect(screen.getByText('192')).toBeVisible();
    const items = screen.getByRole('region', { name: 'Your items' });
    const olive = within(items).getByRole('listitem', {
      name: 'Artificial Olive Tree — 120cm, Grey pot',
    });
    expect(within(olive).getByRole('img')).toBeVisible();
    expect(within(olive).getByText('Size: 120cm, Pot: Grey pot')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Order total' })).getByText('£192.92'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Delivery' })).getByText('HG1 2AB'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Payment' })).getByText(/Credit\/Debit Card/),
    ).toBeVisible();

    // Items from stock: no button, and the reason.
    const cancellation = screen.getByRole('region', { name: 'Cancellation' });
    expect(within(cancellation).queryByRole('button')).not.toBeInTheDocument();
    expect(cancellation).toHaveTextContent(
      'This order cannot be cancelled online. Only orders made up entirely of pre-order items that have not been dispatched can be cancelled online.',
    );
  });

  it('cancels a pre-order after confirming, and keeps it when the shopper changes their mind', async () => {
    const cancelled = preorder({
      status: 'cancelled',
      cancellation: { date: '2026-11-23T12:00:00.000Z', payment: 'void' },
    });
    const { user, calls, fetchMock } = renderPage('/account/orders/ord_pre', {
      'GET /api/v1/orders/ord_pre': () => data({ order: preorder() }),
      'POST /api/v1/user/orders/ord_pre/cancel': () => data({ order: cancelled }),
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel pre-order' });

    await user.click(cancel);
    let dialog = screen.getByRole('dialog', { name: 'Cancel this pre-order?' });
    expect(dialog).toHaveTextContent(
      'Order EB-PRE4ARCH will be cancelled and your payment of £149.99 given back. The buds it earned will be taken back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep my order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(cancel);
    dialog = screen.getByRole('dialog', { name: 'Cancel this pre-order?' });
    const held = hold(fetchMock, '/cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel pre-order' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancelling' })).toBeDisabled();
    held.open();

    expect(await screen.findByText(/Your pre-order has been cancelled/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(
      screen.getByText(
        'This order was cancelled on 23/11/2026. Your payment of £149.99 has been cancelled and will not be taken.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel pre-order' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/user/orders/ord_pre/cancel',
    ]);
  });

  it('shows the server’s refusal and leaves the order as it was', async () => {
    const { user } = renderPage('/account/orders/ord_pre', {
      'GET /api/v1/orders/ord_pre': () => data({ order: preorder() }),
      'POST /api/v1/user/orders/ord_pre/cancel': () => ({
        status: 409,
        body: {
          error_type: 'order_not_preorder',
          message: 'Non pre-orders cannot currently be cancelled.',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel pre-order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel pre-order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Non pre-orders cannot currently be cancelled.',
    );
    expect(screen.getByText('Order placed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel pre-order' })).toBeEnabled();
  });

  it('says when the order is not found', async () => {
    renderPage('/account/orders/ord_other', {});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found.' }),
    ).toBeVisible();
  });
});
