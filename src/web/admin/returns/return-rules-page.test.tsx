import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnRulesView } from '../../../domain/api/returns.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { ReturnRulesPage } from './return-rules-page.tsx';

const RULES: ReturnRulesView = {
  window_days: 14,
  send_back_days: 14,
  refund_days: 14,
  address: ['Everbloom Returns', 'Bristol BS1 4AA'],
  reasons: [
    { code: 'changed_mind', label: 'I changed my mind', position: 1, active: true, returns: 3 },
    { code: 'damaged', label: '<b>It arrived damaged</b>', position: 2, active: true, returns: 0 },
    { code: 'other', label: 'Another reason', position: 3, active: false, returns: 1 },
  ],
};

function renderPage(handlers: Record<string, ApiHandler>) {
  const api = mockApi({
    'GET /api/v1/admin/returns/rules': () => ({ body: { data: RULES } }),
    ...handlers,
  });
  renderWithApp(
    <StaffContext.Provider value={{ email: 'a@b.c', name: 'A', role: 'manager' } as StaffView}>
      <ReturnRulesPage />
    </StaffContext.Provider>,
    { path: '/admin/returns/rules' },
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('the return rules and reasons page', () => {
  it('says it is loading, then shows the rules and the reasons in order, markup as text', async () => {
    renderPage({});
    expect(screen.getByText('Loading the return rules…')).toBeDefined();
    const form = await screen.findByRole('form', { name: 'Return rules' });
    expect(within(form).getByLabelText(/Days to start a return/)).toHaveProperty('value', '14');
    expect(within(form).getByLabelText(/Returns address/)).toHaveProperty(
      'value',
      'Everbloom Returns\nBristol BS1 4AA',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'I changed my mind',
      '<b>It arrived damaged</b>',
      'Another reason',
    ]);
    expect(within(rows[2]!).getByText('Retired')).toBeDefined();
    expect(
      (screen.getByRole('button', { name: 'Move I changed my mind up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Bring back Another reason' })).toBeDefined();
  });

  it('saves the rules and shows the server’s message beside a refused field', async () => {
    let reply: { status?: number; body: unknown } = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'There is a problem submitting the form, please check the notice(s) below.',
        errors: {
          window_days: [
            'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
          ],
        },
      },
    };
    const { calls } = renderPage({ 'PATCH /api/v1/admin/returns/rules': () => reply });
    const form = await screen.findByRole('form', { name: 'Return rules' });
    const window = within(form).getByLabelText(/Days to start a return/);
    fireEvent.change(window, { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(
      await within(form).findByText(
        'Please give a whole number of days from 14 to 365 (the law gives at least 14)',
      ),
    ).toBeDefined();
    expect(window.getAttribute('aria-invalid')).toBe('true');

    reply = { body: { data: { ...RULES, window_days: 30 } } };
    fireEvent.change(window, { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText(/Returns address/), {
      target: { value: 'Everbloom Returns\nUnit 9\nBristol' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(
      await screen.findByText(
        'Return rules saved: 30 days to start a return, 14 to send it back, refunds within 14.',
      ),
    ).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      window_days: 30,
      send_back_days: 14,
      refund_days: 14,
      address: ['Everbloom Returns', 'Unit 9', 'Bristol'],
    });
  });

  it('moves, retires, renames and adds reasons', async () => {
    const moved = { ...RULES, reasons: [RULES.reasons[1]!, RULES.reasons[0]!, RULES.reasons[2]!] };
    const { calls } = renderPage({
      'PUT /api/v1/admin/returns/reasons/order': () => ({ body: { data: moved } }),
      'PATCH /api/v1/admin/returns/reasons/changed_mind': (body) => ({
        body: {
          data: {
            ...moved,
            reasons: moved.reasons.map((r) =>
              r.code === 'changed_mind' ? { ...r, ...(body as object) } : r,
            ),
          },
        },
      }),
      'POST /api/v1/admin/returns/reasons': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors: { label: ['Another reason already reads like this'] },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move I changed my mind down' }));
    expect(await screen.findByText('“I changed my mind” moved down: now 2 of 3.')).toBeDefined();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      codes: ['damaged', 'changed_mind', 'other'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Retire I changed my mind' }));
    expect(
      await screen.findByText(
        '“I changed my mind” retired: customers no longer see it; returns that chose it keep it.',
      ),
    ).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ active: false });

    fireEvent.click(screen.getByRole('button', { name: 'Rename I changed my mind' }));
    const rename = screen.getByRole('form', { name: 'Rename I changed my mind' });
    const wording = within(rename).getByLabelText('New wording for “I changed my mind”');
    await waitFor(() => expect(document.activeElement).toBe(wording));
    fireEvent.change(wording, { target: { value: 'I no longer want it' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Reason renamed: “I no longer want it”. Returns made before keep their wording.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('cell', { name: 'I no longer want it' })).toBeDefined();

    const add = screen.getByRole('form', { name: 'Add a reason' });
    fireEvent.change(within(add).getByLabelText(/New reason/), {
      target: { value: 'Another reason' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add reason' }));
    expect(await within(add).findByText('Another reason already reads like this')).toBeDefined();
  });

  it('says when the rules cannot be read', async () => {
    renderPage({
      'GET /api/v1/admin/returns/rules': () => ({
        status: 403,
        body: {
          error_type: 'unauthorized',
          message: 'You do not have permission to perform that action.',
        },
      }),
    });
    expect(
      await screen.findByText('You do not have permission to perform that action.'),
    ).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Return rules' })).toBeNull();
  });
});
