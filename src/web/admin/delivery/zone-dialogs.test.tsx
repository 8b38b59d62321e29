import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDelivery, AdminDeliveryZone } from '../../../domain/api/admin-delivery.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { DeliveryPage } from './delivery-page.tsx';

const OPTION = {
  id: 'ni-standard',
  zone_id: 'northern-ireland',
  name: 'Standard delivery',
  description: '',
  price: 795,
  free_over: null,
  min_days: 2,
  max_days: 3,
  cutoff_hour: null,
  delivery_weekday: null,
  active: true,
  tax_rate_bp: 2000,
  retired_at: null,
  used: false,
};

const NI: AdminDeliveryZone = {
  id: 'northern-ireland',
  name: 'Northern Ireland',
  tax_exempt: false,
  countries: [],
  postcode_areas: ['BT'],
  other_rules: [],
  options: [OPTION],
};

const settings = (zones: AdminDeliveryZone[]): AdminDelivery => ({
  zones,
  closures: [],
  bank_holidays: [],
  dispatch_division: 'england-and-wales',
});

function renderPage() {
  return renderWithApp(
    <StaffContext.Provider value={{ email: 'a@b.c', name: 'A', role: 'manager' } as StaffView}>
      <DeliveryPage />
    </StaffContext.Provider>,
    { path: '/admin/delivery' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('adding and deleting delivery zones', () => {
  it('adds a zone: server field errors beside their fields, then the new zone listed', async () => {
    let zones = [NI];
    let answer: { status?: number; body: unknown } = {
      status: 409,
      body: {
        error_type: 'delivery_zone_exists',
        message: 'A delivery zone with that id already exists.',
        errors: { id: ['northern-ireland is already a delivery zone: please choose another id'] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'POST /api/v1/admin/delivery/zones': () => answer,
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a delivery zone' });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Channel Islands' },
    });
    fireEvent.change(within(dialog).getByLabelText('Id (optional)'), {
      target: { value: 'northern-ireland' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Outside UK VAT/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
    const idField = within(dialog).getByLabelText('Id (optional)');
    expect(await within(dialog).findByText(/is already a delivery zone/)).toBeDefined();
    expect(idField.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Please correct the fields marked below.')).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Channel Islands',
      id: 'northern-ireland',
      tax_exempt: true,
    });

    const added: AdminDeliveryZone = {
      ...NI,
      id: 'channel-islands',
      name: 'Channel Islands',
      tax_exempt: true,
      postcode_areas: [],
      options: [],
    };
    answer = { status: 201, body: { data: { zone: added } } };
    zones = [NI, added];
    fireEvent.change(idField, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
    expect(
      await screen.findByText('Channel Islands added: set where it covers with Edit coverage.'),
    ).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'Channel Islands',
      tax_exempt: true,
    });
    const region = await screen.findByRole('region', { name: 'Channel Islands' });
    expect(within(region).getByText(/nowhere/)).toBeDefined();
    expect(within(region).getByText('This zone has no options: nothing is delivered there.'));
  });

  it('warns before deleting a zone that still offers an option, and shows the server’s refusal', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings([NI]) } }),
      'DELETE /api/v1/admin/delivery/zones/northern-ireland': () => ({
        status: 409,
        body: {
          error_type: 'delivery_zone_in_use',
          message:
            'Shoppers are still offered Standard delivery in Northern Ireland. Close them first (untick Offered), then delete the zone.',
        },
      }),
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the zone Northern Ireland' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northern Ireland?' });
    expect(within(dialog).getByText(/Shoppers are still offered Standard delivery here/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete zone' }));
    expect(
      await within(dialog).findByText(/Shoppers are still offered Standard delivery in Northern/),
    ).toBeDefined();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a zone whose options are closed, with the reason, and it leaves the page', async () => {
    let zones: AdminDeliveryZone[] = [{ ...NI, options: [{ ...OPTION, active: false }] }];
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'DELETE /api/v1/admin/delivery/zones/northern-ireland': () => {
        zones = [];
        return { body: { data: { zone: { id: 'northern-ireland' } } } };
      },
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the zone Northern Ireland' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northern Ireland?' });
    expect(within(dialog).getByText(/next zone that matches them/)).toBeDefined();
    expect(within(dialog).getByText('Its closed options go with it: Standard delivery.'));
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, for the audit trail)'), {
      target: { value: 'New carrier & co' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete zone' }));
    expect(await screen.findByText('Northern Ireland deleted.')).toBeDefined();
    expect(calls.find((c) => c.method === 'DELETE')?.search).toBe(
      '?reason=New%20carrier%20%26%20co',
    );
    expect(await screen.findByText('No delivery zones yet.')).toBeDefined();
  });

  it('says a zone whose options orders used is kept, and shows the server’s refusal', async () => {
    const zones: AdminDeliveryZone[] = [
      { ...NI, options: [{ ...OPTION, active: false, used: true }] },
    ];
    mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'DELETE /api/v1/admin/delivery/zones/northern-ireland': () => ({
        status: 409,
        body: {
          error_type: 'delivery_zone_in_use',
          message:
            'Orders used Standard delivery in Northern Ireland, so the zone and its options are kept for them and the reports.',
        },
      }),
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the zone Northern Ireland' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northern Ireland?' });
    expect(
      within(dialog).getByText(/^Orders used Standard delivery, so the zone is kept for them/),
    ).toBeDefined();
    expect(within(dialog).queryByText(/next zone that matches them/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete zone' }));
    expect(
      await within(dialog).findByText(/^Orders used Standard delivery in Northern Ireland/),
    ).toBeDefined();
  });
});
