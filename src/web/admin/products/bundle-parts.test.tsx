import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../../../domain/api/admin-products.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { ProductEditPage } from './product-edit-page.tsx';

const BUNDLE: AdminProduct = {
  id: 50,
  name: 'Fern pair',
  slug: 'fern-pair',
  url: '/products/fern-pair',
  category: { slug: 'house-plants', name: 'House plants' },
  description: 'Two ferns.',
  old_slugs: [],
  variations: [
    {
      id: 51,
      sku: 'VF-PAIR',
      price: 4500,
      tax: 'standard',
      options: {},
      stock: 0,
      preorder: false,
      restock_date: null,
      discontinued: false,
      is_bundle: true,
      components: [{ id: 42, sku: 'VF-60', name: 'Velvet Fern', quantity: 2 }],
    },
  ],
};

const CATEGORIES = { body: { data: { categories: [] } } };

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/admin/products/:id" element={<ProductEditPage />} />
    </Routes>,
    { path: '/admin/products/50' },
  );
}

describe('a bundle’s parts on the product page', () => {
  it('edits the parts and price: checks them first, sends SKUs and quantities, shows the server’s per-part errors', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check',
        errors: { 'components.1.sku': ['VF-TRIO is a bundle: choose its parts instead'] },
      },
    };
    const { calls } = mockApi({
      'GET /api/v1/categories': () => CATEGORIES,
      'GET /api/v1/admin/products/50': () => ({ body: { data: { product: BUNDLE } } }),
      'PATCH /api/v1/admin/variations/51': () => answer,
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'VF-PAIR' });
    const parts = within(form).getByRole('group', { name: 'Parts of VF-PAIR' });
    expect(within(parts).getByLabelText('Part 1 SKU')).toHaveProperty('value', 'VF-60');
    expect(within(parts).getByText('Velvet Fern')).toBeDefined();
    expect(within(parts).getByLabelText('Part 1 quantity')).toHaveProperty('value', '2');
    expect(within(form).queryByLabelText(/Stock on hand/)).toBeNull();

    // Unchanged parts are not sent.
    fireEvent.change(within(form).getByLabelText(/Price/), { target: { value: '49.00' } });
    answer = { body: { data: { product: {} } } };
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(await within(form).findByText('VF-PAIR is saved.')).toBeDefined();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).not.toHaveProperty('components');

    // A new part: blank SKU, a quantity of 100 and a duplicate are caught before sending.
    fireEvent.click(within(parts).getByRole('button', { name: 'Add a part' }));
    fireEvent.change(within(parts).getByLabelText('Part 2 quantity'), {
      target: { value: '100' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(await within(parts).findByText('Please give the part’s SKU')).toBeDefined();
    expect(within(parts).getByText('Please give a whole number from 1 to 99')).toBeDefined();
    expect(within(parts).getByLabelText('Part 2 quantity').getAttribute('aria-invalid')).toBe(
      'true',
    );
    fireEvent.change(within(parts).getByLabelText('Part 2 SKU'), { target: { value: 'vf-60' } });
    fireEvent.change(within(parts).getByLabelText('Part 2 quantity'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(await within(parts).findByText('This part is listed twice')).toBeDefined();
    const patches = () => calls.filter((c) => c.method === 'PATCH');
    expect(patches()).toHaveLength(1);

    // The server's refusal of a part shows beside that part.
    answer = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check',
        errors: { 'components.1.sku': ['VF-TRIO is a bundle: choose its parts instead'] },
      },
    };
    fireEvent.change(within(parts).getByLabelText('Part 2 SKU'), {
      target: { value: 'vf-trio' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(
      await within(parts).findByText('VF-TRIO is a bundle: choose its parts instead'),
    ).toBeDefined();
    expect(patches().at(-1)?.body).toMatchObject({
      price: 4900,
      components: [
        { sku: 'VF-60', quantity: 2 },
        { sku: 'VF-TRIO', quantity: 1 },
      ],
    });

    // Removing the first part and saving sends the rest; removing every part is refused.
    answer = { body: { data: { product: {} } } };
    fireEvent.click(within(parts).getByRole('button', { name: 'Remove part 1 (VF-60)' }));
    fireEvent.change(within(parts).getByLabelText('Part 1 SKU'), { target: { value: 'VF-90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(await within(form).findByText('VF-PAIR is saved.')).toBeDefined();
    expect(patches().at(-1)?.body).toMatchObject({ components: [{ sku: 'VF-90', quantity: 1 }] });
    fireEvent.click(within(parts).getByRole('button', { name: 'Remove part 1 (VF-90)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save VF-PAIR' }));
    expect(await within(parts).findByText('A bundle needs at least one part')).toBeDefined();
    expect(patches()).toHaveLength(3);
  });
});
