import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeAuthToken, setAuthToken } from '../lib/auth-token.ts';
import { mockApi, renderWithApp } from '../testing/render.tsx';
import { Layout } from './layout.tsx';
import { CheckoutContainer } from './routes.tsx';

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

describe('the header search box', () => {
  it('is in the shop’s header, and not in the checkout (which has its own header)', async () => {
    mockApi({ 'GET /api/v1/basket': basket });
    const shop = renderWithApp(<Layout />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('search')).toContainElement(
      within(banner).getByRole('searchbox', { name: 'Search the shop' }),
    );
    await screen.findByRole('combobox', { name: 'Search the shop' });
    shop.unmount();

    mockApi({});
    renderWithApp(<CheckoutContainer />, { path: '/checkout' });
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('the test shop notice', () => {
  /** The tag the server writes into a test-mode shop's pages. */
  function markTestShop() {
    const meta = document.createElement('meta');
    meta.name = 'test-shop';
    meta.content = 'true';
    document.head.append(meta);
    return () => meta.remove();
  }

  it('tells the shopper on every shop page that no real payments are taken, in a labelled region', async () => {
    mockApi({ 'GET /api/v1/basket': basket });
    const unmark = markTestShop();
    try {
      renderWithApp(<Layout />);
      const notice = await screen.findByRole('complementary', { name: 'Test shop' });
      expect(notice).toHaveTextContent('Test shop — no real payments are taken.');
    } finally {
      unmark();
    }
  });

  it('shows above the checkout too', () => {
    mockApi({});
    const unmark = markTestShop();
    try {
      renderWithApp(<CheckoutContainer />, { path: '/checkout' });
      expect(screen.getByRole('complementary', { name: 'Test shop' })).toHaveTextContent(
        'no real payments are taken',
      );
    } finally {
      unmark();
    }
  });

  it('is not there when the shop takes real payments', async () => {
    mockApi({ 'GET /api/v1/basket': basket });
    renderWithApp(<Layout />);
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('complementary', { name: 'Test shop' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no real payments are taken/)).not.toBeInTheDocument();
  });
});
