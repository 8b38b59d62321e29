import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  PromotionView,
  VoucherDetail,
  VoucherView,
} from '../../../domain/api/admin-offers.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { OffersPage } from './offers-page.tsx';
import { VoucherPage } from './voucher-page.tsx';

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
  max_uses_per_customer: 2,
  active: true,
  status: 'live',
  usage: { uses: 3, discount_given: 1234, takings: 45600 },
  created_at: '2026-06-01T08:00:00.000Z',
  updated_at: '2026-06-01T08:00:00.000Z',
};

const DETAIL: VoucherDetail = {
  voucher: VOUCHER,
  orders: [
    {
      order_number: 'EB-AAAA1111',
      placed_at: '2026-07-02T10:30:00.000Z',
      status: 'paid',
      discount: 500,
      total: 4500,
    },
    {
      order_number: 'EB-BBBB2222',
      placed_at: '2026-07-01T09:00:00.000Z',
      status: 'dispatched',
      discount: 734,
      total: 6600,
    },
  ],
  customers: [
    { user_id: null, email_address: 'ann@example.com', uses: 2 },
    { user_id: 42, email_address: 'bob@example.com', uses: 1 },
  ],
  customer_count: 2,
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

function renderAt(path: string) {
  return renderWithApp(<div />, {
    path,
    routes: [
      {
        path: '/admin/offers/codes/:code',
        element: (
          <StaffContext.Provider value={manager}>
            <VoucherPage />
          </StaffContext.Provider>
        ),
      },
      {
        path: '/admin/offers',
        element: (
          <StaffContext.Provider value={manager}>
            <OffersPage />
          </StaffContext.Provider>
        ),
      },
      { path: '/admin/orders/:orderNumber', element: <h1>Order page</h1> },
      { path: '/admin/customers/:id', element: <h1>Customer page</h1> },
    ],
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a discount code’s page', () => {
  it('is reached from the list, and shows settings, figures, uses per customer and orders', async () => {
    mockApi({
      'GET /api/v1/admin/vouchers': () => ({ body: { data: { vouchers: [VOUCHER] } } }),
      'GET /api/v1/admin/promotions': () => ({ body: { data: { promotions: [PROMOTION] } } }),
      'GET /api/v1/admin/vouchers/SPRING10': () => ({ body: { data: DETAIL } }),
    });
    const { router } = renderAt('/admin/offers');
    fireEvent.click(await screen.findByRole('link', { name: /^SPRING10: settings, uses/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Discount code SPRING10/ }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/offers/codes/SPRING10');

    const valueOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(valueOf('Minimum spend on items')).toBe('£20.00');
    expect(valueOf('Uses per customer')).toBe('2');
    expect(valueOf('Ends (UK time)')).toBe('No end');
    expect(valueOf('Customers')).toBe('2');
    const text = document.body.textContent ?? '';
    expect(text).toContain('10% off items');
    expect(screen.getByText('<b>Spring</b> sale')).toBeDefined();
    expect(text).toContain('£20.00');
    expect(text).toContain('1 Jul 2026, 09:00');
    expect(text).toContain('£12.34');
    expect(text).toContain('£456.00');

    const customers = screen.getByRole('table', { name: 'Who used it' });
    const rows = within(customers).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'ann@example.com (guest)2 of 2',
      'bob@example.com1 of 2',
    ]);
    expect(
      within(customers).getByRole('link', { name: 'bob@example.com' }).getAttribute('href'),
    ).toBe('/admin/customers/42');

    const orders = screen.getByRole('table', { name: 'Orders that used it' });
    const first = within(orders).getByRole('link', { name: 'EB-AAAA1111' });
    expect(first.getAttribute('href')).toBe('/admin/orders/EB-AAAA1111');
    expect(within(orders).getByText('Dispatched')).toBeDefined();
    expect(within(orders).getByText('£7.34')).toBeDefined();
    fireEvent.click(first);
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeDefined();
  });

  it('says so when nobody used it yet, and when no code has that name', async () => {
    mockApi({
      'GET /api/v1/admin/vouchers/NEWCODE': () => ({
        body: {
          data: {
            voucher: {
              ...VOUCHER,
              code: 'NEWCODE',
              usage: { uses: 0, discount_given: 0, takings: 0 },
            },
            orders: [],
            customers: [],
            customer_count: 0,
          },
        },
      }),
      'GET /api/v1/admin/vouchers/NOSUCH': () => ({
        status: 404,
        body: { error_type: 'not_found', message: 'No discount code has that name.' },
      }),
    });
    renderAt('/admin/offers/codes/newcode');
    expect(await screen.findByText('Nobody has used this code yet.')).toBeDefined();
    expect(screen.getByText('No orders have used this code yet.')).toBeDefined();

    renderAt('/admin/offers/codes/NOSUCH');
    expect(await screen.findByText('No discount code has that name.')).toBeDefined();
  });

  it('ends the code now and edits it, showing the server’s field errors in the dialog', async () => {
    let current = VOUCHER;
    let patchAnswer: (body: unknown) => { status?: number; body: unknown } = () => {
      current = { ...VOUCHER, status: 'ended', ends_at: new Date().toISOString() };
      return { body: { data: { voucher: current } } };
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/vouchers/SPRING10': () => ({
        body: { data: { ...DETAIL, voucher: current } },
      }),
      'PATCH /api/v1/admin/vouchers/SPRING10': (body) => patchAnswer(body),
    });
    renderAt('/admin/offers/codes/SPRING10');
    fireEvent.click(await screen.findByRole('button', { name: 'End now' }));
    expect(await screen.findByText('SPRING10 ended.')).toBeDefined();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      ends_at: expect.any(String),
    });
    expect(await screen.findByText('Ended')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End now' })).toBeNull());

    patchAnswer = () => ({
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check',
        errors: { value: ['Please give a percentage from 1 to 100'] },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit discount code SPRING10' });
    fireEvent.change(within(dialog).getByLabelText('Percentage off'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Please give a percentage from 1 to 100')).toBeDefined();
    expect(within(dialog).getByText('Please correct the fields marked below.')).toBeDefined();
  });
});

describe('the free-gift promotion’s gift', () => {
  it('is chosen by SKU: only a changed gift is sent, and the server’s refusal shows beside it', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check',
        errors: { gift_sku: ['No variation has the SKU NOPE'] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/vouchers': () => ({ body: { data: { vouchers: [] } } }),
      'GET /api/v1/admin/promotions': () => ({ body: { data: { promotions: [PROMOTION] } } }),
      'PATCH /api/v1/admin/promotions/1': () => answer,
    });
    renderAt('/admin/offers');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Free gift over £100' }));
    const dialog = await screen.findByRole('dialog');
    const gift = within(dialog).getByLabelText('Gift (SKU of the variation given)');
    expect((gift as HTMLInputElement).value).toBe('SUC-MINI');
    expect(gift.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/Now: Mini Succulent \(SUC-MINI\)/)).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).not.toHaveProperty('gift_sku');

    fireEvent.change(gift, { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    expect(await within(dialog).findByText('No variation has the SKU NOPE')).toBeDefined();
    expect(gift.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({
      gift_sku: 'NOPE',
    });

    answer = {
      body: {
        data: {
          promotion: { ...PROMOTION, gift_product_id: 9, gift_sku: 'FERN-BOS', gift_name: 'Fern' },
        },
      },
    };
    fireEvent.change(gift, { target: { value: 'fern-bos' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    expect(await screen.findByText('Free gift over £100 saved.')).toBeDefined();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({
      gift_sku: 'FERN-BOS',
    });
  });

  it('finds the gift by product name: a product, then one of its variations on sale', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/vouchers': () => ({ body: { data: { vouchers: [] } } }),
      'GET /api/v1/admin/promotions': () => ({ body: { data: { promotions: [PROMOTION] } } }),
      'GET /api/v1/admin/products': (_body, url) => ({
        body: {
          data: {
            products:
              url.searchParams.get('q') === 'fern'
                ? [
                    {
                      id: 41,
                      name: 'Boston Fern',
                      slug: 'boston-fern',
                      category: { slug: 'house-plants', name: 'House plants' },
                      price: 1999,
                      variations: 3,
                      stock: 5,
                      discontinued: false,
                      preorder: false,
                    },
                  ]
                : [],
            next_cursor: null,
          },
        },
      }),
      'GET /api/v1/admin/products/41': () => ({
        body: {
          data: {
            product: {
              id: 41,
              name: 'Boston Fern',
              slug: 'boston-fern',
              url: '/products/boston-fern',
              category: { slug: 'house-plants', name: 'House plants' },
              description: '',
              old_slugs: [],
              variations: [
                {
                  sku: 'FERN-30',
                  options: { Size: '30cm' },
                  is_bundle: false,
                  discontinued: false,
                },
                {
                  sku: 'FERN-OLD',
                  options: { Size: '90cm' },
                  is_bundle: false,
                  discontinued: true,
                },
                { sku: 'FERN-PAIR', options: {}, is_bundle: true, discontinued: false },
              ].map((v, i) => ({
                id: 50 + i,
                price: 1999,
                tax: 'standard',
                stock: 3,
                preorder: false,
                restock_date: null,
                components: [],
                ...v,
              })),
            },
          },
        },
      }),
    });
    renderAt('/admin/offers');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Free gift over £100' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Find the gift by product name'), {
      target: { value: 'zz' },
    });
    expect(await within(dialog).findByText('No products match “zz”.')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Find the gift by product name'), {
      target: { value: 'fern' },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Boston Fern' }));
    const variations = await within(dialog).findByRole('list', {
      name: 'Variations of Boston Fern',
    });
    expect(
      within(variations)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Choose FERN-30 (30cm)']);
    fireEvent.click(within(variations).getByRole('button', { name: 'Choose FERN-30 (30cm)' }));
    expect(within(dialog).getByLabelText('Gift (SKU of the variation given)')).toHaveProperty(
      'value',
      'FERN-30',
    );
    expect(calls.find((c) => c.path === '/api/v1/admin/products')?.search).toContain('status=live');
  });
});
