import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionView, VoucherView } from '../../../domain/api/admin-offers.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { OffersPage } from './offers-page.tsx';

const VOUCHER: VoucherView = {
  code: 'SPRING10',
  description: '<b>Spring</b> sale',
  kind: 'percentage',
  includes_delivery: false,
  value: 10,
  minimum_spend: 2000,
  starts_at: '2026-07-01T08:00:00.000Z',
  ends_at: null,
  max_uses: 100,
  max_uses_per_customer: 1,
  active: true,
  status: 'live',
  usage: { uses: 3, discount_given: 1234, takings: 45600 },
  created_at: '2026-06-01T08:00:00.000Z',
  updated_at: '2026-06-01T08:00:00.000Z',
};

const PROMOTION: PromotionView = {
  id: 1,
  name: 'Free gift over £100',
  kind: 'free_gift',
  threshold: 10000,
  gift_product_id: 7,
  gift_name: 'Mini Succulent',
  gift_sku: 'SUC-MINI',
  badge: 'Free gift',
  starts_at: null,
  ends_at: null,
  active: true,
  status: 'live',
};

const manager: StaffView = { email: 'a@b.c', name: 'A', role: 'manager' };

function renderPage() {
  return renderWithApp(
    <StaffContext.Provider value={manager}>
      <OffersPage />
    </StaffContext.Provider>,
    { path: '/admin/offers' },
  );
}

const lists = (vouchers: VoucherView[] = [VOUCHER]) => ({
  'GET /api/v1/admin/vouchers': () => ({ body: { data: { vouchers } } }),
  'GET /api/v1/admin/promotions': () => ({ body: { data: { promotions: [PROMOTION] } } }),
});

afterEach(() => vi.unstubAllGlobals());

describe('the offers page', () => {
  it('lists codes with their usage figures and times in UK time, and markup as text', async () => {
    mockApi(lists());
    renderPage();
    const row = (await screen.findByText('SPRING10')).closest('tr')!;
    expect(row.textContent).toContain('<b>Spring</b> sale');
    expect(row.textContent).toContain('10% off items');
    expect(row.textContent).toContain('£20.00');
    // 08:00 UTC on 1 July is 09:00 in London (BST).
    expect(row.textContent).toContain('1 Jul 2026, 09:00');
    expect(row.textContent).toContain('3 of 100');
    expect(row.textContent).toContain('£12.34');
    expect(row.textContent).toContain('£456.00');
    expect(row.textContent).toContain('Live');
    const promotion = (await screen.findByText('Mini Succulent (SUC-MINI)')).closest('tr')!;
    expect(promotion.textContent).toContain('£100.00');
  });

  it('says so when there are no codes, and shows a failed load', async () => {
    mockApi({
      'GET /api/v1/admin/vouchers': () => ({ body: { data: { vouchers: [] } } }),
      'GET /api/v1/admin/promotions': () => ({
        status: 500,
        body: { error_type: 'internal', message: 'Something went wrong.' },
      }),
    });
    renderPage();
    expect(await screen.findByText('No discount codes yet.')).toBeDefined();
    expect(await screen.findByText('Something went wrong.')).toBeDefined();
  });

  it('creates a code in UK time and shows the server’s field errors beside the form', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      ...lists(),
      'POST /api/v1/admin/vouchers': () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 422,
              body: {
                error_type: 'validation',
                message: 'Please check the details',
                errors: { ends_at: ['Please give an end after the start'] },
              },
            }
          : { status: 201, body: { data: { voucher: { ...VOUCHER, code: 'AUTUMN5' } } } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New discount code' }));
    const dialog = screen.getByRole('dialog', { name: 'New discount code' });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'autumn5' } });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'fixed' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount off/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), {
      target: { value: '2026-10-02T09:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), {
      target: { value: '2026-10-01T09:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Uses per customer/), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('Please give an end after the start')).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'AUTUMN5',
      kind: 'fixed',
      includes_delivery: false,
      value: 500,
      minimum_spend: 0,
      starts_at: '2026-10-02T09:00',
      ends_at: '2026-10-01T09:00',
      max_uses: null,
      max_uses_per_customer: 1,
    });
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), {
      target: { value: '2026-10-31T23:59' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('AUTUMN5 created.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ends a running code now', async () => {
    const { calls } = mockApi({
      ...lists(),
      'PATCH /api/v1/admin/vouchers/SPRING10': () => ({
        body: { data: { voucher: { ...VOUCHER, status: 'ended' } } },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit discount code SPRING10' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('SPRING10 ended.')).toBeDefined();
    const patch = calls.find((c) => c.method === 'PATCH');
    await waitFor(() => expect(patch?.body).toEqual({ ends_at: expect.any(String) }));
  });
});
