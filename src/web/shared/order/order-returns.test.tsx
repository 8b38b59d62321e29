import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderReturnsView, ReturnView } from '../../../domain/api/returns.ts';
import { makeOrder } from '../../features/order/testing/fixtures.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { OrderReturns } from './order-returns.tsx';

const PATH = '/api/v1/orders/ord_7k3q9m2x4b/returns';
const data = (body: unknown) => ({ body: { data: body } });

const sentOrder = makeOrder({
  status: 'dispatched',
  shipments: [
    {
      carrier_name: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: null,
      date: '2026-11-20T09:30:00.000Z',
      items: [{ name: 'Olive tree', quantity: 2 }],
    },
  ],
});

const returnsView = (overrides: Partial<OrderReturnsView> = {}): OrderReturnsView => ({
  returns: [],
  returnable: [
    { order_item_id: 11, name: 'Olive tree', quantity: 2, return_by: '2026-12-08' },
    { order_item_id: 12, name: 'Boston fern', quantity: 1, return_by: '2026-12-08' },
  ],
  reasons: [
    { code: 'changed_mind', label: 'I changed my mind' },
    { code: 'damaged', label: 'It arrived damaged' },
  ],
  instructions: {
    address: ['Everbloom Returns', 'Unit 4, Meadow Lane', 'Bristol', 'BS1 4AA'],
    send_back_days: 14,
    refund_days: 14,
  },
  ...overrides,
});

const started: ReturnView = {
  return_number: 'R-000123',
  status: 'requested',
  status_label: 'Awaiting the parcel',
  reason: 'It arrived damaged',
  refusal_reason: null,
  items: [{ order_item_id: 11, name: 'Olive tree', quantity: 2 }],
  created_at: '2026-11-25T10:00:00.000Z',
  received_at: null,
  closed_at: null,
};

function renderReturns(handlers: Record<string, ApiHandler>, order = sentOrder) {
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  renderWithApp(<OrderReturns order={order} />);
  return { ...api, user };
}

describe('OrderReturns', () => {
  it('returns chosen lines with a reason, then shows the return number and instructions', async () => {
    let returned = false;
    const { user, calls } = renderReturns({
      [`GET ${PATH}`]: () =>
        data(returned ? returnsView({ returns: [started], returnable: [] }) : returnsView()),
      [`POST ${PATH}`]: () => {
        returned = true;
        return { status: 201, ...data({ return: started }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Return items' }));

    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));
    expect(screen.getByText('Please choose what to return')).toBeVisible();
    expect(screen.getByText('Please tell us why you are returning it')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /Olive tree/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'How many Olive tree' }), '2');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Why are you returning it?' }),
      'damaged',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));

    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('Return R-000123 started.')).toBeVisible();
    expect(within(notice).getByText(/emailed these instructions to ada@example.com/)).toBeVisible();
    expect(within(notice).getByText('BS1 4AA')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      items: [{ order_item_id: 11, quantity: 2 }],
      reason: 'damaged',
    });
    expect(await screen.findByText(/Awaiting the parcel/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it('shows the server’s refusal where the shopper acts', async () => {
    const { user } = renderReturns({
      [`GET ${PATH}`]: () => data(returnsView()),
      [`POST ${PATH}`]: () => ({
        status: 409,
        body: {
          error_type: 'return_not_allowed',
          message: 'These items cannot be returned: the time to return them has passed.',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    await user.click(screen.getByRole('checkbox', { name: /Boston fern/ }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Why are you returning it?' }),
      'changed_mind',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These items cannot be returned: the time to return them has passed.',
    );
  });

  it('shows a refused return’s reason, and nothing at all before anything is sent', async () => {
    renderReturns({
      [`GET ${PATH}`]: () =>
        data(
          returnsView({
            returnable: [],
            returns: [
              {
                ...started,
                status: 'refused',
                status_label: 'Refused',
                refusal_reason: 'It came back used',
              },
            ],
          }),
        ),
    });
    expect(await screen.findByText('We could not accept it: It came back used')).toBeVisible();
    expect(screen.getByText(/Refused/)).toBeVisible();
  });

  it('asks nothing of the server for an order not yet sent', () => {
    const { calls } = renderReturns({}, makeOrder());
    expect(calls).toHaveLength(0);
  });
});
