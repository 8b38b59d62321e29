import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetailView } from '../../../domain/api/admin-customers.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { CustomerPage } from './customer-page.tsx';
import { CustomersPage } from './customers-page.tsx';

const VIEW: CustomerDetailView = {
  customer: {
    id: 7,
    email_address: 'ada@example.com',
    title: 'Mrs',
    first_name: 'Ada',
    last_name: 'Lovelace',
    newsletter: true,
    created_at: '2026-11-01T10:00:00.000Z',
    disabled_at: null,
    erased_at: null,
    credit_balance: 500,
  },
  addresses: [],
  orders: [
    {
      order_number: 'EB-7K3Q9M2X',
      status: 'dispatched',
      created_at: '2026-11-02T10:00:00.000Z',
      total: 2599,
      on_account: true,
    },
  ],
  buds: {
    balance: 100,
    entries: [
      {
        id: 1,
        at: '2026-11-03T10:00:00.000Z',
        change: 100,
        reason: '<b>Sorry</b>',
        staff_name: 'Olive Owner',
      },
    ],
  },
  stock_alerts: [],
};

const staff = (role: StaffView['role']): StaffView => ({ email: 'a@b.c', name: 'A', role });

function renderPage(
  role: StaffView['role'],
  element = <CustomerPage />,
  path = '/admin/customers/7',
) {
  return renderWithApp(<div />, {
    path,
    routes: [
      {
        path: '/admin/customers/:id',
        element: <StaffContext.Provider value={staff(role)}>{element}</StaffContext.Provider>,
      },
      {
        path: '/admin/customers',
        element: <StaffContext.Provider value={staff(role)}>{element}</StaffContext.Provider>,
      },
    ],
  });
}

const credit = () => ({ body: { data: { customer_id: 7, balance: 500, entries: [] } } });

afterEach(() => vi.unstubAllGlobals());

describe('a customer’s page', () => {
  it('shows the customer, links their orders, and shows typed markup as text', async () => {
    mockApi({
      'GET /api/v1/admin/customers/7': () => ({ body: { data: VIEW } }),
      'GET /api/v1/admin/customers/7/credit': credit,
    });
    renderPage('support');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mrs Ada Lovelace' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'EB-7K3Q9M2X' }).getAttribute('href')).toBe(
      '/admin/orders/EB-7K3Q9M2X',
    );
    expect(screen.getByText('<b>Sorry</b> (Olive Owner)')).toBeDefined();
    // Support reads, but neither grants buds, disables nor erases.
    expect(screen.queryByRole('form', { name: 'Grant buds' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Disable the account' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Erase the customer' })).toBeNull();
  });

  it('grants buds with a reason and shows the new balance', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/customers/7': () => ({ body: { data: VIEW } }),
      'GET /api/v1/admin/customers/7/credit': credit,
      'POST /api/v1/admin/customers/7/buds': () => ({
        status: 201,
        body: { data: { balance: 250 } },
      }),
    });
    renderPage('manager');
    const form = await screen.findByRole('form', { name: 'Grant buds' });
    fireEvent.change(within(form).getByLabelText('Buds'), { target: { value: '150' } });
    fireEvent.change(within(form).getByLabelText('Reason for the buds'), {
      target: { value: 'Late delivery' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant buds' }));
    expect(await screen.findByText('Buds granted: the balance is now 250.')).toBeDefined();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      buds: 150,
      reason: 'Late delivery',
    });
  });

  it('shows the erasure’s refusal while an order is open', async () => {
    mockApi({
      'GET /api/v1/admin/customers/7': () => ({ body: { data: VIEW } }),
      'GET /api/v1/admin/customers/7/credit': credit,
      'POST /api/v1/admin/customers/7/erase': () => ({
        status: 409,
        body: {
          error_type: 'customer_has_open_orders',
          message: 'This customer has an order still to be paid for or sent.',
          errors: { orders: ['Order EB-7K3Q9M2X is still open'] },
        },
      }),
    });
    renderPage('manager');
    const form = await screen.findByRole('form', { name: 'Erase the customer' });
    fireEvent.change(within(form).getByLabelText(/Reason for erasing/), {
      target: { value: 'Request 42' },
    });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Erase personal data' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Order EB-7K3Q9M2X is still open'),
    );
  });
});

describe('the customers list', () => {
  it('searches and links each customer to their page; says when none match', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/customers': (_body, url) => ({
        body: {
          data: {
            customers: url.search.includes('q=')
              ? []
              : [
                  {
                    id: 7,
                    email_address: 'ada@example.com',
                    name: 'Mrs Ada Lovelace',
                    created_at: '2026-11-01T10:00:00.000Z',
                    disabled: false,
                    erased: false,
                  },
                ],
            next_cursor: null,
          },
        },
      }),
    });
    renderPage('support', <CustomersPage />, '/admin/customers');
    expect(
      (await screen.findByRole('link', { name: 'Mrs Ada Lovelace' })).getAttribute('href'),
    ).toBe('/admin/customers/7');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email, name or postcode' }), {
      target: { value: 'SW1A 2AA' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customers match “SW1A 2AA”.')).toBeDefined();
    expect(calls.at(-1)?.search).toBe('?q=SW1A+2AA');
  });
});
