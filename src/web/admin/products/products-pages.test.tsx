import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct, AdminProductRow } from '../../../domain/api/admin-products.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { NewProductPage } from './new-product-page.tsx';
import { ProductEditPage } from './product-edit-page.tsx';
import { ProductsPage } from './products-page.tsx';

const CATEGORIES = {
  body: {
    data: {
      categories: [
        { id: 1, slug: 'trees', name: 'Trees', description: '', product_count: 3 },
        { id: 2, slug: 'house-plants', name: 'House plants', description: '', product_count: 5 },
      ],
    },
  },
};

const ROW: AdminProductRow = {
  id: 41,
  name: 'Velvet Fern',
  slug: 'velvet-fern',
  category: { slug: 'house-plants', name: 'House plants' },
  price: 2499,
  variations: 2,
  stock: 7,
  discontinued: false,
  preorder: false,
};

const PRODUCT: AdminProduct = {
  id: 41,
  name: 'Velvet Fern',
  slug: 'velvet-fern',
  url: '/products/velvet-fern',
  category: { slug: 'house-plants', name: 'House plants' },
  description: 'Soft.',
  old_slugs: ['fern-old'],
  variations: [
    {
      id: 42,
      sku: 'VF-60',
      price: 2499,
      tax: 'standard',
      options: { Size: '60cm' },
      stock: 7,
      preorder: false,
      restock_date: null,
      discontinued: false,
      is_bundle: false,
      components: [],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the products pages', () => {
  it('lists families with price in pounds and searches by what was typed', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/products': () => ({
        body: { data: { products: [ROW], next_cursor: null } },
      }),
      'GET /api/v1/categories': () => CATEGORIES,
    });
    renderWithApp(<ProductsPage />, { path: '/admin/products' });
    const row = (await screen.findByRole('link', { name: 'Velvet Fern' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Velvet Fern/products/velvet-fern', 'House plants', '£24.99', '2', '7', 'On sale']);
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe(
      '/admin/products/new',
    );
    fireEvent.change(screen.getByRole('searchbox', { name: /Search by name/ }), {
      target: { value: 'fern' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/admin/products').at(-1)?.search).toBe(
        '?q=fern',
      ),
    );
  });

  it('creates a product: pounds sent as pence, the slug made from the name, server errors beside fields', async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: {
        error_type: 'sku_exists',
        message: 'Another variation already uses that SKU.',
        errors: { 'variations.0.sku': ['Another variation already uses VF-60'] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/categories': () => CATEGORIES,
      'POST /api/v1/admin/products': () => reply,
    });
    const { router } = renderWithApp(<NewProductPage />, { path: '/admin/products/new' });
    await screen.findByRole('option', { name: 'House plants' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Velvet Fern' } });
    expect(screen.getByLabelText(/Web address/)).toHaveProperty('value', 'velvet-fern');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'house-plants' } });
    fireEvent.change(screen.getByLabelText(/Value/), { target: { value: '60cm' } });
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'VF-60' } });
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '24.99' } });
    fireEvent.change(screen.getByLabelText('Stock on hand'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Another variation already uses VF-60')).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Velvet Fern',
      slug: 'velvet-fern',
      category: 'house-plants',
      description: '',
      variations: [
        { sku: 'VF-60', price: 2499, stock: 7, tax: 'standard', options: { Size: '60cm' } },
      ],
    });
    reply = { status: 201, body: { data: { product: { id: 41, name: 'Velvet Fern' } } } };
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/41'));
  });

  it('refuses a price that is not an amount before sending anything', async () => {
    const { calls } = mockApi({ 'GET /api/v1/categories': () => CATEGORIES });
    renderWithApp(<NewProductPage />, { path: '/admin/products/new' });
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Please give a price, e.g. 24.99')).toBeDefined();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits a variation: price and stock sent, the saved notice shown', async () => {
    const { calls } = mockApi({
      'GET /api/v1/categories': () => CATEGORIES,
      'GET /api/v1/admin/products/41': () => ({ body: { data: { product: PRODUCT } } }),
      'PATCH /api/v1/admin/variations/42': () => ({ body: { data: { product: {} } } }),
    });
    renderWithApp(
      <Routes>
        <Route path="/admin/products/:id" element={<ProductEditPage />} />
      </Routes>,
      { path: '/admin/products/41' },
    );
    expect(await screen.findByRole('heading', { name: 'Velvet Fern', level: 1 })).toBeDefined();
    expect(
      screen.getByText(/old addresses that redirect here: \/products\/fern-old/),
    ).toBeDefined();
    const form = screen.getByRole('form', { name: 'VF-60 (Size: 60cm)' });
    fireEvent.change(within(form).getByLabelText(/Price/), { target: { value: '19.5' } });
    fireEvent.change(within(form).getByLabelText(/Stock on hand/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-60' }));
    expect(await within(form).findByText('VF-60 is saved.')).toBeDefined();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      sku: 'VF-60',
      price: 1950,
      tax: 'standard',
      preorder: false,
      restock_date: null,
      discontinued: false,
      stock: 3,
    });
  });

  it('imports a CSV: the dry run lists changes and problems by line, then Import sends it for real', async () => {
    const plan = {
      dry_run: true,
      changes: [
        { line: 2, sku: 'ZZ-60', action: 'update', fields: { price: [1999, 1234] } },
        { line: 3, sku: 'OLV-120', action: 'unchanged', fields: {} },
      ],
      errors: [],
      counts: { create: 0, update: 1, unchanged: 1 },
    };
    const { calls } = mockApi({
      'GET /api/v1/admin/products': () => ({ body: { data: { products: [], next_cursor: null } } }),
      'GET /api/v1/categories': () => CATEGORIES,
      'POST /api/v1/admin/products/import': (body) => ({
        body: { data: { ...plan, dry_run: (body as { dry_run: boolean }).dry_run } },
      }),
    });
    renderWithApp(<ProductsPage />, { path: '/admin/products' });
    const file = new File(['sku,price\r\nZZ-60,1234\r\n'], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } });
    expect(await screen.findByText('Line 2, ZZ-60 (changed): price 1999 → 1234')).toBeDefined();
    expect(screen.getByText(/0 to create, 1 to change, 1 unchanged; 0 problems/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 change' }));
    expect(await screen.findByText('Imported: 0 created, 1 changed.')).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { csv: 'sku,price\r\nZZ-60,1234\r\n', dry_run: true },
      { csv: 'sku,price\r\nZZ-60,1234\r\n', dry_run: false },
    ]);
  });
});
