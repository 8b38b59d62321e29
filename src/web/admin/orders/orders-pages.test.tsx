/**
 * The back office's order pages (ADR 054), rendered from fixtures as the API answers
 * them: the list (search, filters, pages in the address) and one order (what staff read,
 * and what a role may do).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummaryView, AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { pence } from '../../../domain/money.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import { makeOrder } from '../../features/order/testing/fixtures.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { OrderPage } from './order-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const data = (body: unknown) => ({ body: { data: body } });
const money = (amount: number) => ({
  amount: pence(amount),
  label: `£${(amount / 100).toFixed(2)}`,
});

const summary = (n: number): AdminOrderSummaryView => ({
  order_number: `EB-0000000${n}`,
  public_id: `00000000-0000-4000-8000-00000000000${n}`,
  status: n === 1 ? 'partially_dispatched' : 'paid',
  date: '2026-11-23T13:05:00.000Z',
  email_address: `shopper${n}@example.com`,
  name: `Mrs Shopper ${n}`,
  postcode: 'HG1 2AB',
  total: money(2_500 * n),
  item_count: n,
});

const adminOrder = (overrides: Partial<AdminOrderView> = {}): AdminOrderView => {
  const base = makeOrder();
  return {
    ...base,
    lines: [
      {
        order_item_id: 11,
        product_id: 5,
        sku: 'OLV-120-GRY',
        name: 'Artificial Olive Tree',
        quantity: 2,
        preorder_quantity: 0,
        is_promotion_item: false,
        unit_price: money(7_999),
        total_price: money(15_998),
        tax_rate_bp: 2000,
        dispatched: 1,
        refunded: 0,
      },
    ],
    shipments: [
      {
        id: 3,
        carrier: 'royal_mail',
        carrier_name: 'Royal Mail',
        tracking_number: 'AB123456789GB',
        tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        date: '2026-11-24T09:00:00.000Z',
        staff: { name: 'Dee Dispatch', email: 'dee@shop.test', role: 'dispatcher' },
        items: [
          { order_item_id: 11, name: 'Artificial Olive Tree', sku: 'OLV-120-GRY', quantity: 1 },
        ],
        history: [
          {
            carrier: 'DPD',
            tracking_number: 'WRONG1',
            date: '2026-11-24T10:00:00.000Z',
            staff: { name: 'Dee Dispatch', email: 'dee@shop.test', role: 'dispatcher' },
          },
        ],
      },
    ],
    refunds: [],
    payment: {
      type: 'credit_card',
      label: 'Credit/Debit Card',
      card_type: 'Visa',
      last_four: '1111',
      transaction_id: 'tx_abc123',
      three_d_secure: { status: 'authenticate_successful', liability_shifted: true },
      charged: money(19_292),
      credit_used: money(0),
      refunded: money(0),
      refundable: money(19_292),
    },
    customer: null,
    timeline: [
      { date: '2026-11-23T13:05:00.000Z', kind: 'placed', summary: 'Order placed', staff: null },
      {
        date: '2026-11-23T14:00:00.000Z',
        kind: 'note',
        summary: '<b>Leave with neighbour</b>',
        staff: { name: 'Sam Support', email: 'sam@shop.test', role: 'support' },
      },
    ],
    ...overrides,
  };
};

function renderAt(path: string, handlers: Record<string, ApiHandler>, role: StaffRole = 'manager') {
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  const staff = { name: 'Mo Manager', email: 'mo@shop.test', role };
  const withStaff = (element: React.ReactNode) => (
    <StaffContext.Provider value={staff}>{element}</StaffContext.Provider>
  );
  const view = renderWithApp(<p>Elsewhere</p>, {
    path,
    routes: [
      { path: '/admin/orders', element: withStaff(<OrdersPage />) },
      { path: '/admin/orders/:orderNumber', element: withStaff(<OrderPage />) },
    ],
  });
  return { ...api, ...view, user };
}

describe('the orders list', () => {
  it('shows a page of orders, and follows the cursor to the next page in the address', async () => {
    const seen: string[] = [];
    const { user, router } = renderAt('/admin/orders', {
      'GET /api/v1/admin/orders': (_body, url) => {
        seen.push(url.search);
        return url.searchParams.get('cursor')
          ? data({ orders: [summary(3)], next_cursor: null })
          : data({ orders: [summary(1), summary(2)], next_cursor: 'bzI' });
      },
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'EB-00000001' })).toHaveAttribute(
      'href',
      '/admin/orders/EB-00000001',
    );
    expect(within(rows[1]!).getByText('Partly dispatched')).toBeVisible();
    expect(within(rows[1]!).getByText('HG1 2AB')).toBeVisible();
    expect(within(rows[2]!).getByText('£50.00')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('2 orders shown, more on the next page.');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'EB-00000003' })).toBeVisible();
    expect(router.state.location.search).toBe('?cursor=bzI');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'First page' })).toBeVisible();
    expect(seen).toEqual(['', '?cursor=bzI']);
  });

  it('searches and filters by status from the first page, refusing a search too short', async () => {
    const seen: string[] = [];
    const { user, router } = renderAt('/admin/orders?cursor=bzI', {
      'GET /api/v1/admin/orders': (_body, url) => {
        seen.push(url.search);
        return data({ orders: [], next_cursor: null });
      },
    });
    expect(
      await screen.findByText('No orders match.', { selector: 'p:not([role])' }),
    ).toBeVisible();
    const search = screen.getByRole('searchbox', { name: /Search orders/ });
    await user.type(search, 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter at least 3 characters to search')).toBeVisible();
    await user.type(search, 'c 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=abc+1&status=paid'));
    await waitFor(() => expect(seen.at(-1)).toBe('?q=abc+1&status=paid'));
  });

  it('says which dashboard list is on, with a link to clear it', async () => {
    const { user, router } = renderAt('/admin/orders?filter=awaiting_dispatch', {
      'GET /api/v1/admin/orders': () => data({ orders: [summary(2)], next_cursor: null }),
    });
    expect(await screen.findByText('Awaiting dispatch')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Clear this list' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a failure where it happened, with a way to try again', async () => {
    renderAt('/admin/orders', {
      'GET /api/v1/admin/orders': () => ({
        status: 500,
        body: { error_type: 'internal_error', message: 'Something went wrong.' },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('one order', () => {
  const URL_ = 'GET /api/v1/admin/orders/EB-7K3Q9M2X';

  it('shows the lines, payment with its 3-D Secure outcome, shipments and the timeline as text', async () => {
    renderAt('/admin/orders/EB-7K3Q9M2X', { [URL_]: () => data({ order: adminOrder() }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order EB-7K3Q9M2X' }),
    ).toBeVisible();
    const lines = screen.getByRole('region', { name: 'Items' });
    const row = within(lines).getByRole('row', { name: /Artificial Olive Tree/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OLV-120-GRY', '2', '1', '0', '£79.99', '£159.98']);
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('authenticate successful; liability shifted')).toBeVisible();
    expect(within(payment).getByText('tx_abc123')).toBeVisible();
    const shipments = screen.getByRole('region', { name: 'Shipments' });
    expect(within(shipments).getByRole('link', { name: /AB123456789GB/ })).toHaveAttribute(
      'href',
      expect.stringContaining('royalmail.com'),
    );
    expect(within(shipments).getByText(/Was DPD WRONG1/)).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    // Markup in a note is shown as the text it is.
    expect(within(timeline).getByText('<b>Leave with neighbour</b>')).toBeVisible();
    expect(within(timeline).getByText(/Sam Support \(Support\)/)).toBeVisible();
  });

  it('adds a note and shows the order the server answers with', async () => {
    let sent: unknown;
    const noted = adminOrder({
      timeline: [
        ...adminOrder().timeline,
        {
          date: '2026-11-25T09:00:00.000Z',
          kind: 'note',
          summary: 'Rang back',
          staff: { name: 'Mo Manager', email: 'mo@shop.test', role: 'manager' },
        },
      ],
    });
    const { user } = renderAt('/admin/orders/EB-7K3Q9M2X', {
      [URL_]: () => data({ order: adminOrder() }),
      'POST /api/v1/admin/orders/EB-7K3Q9M2X/notes': (body) => {
        sent = body;
        return { status: 201, body: { data: { order: noted } } };
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Add a note' }), 'Rang back');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Rang back')).toBeVisible();
    expect(sent).toEqual({ note: 'Rang back' });
    expect(screen.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
  });

  it('offers cancelling a pre-order only when allowed, asking for a reason first', async () => {
    const preorderLine = {
      ...makeOrder().items[0]!,
      preorder: true,
      preorder_quantity: 1,
      quantity: 1,
    };
    const preorder = adminOrder({ items: [preorderLine], shipments: [] });
    const { user } = renderAt('/admin/orders/EB-7K3Q9M2X', {
      [URL_]: () => data({ order: preorder }),
      'POST /api/v1/admin/orders/EB-7K3Q9M2X/cancel': () =>
        data({ order: { ...preorder, status: 'cancelled' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel pre-order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this pre-order?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pre-order' }));
    expect(await screen.findByText('The pre-order is cancelled.')).toBeVisible();
    expect(screen.getByText('Cancelled')).toBeVisible();
  });

  it('shows a dispatcher no resend or cancel, and says when there is no such order', async () => {
    renderAt(
      '/admin/orders/EB-7K3Q9M2X',
      { [URL_]: () => data({ order: adminOrder() }) },
      'dispatcher',
    );
    expect(await screen.findByRole('button', { name: 'Add note' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend confirmation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel pre-order' })).toBeNull();
  });

  const pendingRefund = {
    id: 41,
    state: 'pending' as const,
    credit_note_number: 'Pending',
    amount: money(450),
    items_amount: pence(0),
    delivery_amount: pence(0),
    goodwill_amount: pence(450),
    tax_amount: pence(0),
    to: 'payment' as const,
    gateway_kind: null,
    reason: 'Arrived late',
    restock: false,
    date: '2026-11-25T10:00:00.000Z',
    staff: { name: 'Mo Manager', email: 'mo@shop.test', role: 'manager' as const },
    items: [],
  };

  it('checks a pending refund with the payment provider and shows what it came to', async () => {
    let checks = 0;
    const completed = adminOrder({
      refunds: [
        {
          ...pendingRefund,
          state: 'completed',
          credit_note_number: 'CN-000012',
          gateway_kind: 'refund',
        },
      ],
    });
    const { user } = renderAt('/admin/orders/EB-7K3Q9M2X', {
      [URL_]: () => data({ order: adminOrder({ refunds: [pendingRefund] }) }),
      'POST /api/v1/admin/orders/EB-7K3Q9M2X/refunds/41/check': () =>
        ++checks === 1
          ? data({
              outcome: 'unavailable',
              message: 'The payment provider did not answer, so the refund stays pending.',
              order: adminOrder({ refunds: [pendingRefund] }),
            })
          : data({
              outcome: 'completed',
              message: 'The payment provider made the refund: it is complete as CN-000012.',
              order: completed,
            }),
    });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    const pending = within(refunds).getByRole('article', { name: 'Pending refund of £4.50' });
    expect(within(pending).getByText(/has not confirmed this refund/)).toBeVisible();
    const button = within(pending).getByRole('button', { name: 'Check with the payment provider' });
    expect(button).toHaveAccessibleDescription(/has not confirmed this refund/);

    await user.click(button);
    expect(await within(refunds).findByRole('status')).toHaveTextContent(
      'did not answer, so the refund stays pending',
    );
    expect(within(refunds).getByRole('article', { name: 'Pending refund of £4.50' })).toBeVisible();

    await user.click(
      within(refunds).getByRole('button', { name: 'Check with the payment provider' }),
    );
    expect(await within(refunds).findByText(/complete as CN-000012/)).toBeVisible();
    expect(within(refunds).getByRole('article', { name: 'Credit note CN-000012' })).toBeVisible();
    expect(
      within(refunds).getByRole('link', { name: 'Credit note CN-000012 (PDF)' }),
    ).toBeVisible();
    expect(within(refunds).queryByRole('button', { name: /Check with/ })).toBeNull();
    expect(checks).toBe(2);
  });

  it('shows a pending refund to staff who may not refund, with no check button', async () => {
    renderAt(
      '/admin/orders/EB-7K3Q9M2X',
      { [URL_]: () => data({ order: adminOrder({ refunds: [pendingRefund] }) }) },
      'dispatcher',
    );
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(
      await within(refunds).findByRole('article', { name: 'Pending refund of £4.50' }),
    ).toBeVisible();
    expect(within(refunds).queryByRole('button', { name: /Check with/ })).toBeNull();
  });

  it('says there is no order with an unknown number', async () => {
    renderAt('/admin/orders/EB-NOSUCH00', {
      'GET /api/v1/admin/orders/EB-NOSUCH00': () => ({
        status: 404,
        body: { error_type: 'not_found', message: 'Not found' },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no order with this number.',
    );
  });
});
