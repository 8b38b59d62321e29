import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '../../../domain/staff.ts';
import { StaffContext } from '../lib/session.ts';
import { CreditGrant } from './credit-grant.tsx';

function renderGrant(role: StaffRole) {
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
        <CreditGrant customer={{ id: 7, name: 'Ada Lovelace' }} />
      </StaffContext.Provider>
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('CreditGrant', () => {
  it('is hidden from staff who may not grant credit', () => {
    renderGrant('support');
    expect(screen.queryByRole('heading', { name: 'Goodwill credit' })).not.toBeInTheDocument();
  });

  it('grants pounds as pence with the reason, and announces the new balance', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: { balance: 1250 } }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = renderGrant('manager');
    await user.type(screen.getByLabelText('Amount (£)'), '12.50');
    await user.type(screen.getByLabelText('Reason'), 'Late delivery');
    await user.click(screen.getByRole('button', { name: 'Grant credit' }));

    expect(await screen.findByText(/balance is now £12\.50/)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/customers/7/credit');
    expect(JSON.parse(String(init.body))).toEqual({ amount: 1250, reason: 'Late delivery' });
  });

  it('refuses an amount it cannot grant without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderGrant('owner');
    await user.type(screen.getByLabelText('Amount (£)'), '1000.01');
    await user.type(screen.getByLabelText('Reason'), 'Too generous');
    await user.click(screen.getByRole('button', { name: 'Grant credit' }));
    expect(screen.getByText('Enter an amount from £0.01 to £1,000.00.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
