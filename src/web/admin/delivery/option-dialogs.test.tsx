import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminDelivery,
  AdminDeliveryOption,
  AdminDeliveryZone,
} from '../../../domain/api/admin-delivery.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { DeliveryPage } from './delivery-page.tsx';

const STANDARD: AdminDeliveryOption = {
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
  used: true,
};

const zoneWith = (options: AdminDeliveryOption[]): AdminDeliveryZone => ({
  id: 'northern-ireland',
  name: 'Northern Ireland',
  tax_exempt: false,
  countries: [],
  postcode_areas: ['BT'],
  other_rules: [],
  options,
});

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

describe('adding delivery options', () => {
  it('checks amounts before sending, shows the server’s field errors, then lists the new option', async () => {
    const saturday: AdminDeliveryOption = {
      ...STANDARD,
      id: 'ni-saturday',
      name: 'Saturday delivery',
      price: 1295,
      min_days: 1,
      max_days: 4,
      delivery_weekday: 6,
      tax_rate_bp: 500,
      used: false,
    };
    let zones = [zoneWith([STANDARD])];
    let answer: { status?: number; body: unknown } = {
      status: 409,
      body: {
        error_type: 'delivery_option_exists',
        message: 'A delivery option with that id already exists.',
        errors: { id: ["ni-standard is already a delivery option's id: please choose another id"] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'POST /api/v1/admin/delivery/options': () => answer,
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add a delivery option to Northern Ireland' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Add a delivery option to Northern Ireland',
    });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Name', 'Saturday delivery');
    fill('Price (£, VAT included)', 'twelve');
    fill('Fewest working days', '1');
    fill('Most working days', '4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    expect(
      await within(dialog).findByText('Please give an amount in pounds, e.g. 7.95'),
    ).toBeDefined();
    expect(
      within(dialog).getByLabelText('Price (£, VAT included)').getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill('Price (£, VAT included)', '12.95');
    fill('Id (optional)', 'ni-standard');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'VAT rate' }), {
      target: { value: '500' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Delivered on' }), {
      target: { value: '6' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    expect(
      await within(dialog).findByText(/ni-standard is already a delivery option/),
    ).toBeDefined();
    expect(within(dialog).getByLabelText('Id (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(within(dialog).getByText('Please correct the fields marked below.')).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      zone_id: 'northern-ireland',
      id: 'ni-standard',
      name: 'Saturday delivery',
      description: '',
      price: 1295,
      free_over: null,
      cutoff_hour: null,
      min_days: 1,
      max_days: 4,
      delivery_weekday: 6,
      tax_rate_bp: 500,
      active: true,
    });

    answer = { status: 201, body: { data: { option: saturday } } };
    zones = [zoneWith([STANDARD, saturday])];
    fill('Id (optional)', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    expect(
      await screen.findByText('Saturday delivery added to Northern Ireland: £12.95.'),
    ).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).not.toHaveProperty('id');
    const region = screen.getByRole('region', { name: 'Northern Ireland' });
    expect(
      await within(region).findByRole('button', {
        name: 'Edit Saturday delivery (Northern Ireland)',
      }),
    ).toBeDefined();
  });
});

describe('removing and bringing back delivery options', () => {
  it('retires an option orders used (no delete offered), and shows the server’s refusal', async () => {
    let zones = [zoneWith([STANDARD])];
    let answer: { status?: number; body: unknown } = {
      status: 409,
      body: {
        error_type: 'delivery_option_last_in_zone',
        message:
          'Standard delivery is the last delivery option shoppers in Northern Ireland can choose: without it they could not order.',
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'POST /api/v1/admin/delivery/options/ni-standard/retire': () => answer,
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Standard delivery (Northern Ireland)' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove Standard delivery (Northern Ireland)?',
    });
    expect(within(dialog).getByText(/Orders used this option, so it is retired/)).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Delete option' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, for the audit trail)'), {
      target: { value: 'Carrier gone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire option' }));
    expect(await within(dialog).findByText(/is the last delivery option shoppers/)).toBeDefined();

    const retired = { ...STANDARD, active: false, retired_at: '2026-11-26T17:00:00.000Z' };
    answer = { body: { data: { option: retired } } };
    zones = [zoneWith([retired])];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire option' }));
    expect(
      await screen.findByText('Standard delivery retired: shoppers are no longer offered it.'),
    ).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Carrier gone' },
      { reason: 'Carrier gone' },
    ]);
    // Listed apart, with its rate, to bring back.
    const list = await screen.findByRole('list', { name: 'Retired options of Northern Ireland' });
    expect(within(list).getByText(/Standard delivery \(£7\.95, VAT 20%\)/)).toBeDefined();
    expect(screen.getByText('This zone has no options: nothing is delivered there.')).toBeDefined();
  });

  it('deletes an option no order used, with the reason', async () => {
    const unused = { ...STANDARD, id: 'ni-pigeon', name: 'Pigeon', used: false };
    let zones = [zoneWith([STANDARD, unused])];
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'DELETE /api/v1/admin/delivery/options/ni-pigeon': () => {
        zones = [zoneWith([STANDARD])];
        return { body: { data: { option: { id: 'ni-pigeon' } } } };
      },
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Pigeon (Northern Ireland)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Pigeon (Northern Ireland)?' });
    expect(within(dialog).getByText(/No order has used this option/)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Retire instead' })).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, for the audit trail)'), {
      target: { value: 'Typo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete option' }));
    expect(await screen.findByText('Pigeon deleted.')).toBeDefined();
    expect(calls.find((c) => c.method === 'DELETE')?.search).toBe('?reason=Typo');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Pigeon (Northern Ireland)' })).toBeNull(),
    );
  });

  it('brings a retired option back, closed', async () => {
    const retired = { ...STANDARD, active: false, retired_at: '2026-11-26T17:00:00.000Z' };
    const open = { ...STANDARD, id: 'ni-express', name: 'Express', used: false };
    let zones = [zoneWith([open, retired])];
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: settings(zones) } }),
      'POST /api/v1/admin/delivery/options/ni-standard/restore': () => {
        const back = { ...retired, retired_at: null };
        zones = [zoneWith([open, back])];
        return { body: { data: { option: back } } };
      },
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Bring back Standard delivery (Northern Ireland)',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Bring back Standard delivery (Northern Ireland)?',
    });
    expect(within(dialog).getByText(/It comes back closed/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bring back' }));
    expect(
      await screen.findByText(
        'Standard delivery is back, closed: check it, then tick Offered to offer it again.',
      ),
    ).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
    const region = screen.getByRole('region', { name: 'Northern Ireland' });
    await waitFor(() =>
      expect(within(region).queryByRole('list', { name: /Retired options/ })).toBeNull(),
    );
    const row = within(region)
      .getByRole('button', { name: 'Edit Standard delivery (Northern Ireland)' })
      .closest('tr');
    expect(row && within(row).getByText('Closed')).toBeTruthy();
  });
});
