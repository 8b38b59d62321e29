import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeAuthToken, setAuthToken } from '../lib/auth-token.ts';
import { mockApi, renderWithApp } from '../testing/render.tsx';
import { Layout } from './layout.tsx';

const basket = () => ({ body: { data: { item_count: 0, voucher: null } } });

describe('Layout header', () => {
  it('offers Log in without a stored login, and Account once one is stored', async () => {
    mockApi({ 'GET /api/v1/basket': basket });
    renderWithApp(<Layout />);

    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    act(() => setAuthToken('tok_ada'));
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

    act(() => removeAuthToken());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
