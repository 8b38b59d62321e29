import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDelivery } from '../../../domain/api/admin-delivery.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { DeliveryPage } from './delivery-page.tsx';

const SETTINGS: AdminDelivery = {
  zones: [
    {
      id: 'uk-mainland',
      name: 'UK mainland',
      tax_exempt: false,
      countries: ['GBR'],
      postcode_areas: [],
      other_rules: [],
      options: [
        {
          id: 'uk-next-day',
          zone_id: 'uk-mainland',
          name: 'Next working day',
          description: '<b>Order by 2pm</b>',
          price: 795,
          free_over: null,
          min_days: 1,
          max_days: 1,
          cutoff_hour: 14,
          delivery_weekday: null,
          active: true,
          tax_rate_bp: 2000,
          retired_at: null,
          used: true,
        },
      ],
    },
  ],
  closures: [{ id: 3, starts_on: '2026-12-24', ends_on: '2027-01-02', reason: 'Christmas' }],
  bank_holidays: [
    { division: 'england-and-wales', date: '2026-12-25', title: 'Christmas Day' },
    { division: 'scotland', date: '2026-11-30', title: 'St Andrew’s Day' },
  ],
  dispatch_division: 'england-and-wales',
};

function renderPage() {
  return renderWithApp(
    <StaffContext.Provider value={{ email: 'a@b.c', name: 'A', role: 'manager' } as StaffView}>
      <DeliveryPage />
    </StaffContext.Provider>,
    { path: '/admin/delivery' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the delivery page', () => {
  it('shows each zone’s coverage and options, markup as text, closures and bank holidays', async () => {
    mockApi({ 'GET /api/v1/admin/delivery': () => ({ body: { data: SETTINGS } }) });
    renderPage();
    const zone = await screen.findByRole('region', { name: 'UK mainland' });
    expect(within(zone).getByText(/countries GBR/)).toBeDefined();
    const row = within(zone).getByText('Next working day').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['£7.95', '—', '14:00', '1 working day', 'Yes']);
    expect(within(row).getByText('<b>Order by 2pm</b>')).toBeDefined();
    expect(screen.getByText(/Christmas$/)).toBeDefined();
    expect(screen.getByText(/Christmas Day/)).toBeDefined();
  });

  it('sends only the changed fields, in pence, and shows the server’s field errors', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check',
        errors: { price: ['The price cannot be negative'] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/delivery': () => ({ body: { data: SETTINGS } }),
      'PATCH /api/v1/admin/delivery/options/uk-next-day': () => answer,
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit Next working day (UK mainland)' }),
    );
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Price (£, VAT included)');
    fireEvent.change(price, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save option' }));
    expect(
      await within(dialog).findByText('Please give an amount in pounds, e.g. 7.95'),
    ).toBeDefined();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.change(price, { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save option' }));
    expect(await within(dialog).findByText('The price cannot be negative')).toBeDefined();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ price: -100 });

    answer = { body: { data: { option: { ...SETTINGS.zones[0]!.options[0]!, price: 895 } } } };
    fireEvent.change(price, { target: { value: '8.95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save option' }));
    expect(await screen.findByText('Next working day saved: £8.95.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ price: 895 });
  });
});
