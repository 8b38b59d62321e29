import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardView } from '../../../domain/api/admin-audit.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { DashboardPage } from './dashboard-page.tsx';

const FIGURES: DashboardView = {
  today: { day: '2026-11-26', orders: 7, takings: 123456 },
  awaiting_dispatch: 4,
  preorders_in_stock: 2,
  pending_refunds: 1,
  low_stock: 3,
  low_stock_threshold: 5,
};

const staff = (role: StaffView['role']): StaffView => ({
  email: `${role}@staff.test`,
  name: 'Sam',
  role,
});

const renderAs = (role: StaffView['role']) =>
  renderWithApp(
    <StaffContext.Provider value={staff(role)}>
      <DashboardPage />
    </StaffContext.Provider>,
    { path: '/admin' },
  );

const tile = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe('the dashboard', () => {
  it('shows the figures, takings in pounds, each linking to its list', async () => {
    mockApi({ 'GET /api/v1/admin/dashboard': () => ({ body: { data: FIGURES } }) });
    renderAs('owner');
    expect(await screen.findByText('26/11/2026', { exact: false })).toBeInTheDocument();
    expect(within(tile('Today’s orders')).getByText('7')).toBeInTheDocument();
    expect(within(tile('Today’s orders')).getByText('£1,234.56 taken today')).toBeInTheDocument();
    expect(within(tile('Awaiting dispatch')).getByText('4')).toBeInTheDocument();
    expect(within(tile('Pre-orders now in stock')).getByText('2')).toBeInTheDocument();
    expect(within(tile('Refunds pending')).getByText('1')).toBeInTheDocument();
    expect(
      within(tile('Refunds pending')).getByText(/waiting for the payment provider/i),
    ).toBeInTheDocument();
    expect(within(tile('Low stock')).getByText('3')).toBeInTheDocument();
    expect(within(tile('Low stock')).getByText(/5 units or fewer/)).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/orders',
      '/admin/orders?filter=awaiting_dispatch',
      '/admin/orders?filter=preorders_in_stock',
      '/admin/orders?filter=pending_refunds',
      '/admin/stock?low=true',
    ]);
    expect(screen.getByRole('link', { name: /see low stock: low stock/i })).toBeInTheDocument();
  });

  it('links only to the lists the role may read', async () => {
    mockApi({ 'GET /api/v1/admin/dashboard': () => ({ body: { data: FIGURES } }) });
    renderAs('support');
    expect(await within(await screen.findByRole('list')).findByText('3')).toBeInTheDocument();
    expect(within(tile('Low stock')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(tile('Awaiting dispatch')).getByRole('link')).toBeInTheDocument();
  });

  it('says when the figures could not be read, and Refresh reads them again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/admin/dashboard': () =>
        ++calls === 1
          ? {
              status: 500,
              body: { error_type: 'internal_error', message: 'Something went wrong.' },
            }
          : { body: { data: { ...FIGURES, awaiting_dispatch: 9 } } },
    });
    renderAs('dispatcher');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(within(tile('Awaiting dispatch')).getByText('9')).toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
