import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffAccount } from '../../../domain/api/admin-staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { StaffPage } from './staff-page.tsx';

const account = (fields: Partial<StaffAccount>): StaffAccount => ({
  id: 1,
  email: 'owner@everbloom.test',
  name: 'Olive Owner',
  role: 'owner',
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  setup_expires_at: null,
  ...fields,
});
const OLIVE = account({});
const DAN = account({
  id: 2,
  email: 'dispatch@everbloom.test',
  name: 'Dan Dispatcher',
  role: 'dispatcher',
});
const URL = 'https://shop.example/admin/setup/abcdefghijabcdefghijabcdefghijabcdefghijabc';

function renderPage() {
  return renderWithApp(
    <StaffContext.Provider value={{ email: OLIVE.email, name: OLIVE.name, role: 'owner' }}>
      <StaffPage />
    </StaffContext.Provider>,
    { path: '/admin/staff' },
  );
}

describe('StaffPage', () => {
  it('lists the accounts; the owner cannot change their own role or disable themself', async () => {
    mockApi({ 'GET /api/v1/admin/staff': () => ({ body: { data: { staff: [OLIVE, DAN] } } }) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    const [, mine, dans] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(mine!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(mine!).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(within(dans!).getByRole('combobox', { name: 'Role of Dan Dispatcher' })).toHaveValue(
      'dispatcher',
    );
    expect(within(dans!).getByRole('button', { name: 'Disable Dan Dispatcher' })).toBeVisible();
    expect(
      within(dans!).getByRole('button', { name: 'New set-up link for Dan Dispatcher' }),
    ).toBeVisible();
  });

  it('adds a member and shows their set-up link once', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/staff': () => ({ body: { data: { staff: [OLIVE] } } }),
      'POST /api/v1/admin/staff': () => ({
        status: 201,
        body: {
          data: {
            staff: account({
              id: 3,
              name: 'Sam',
              email: 'sam@staff.test',
              role: 'support',
              status: 'invited',
            }),
            setup_url: URL,
          },
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.type(await screen.findByLabelText('Email'), 'sam@staff.test');
    await user.type(screen.getByLabelText('Name'), 'Sam');
    await user.selectOptions(screen.getByLabelText('Role'), 'support');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByLabelText('Set-up link')).toHaveValue(URL);
    expect(screen.getByText(/Added Sam\./)).toBeVisible();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        email: 'sam@staff.test',
        name: 'Sam',
        role: 'support',
      }),
    );
  });
});
