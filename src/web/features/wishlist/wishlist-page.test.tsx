import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { reply } from '../shop/testing/fixtures.ts';
import { figItem, oliveItem, wishlist } from './testing.ts';
import { WishlistPage } from './wishlist-page.tsx';

const SHARE_ID = 'q3Vb7xK2mN9pR4tW8yZ1aC5d';

function openWishlist(handlers: Record<string, ApiHandler>, { signedIn = true } = {}) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi(handlers);
  const view = renderWithApp(null, {
    path: '/account/wishlist',
    routes: [
      { path: '/account/wishlist', element: <WishlistPage /> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
  });
  return { ...view, api };
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('WishlistPage', () => {
  it('shows a loading state, then each item with picture, name, options, price and stock', async () => {
    openWishlist({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem, figItem]) }),
    });
    expect(screen.getByText('Loading your wishlist…')).toBeInTheDocument();
    expect(await screen.findByText('2 items saved')).toBeInTheDocument();
    const [olive, fig] = items();
    expect(within(olive!).getByRole('link', { name: 'Artificial Olive Tree' })).toHaveAttribute(
      'href',
      oliveItem.product.url,
    );
    expect(within(olive!).getByText('120cm, Grey pot')).toBeInTheDocument();
    expect(within(olive!).getByText('£79.99')).toBeInTheDocument();
    expect(within(olive!).getByText('In stock')).toBeInTheDocument();
    expect(olive!.querySelector('img')).toHaveAttribute('src', oliveItem.product.preview_image.src);
    expect(within(fig!).getByText('Out of stock')).toBeInTheDocument();
    expect(within(fig!).getByRole('button', { name: /^Add to basket/ })).toBeDisabled();
  });

  it('says when the wishlist is empty', async () => {
    openWishlist({ 'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([]) }) });
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our plants and flowers' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers to try again when the wishlist cannot be loaded', async () => {
    let fail = true;
    openWishlist({
      'GET /api/v1/user/wishlist': () =>
        fail
          ? { status: 500, body: { error_type: 'internal_error', message: 'boom' } }
          : reply({ wishlist: wishlist([oliveItem]) }),
    });
    expect(
      await screen.findByText('We couldn’t load your wishlist just now. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 item saved')).toBeInTheDocument();
  });

  it('sends a visitor with no login to log in and come back', async () => {
    const { router } = openWishlist({}, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=/account/wishlist');
  });

  it('removes an item, busy while it goes', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = openWishlist({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem, figItem]) }),
      [`DELETE /api/v1/user/wishlist/items/${oliveItem.id}`]: () =>
        reply({ wishlist: wishlist([figItem]) }),
    });
    await screen.findByText('2 items saved');
    const originalFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return originalFetch(...args);
    });
    await userEvent.click(
      within(items()[0]!).getByRole('button', { name: 'Remove: Artificial Olive Tree' }),
    );
    expect(within(items()[0]!).getByRole('button', { name: 'Removing…' })).toBeDisabled();
    release();
    expect(await screen.findByText('1 item saved')).toBeInTheDocument();
    expect(screen.getByText('Removed from your wishlist.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Artificial Olive Tree' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('adds an item to the basket', async () => {
    const { api } = openWishlist({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem]) }),
      'POST /api/v1/basket': () => reply({ items: [], item_count: 1 }),
    });
    await screen.findByText('1 item saved');
    await userEvent.click(
      screen.getByRole('button', { name: 'Add to basket: Artificial Olive Tree' }),
    );
    expect(await screen.findByText('Added to your basket')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/v1/basket')?.body).toEqual({
      product_id: oliveItem.product.id,
      quantity: 1,
    });
  });

  it('shares the list, shows and copies the link, and stops sharing', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = openWishlist({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem]) }),
      'POST /api/v1/user/wishlist/share': () =>
        reply({ wishlist: wishlist([oliveItem], SHARE_ID) }),
      'DELETE /api/v1/user/wishlist/share': () => reply({ wishlist: wishlist([oliveItem]) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Share wishlist' }));
    const url = `${window.location.origin}/wishlists/${SHARE_ID}`;
    expect(await screen.findByRole('link', { name: url })).toHaveAttribute('href', url);

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Link copied')).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('button', { name: 'Share wishlist' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: url })).not.toBeInTheDocument();
    expect(
      api.calls.filter((c) => c.path === '/api/v1/user/wishlist/share').map((c) => c.method),
    ).toEqual(['POST', 'DELETE']);
  });

  it('asks the shopper to copy the link themselves when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    openWishlist({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem], SHARE_ID) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText(
        'We couldn’t copy the link. Please select it above and copy it yourself.',
      ),
    ).toBeInTheDocument();
  });
});
