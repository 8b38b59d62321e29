import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockRowView } from '../../../domain/api/admin-stock.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { StockPage } from './stock-page.tsx';

const ROW: StockRowView = {
  id: 12,
  sku: 'ZZ-60',
  name: 'Artificial ZZ Plant',
  on_hand: 4,
  held: 1,
  preordered: 0,
  available: 4,
  low: true,
  discontinued: false,
  is_preorder: false,
  restock_date: null,
};

const staff = (role: StaffView['role']): StaffView => ({ email: 'a@b.c', name: 'A', role });

function renderPage(role: StaffView['role']) {
  return renderWithApp(
    <StaffContext.Provider value={staff(role)}>
      <StockPage />
    </StaffContext.Provider>,
    { path: '/admin/stock' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the stock page', () => {
  it('shows each variation’s figures and offers Adjust only to staff who may adjust', async () => {
    mockApi({
      'GET /api/v1/admin/stock': () => ({
        body: { data: { variations: [ROW], next_cursor: null } },
      }),
    });
    renderPage('support');
    const row = (await screen.findByRole('link', { name: 'ZZ-60' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ZZ-60', 'Artificial ZZ Plant', '4', '1', '0', '4Low']);
    expect(screen.queryByRole('button', { name: 'Adjust ZZ-60' })).toBeNull();
    expect(await screen.findByText('1 variation shown')).toBeDefined();
  });

  it('asks for low stock only and searches by what was typed', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/stock': () => ({ body: { data: { variations: [], next_cursor: null } } }),
    });
    renderPage('manager');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by SKU or name' }), {
      target: { value: 'fern' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?q=fern&low=true'));
    expect(await screen.findByText('No variations match.')).toBeDefined();
  });

  it('counts with the level the dialog showed, and shows the server’s refusal beside the form', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/stock': () => ({
        body: { data: { variations: [ROW], next_cursor: null } },
      }),
      'POST /api/v1/admin/stock/12/adjustments': () => ({
        status: 409,
        body: {
          error_type: 'stock_changed',
          message:
            'The stock level changed since you opened this form. Check the new level and try again.',
        },
      }),
    });
    renderPage('dispatcher');
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust ZZ-60' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust stock: ZZ-60' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Count' }));
    fireEvent.change(within(dialog).getByLabelText(/Counted level/), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save count' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The stock level changed since you opened this form. Check the new level and try again.',
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { counted: 9, expected: 4, note: '' },
    });
  });

  it('sends a change with its reason and says what the level is now', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/stock': () => ({
        body: { data: { variations: [ROW], next_cursor: null } },
      }),
      'POST /api/v1/admin/stock/12/adjustments': () => ({
        status: 201,
        body: { data: { variation: { ...ROW, on_hand: 2, available: 2 } } },
      }),
    });
    renderPage('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust ZZ-60' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Change' }), {
      target: { value: '-2' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'damaged' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await screen.findByText('ZZ-60: on hand is now 2.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      change: -2,
      reason: 'damaged',
      note: '',
    });
  });
});
