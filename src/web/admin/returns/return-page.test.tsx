import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminReturnView } from '../../../domain/api/returns.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { ReturnPage } from './return-page.tsx';
import { ReturnsPage } from './returns-page.tsx';

const data = (body: unknown) => ({ body: { data: body } });
const BASE = '/api/v1/admin/returns/R-000123';

const fixture = (over: Partial<AdminReturnView> = {}): AdminReturnView => ({
  return_number: 'R-000123',
  status: 'requested',
  status_label: 'Awaiting the parcel',
  reason: 'It arrived damaged',
  refusal_reason: null,
  items: [{ order_item_id: 11, name: 'Olive tree', quantity: 1 }],
  created_at: '2026-11-25T10:00:00.000Z',
  received_at: null,
  closed_at: null,
  order_number: 'EB-7K3Q9M2X',
  email_address: 'ada@example.com',
  refund: null,
  ...over,
});

function renderPage(path: string, handlers: Record<string, ApiHandler>, role: StaffRole = 'owner') {
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
      <p>Elsewhere</p>
    </StaffContext.Provider>,
    {
      path,
      routes: [
        {
          path: '/admin/returns',
          element: (
            <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
              <ReturnsPage />
            </StaffContext.Provider>
          ),
        },
        {
          path: '/admin/returns/:returnNumber',
          element: (
            <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
              <ReturnPage />
            </StaffContext.Provider>
          ),
        },
      ],
    },
  );
  return { ...api, user };
}

describe('the return page', () => {
  it('marks a return received, then refunds it to the payment with restock', async () => {
    let current = fixture();
    const { user, calls } = renderPage('/admin/returns/R-000123', {
      [`GET ${BASE}`]: () => data({ return: current }),
      [`POST ${BASE}/receive`]: () => {
        current = fixture({
          status: 'received',
          status_label: 'Received',
          received_at: '2026-11-26T09:00:00.000Z',
        });
        return data({ return: current });
      },
      [`POST ${BASE}/refund`]: () => {
        current = fixture({
          status: 'refunded',
          status_label: 'Refunded',
          received_at: '2026-11-26T09:00:00.000Z',
          refund: { state: 'completed', credit_note_number: 'CN-000042', amount: 5_499 },
        });
        return data({ return: current });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Return R-000123' })).toBeVisible();
    expect(screen.getByText('It arrived damaged')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Refund return' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByRole('button', { name: 'Refund return' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Put the items back in stock' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Refund return' }));

    expect(await screen.findByText(/CN-000042/)).toBeVisible();
    expect(screen.getByText('£54.99', { exact: false })).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/refund'))?.body).toEqual({
      to: 'payment',
      restock: true,
    });
    expect(screen.queryByRole('button', { name: 'Refuse return' })).toBeNull();
  });

  it('asks for a reason before refusing, and shows the server’s refusal', async () => {
    const { user, calls } = renderPage('/admin/returns/R-000123', {
      [`GET ${BASE}`]: () => data({ return: fixture() }),
      [`POST ${BASE}/refuse`]: () => ({
        status: 409,
        body: {
          error_type: 'return_not_allowed',
          message: 'Return R-000123 is refunded: it cannot be refused.',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refuse return' }));
    expect(screen.getByText('Please say why')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Why is it refused/ }), 'Used');
    await user.click(screen.getByRole('button', { name: 'Refuse return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Return R-000123 is refunded: it cannot be refused.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Used' });
  });

  it('offers support only store credit', async () => {
    const received = fixture({ status: 'received', status_label: 'Received' });
    renderPage(
      '/admin/returns/R-000123',
      { [`GET ${BASE}`]: () => data({ return: received }) },
      'support',
    );
    expect(await screen.findByRole('radio', { name: 'The original payment' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Store credit' })).toBeChecked();
  });

  it('hides the refund from a dispatcher', async () => {
    const received = fixture({ status: 'received', status_label: 'Received' });
    renderPage(
      '/admin/returns/R-000123',
      { [`GET ${BASE}`]: () => data({ return: received }) },
      'dispatcher',
    );
    expect(await screen.findByRole('button', { name: 'Refuse return' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Refund return' })).toBeNull();
  });
});

describe('the returns list', () => {
  it('lists returns and filters them by status through the address', async () => {
    const { user, calls } = renderPage('/admin/returns', {
      'GET /api/v1/admin/returns': (_body, url) =>
        data({
          returns: url.searchParams.get('status') === 'refused' ? [] : [fixture()],
          next_cursor: null,
        }),
    });
    expect(await screen.findByRole('link', { name: 'R-000123' })).toHaveAttribute(
      'href',
      '/admin/returns/R-000123',
    );
    expect(screen.getByRole('link', { name: 'EB-7K3Q9M2X' })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refused');
    expect(await screen.findByText('No returns match.')).toBeVisible();
    expect(calls.at(-1)?.search).toBe('?status=refused');
    // The owner may change the rules: the link is there.
    expect(screen.getByRole('link', { name: 'Return rules and reasons' })).toHaveAttribute(
      'href',
      '/admin/returns/rules',
    );
  });

  it('says to start again from the first page when the page link is refused', async () => {
    renderPage('/admin/returns?cursor=abc', {
      'GET /api/v1/admin/returns': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors: { cursor: ['Please start again from the first page'] },
        },
      }),
    });
    expect(await screen.findByText('Please start again from the first page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute(
      'href',
      '/admin/returns',
    );
  });

  it('shows the rules link only to roles that may change them', async () => {
    renderPage(
      '/admin/returns',
      { 'GET /api/v1/admin/returns': () => data({ returns: [fixture()], next_cursor: null }) },
      'dispatcher',
    );
    expect(await screen.findByRole('link', { name: 'R-000123' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Return rules and reasons' })).toBeNull();
  });
});
