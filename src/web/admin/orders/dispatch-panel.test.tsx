import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { DispatchPanel } from './dispatch-panel.tsx';
import { adminLine, adminOrder, adminShipment } from './testing/dispatch-fixtures.ts';

const SHIP = 'POST /api/v1/admin/orders/EB-7K3Q9M2X/shipments';

function renderPanel(
  order: AdminOrderView,
  handlers: Record<string, ApiHandler> = {},
  role: StaffRole = 'dispatcher',
) {
  const api = mockApi(handlers);
  const onChange = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
      <DispatchPanel order={order} onChange={onChange} />
    </StaffContext.Provider>,
  );
  return { ...api, onChange, user };
}

describe('DispatchPanel', () => {
  it('offers every line still to send, all of it by default, and dispatches it', async () => {
    const sent = adminOrder({
      status: 'dispatched',
      lines: adminOrder().lines.map((line) => ({ ...line, dispatched: line.quantity })),
      shipments: [adminShipment()],
    });
    const { user, calls, onChange } = renderPanel(adminOrder(), {
      [SHIP]: () => ({ status: 201, body: { data: { order: sent } } }),
    });
    expect(screen.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Print the packing slip' })).toHaveAttribute(
      'href',
      '/admin/orders/EB-7K3Q9M2X/packing-slip',
    );
    expect(screen.getByLabelText('Quantity of Olive tree in this parcel')).toHaveValue(2);
    expect(screen.getByLabelText('Quantity of Boston fern in this parcel')).toHaveValue(1);
    // Free gifts are lines too.
    expect(screen.getByLabelText('Quantity of Succulent in this parcel')).toHaveValue(1);

    // 0 leaves the fern out of this parcel.
    const fern = screen.getByLabelText('Quantity of Boston fern in this parcel');
    await user.clear(fern);
    await user.type(fern, '0');
    await user.selectOptions(screen.getByLabelText('Carrier'), 'DPD');
    await user.type(screen.getByLabelText(/Tracking number/), '1550 1234');
    await user.click(screen.getByRole('button', { name: 'Dispatch' }));

    expect(await screen.findByText('Dispatched')).toHaveAttribute('role', 'status');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      items: [
        { order_item_id: 11, quantity: 2 },
        { order_item_id: 13, quantity: 1 },
      ],
      carrier: 'dpd',
      tracking_number: '1550 1234',
    });
    expect(onChange).toHaveBeenCalledWith(sent);
  });

  it('shows the API’s field errors beside their fields and its message', async () => {
    const { user } = renderPanel(adminOrder(), {
      [SHIP]: () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors: {
            tracking_number: ['Please enter letters, digits, spaces and dashes only'],
            'items.1.quantity': ['Please enter a whole number of at least 1'],
          },
        },
      }),
    });
    await user.type(screen.getByLabelText(/Tracking number/), '<b>');
    await user.click(screen.getByRole('button', { name: 'Dispatch' }));
    expect(
      await screen.findByText('Please enter letters, digits, spaces and dashes only'),
    ).toBeVisible();
    expect(screen.getByLabelText(/Tracking number/)).toHaveAttribute('aria-invalid', 'true');
    // items.1 was the second line sent: the fern.
    expect(screen.getByLabelText('Quantity of Boston fern in this parcel')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('There is a problem submitting the form');
  });

  it('shows a conflict’s message and asks for something to send', async () => {
    const { user, calls } = renderPanel(adminOrder(), {
      [SHIP]: () => ({
        status: 409,
        body: {
          error_type: 'shipment_exceeds_order',
          message: 'You cannot send more of an item than was ordered and not yet sent.',
        },
      }),
    });
    for (const name of ['Olive tree', 'Boston fern', 'Succulent']) {
      const field = screen.getByLabelText(`Quantity of ${name} in this parcel`);
      await user.clear(field);
      await user.type(field, '0');
    }
    await user.click(screen.getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter how many of at least one item go in this parcel.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Quantity of Olive tree in this parcel'));
    await user.type(screen.getByLabelText('Quantity of Olive tree in this parcel'), '1');
    await user.type(screen.getByLabelText(/Tracking number/), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Dispatch' }));
    expect(
      await screen.findByText('You cannot send more of an item than was ordered and not yet sent.'),
    ).toBeVisible();
  });

  it('lists parcels sent with their tracking link, and corrects a tracking number', async () => {
    const order = adminOrder({
      status: 'partially_dispatched',
      lines: [adminLine({ dispatched: 1 })],
      shipments: [adminShipment({ tracking_number: '<b>X</b>', tracking_url: null })],
    });
    const corrected = adminOrder({
      ...order,
      shipments: [
        adminShipment({
          carrier: 'evri',
          carrier_name: 'Evri',
          tracking_number: 'H01',
          tracking_url: 'https://www.evri.com/track/parcel/H01',
        }),
      ],
    });
    const { user, calls, onChange } = renderPanel(order, {
      'PATCH /api/v1/admin/orders/EB-7K3Q9M2X/shipments/7': () => ({
        body: { data: { order: corrected } },
      }),
    });
    // Markup in a tracking number is shown as text.
    const parcel = document.querySelector<HTMLElement>('.dispatch-shipment')!;
    expect(within(parcel).getByText(/<b>X<\/b>/)).toBeVisible();
    expect(document.querySelector('b')).toBeNull();

    await user.click(screen.getByText('Correct tracking'));
    const form = screen.getByRole('button', { name: 'Save correction' }).closest('form')!;
    await user.selectOptions(within(form).getByLabelText('Carrier'), 'Evri');
    const field = within(form).getByLabelText(/Tracking number/);
    await user.clear(field);
    await user.type(field, 'H01');
    await user.click(within(form).getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('Tracking corrected')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      carrier: 'evri',
      tracking_number: 'H01',
    });
    expect(onChange).toHaveBeenCalledWith(corrected);
  });

  it('links a tracking number to the carrier’s page in a new tab, safely', () => {
    renderPanel(
      adminOrder({ lines: [adminLine({ dispatched: 2 })], shipments: [adminShipment()] }),
    );
    const link = screen.getByRole('link', { name: /AB123456789GB/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Everything in this order has been sent.')).toBeVisible();
  });

  it('is hidden from staff who may not dispatch', () => {
    renderPanel(adminOrder(), {}, 'support');
    expect(screen.queryByRole('heading', { name: 'Dispatch' })).toBeNull();
  });
});
