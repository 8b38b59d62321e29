import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { ProductCard } from './product-card.tsx';
import { oliveTree, reply } from './testing/fixtures.ts';
import { PENDING_WISHLIST_KEY } from './wishlist-heart-actions.ts';
import { WishlistHeart } from './wishlist-heart.tsx';
import { oliveItem, wishlist } from '../wishlist/testing.ts';

const OLIVE_120_GREY = oliveItem.product.id;

function showHeart(handlers: Record<string, ApiHandler>, { signedIn = true } = {}) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi(handlers);
  const view = renderWithApp(null, {
    path: '/products/artificial-olive-tree?variation=5',
    routes: [
      { path: '/products/:slug', element: <WishlistHeart productId={OLIVE_120_GREY} /> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
  });
  return { ...view, api };
}

const heart = (name: string) => screen.findByRole('button', { name });

describe('WishlistHeart', () => {
  beforeEach(() => sessionStorage.clear());

  it('saves the product for a signed-in customer and says so politely', async () => {
    const { api } = showHeart({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([]) }),
      'POST /api/v1/user/wishlist/items': () => reply({ wishlist: wishlist([oliveItem]) }),
    });
    const button = await heart('Add to wishlist');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/v1/user/wishlist')).toBe(true),
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await heart('Remove from wishlist')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Added to your wishlist');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      product_id: OLIVE_120_GREY,
    });
  });

  it('shows a saved product pressed, and removes it', async () => {
    const { api } = showHeart({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([oliveItem]) }),
      [`DELETE /api/v1/user/wishlist/items/${oliveItem.id}`]: () =>
        reply({ wishlist: wishlist([]) }),
    });
    const button = await heart('Remove from wishlist');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(await heart('Add to wishlist')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Removed from your wishlist');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('goes back to how it was, and says so, when saving fails', async () => {
    showHeart({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([]) }),
      'POST /api/v1/user/wishlist/items': () => ({
        status: 500,
        body: { error_type: 'internal_error', message: 'boom' },
      }),
    });
    await userEvent.click(await heart('Add to wishlist'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sorry, we couldn’t update your wishlist. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('sends a guest to log in, coming back to the product, and remembers the tap', async () => {
    const { api, router } = showHeart({}, { signedIn: false });
    await userEvent.click(await heart('Add to wishlist'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/products/artificial-olive-tree?variation=5').replace(/%2F/gi, '/')}`,
    );
    expect(sessionStorage.getItem(PENDING_WISHLIST_KEY)).toBe(`product:${OLIVE_120_GREY}`);
    expect(api.calls).toEqual([]);
  });

  it('saves what a guest tapped once they are back, signed in', async () => {
    sessionStorage.setItem(PENDING_WISHLIST_KEY, `product:${OLIVE_120_GREY}`);
    const { api } = showHeart({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([]) }),
      'POST /api/v1/user/wishlist/items': () => reply({ wishlist: wishlist([oliveItem]) }),
    });
    expect(await heart('Remove from wishlist')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Added to your wishlist');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(sessionStorage.getItem(PENDING_WISHLIST_KEY)).toBeNull();
  });

  it('on a product card, saves the variation the product page opens on and fills for any saved variation', async () => {
    setAuthToken('tok_ada');
    const api = mockApi({
      'GET /api/v1/user/wishlist': () => reply({ wishlist: wishlist([]) }),
      'POST /api/v1/user/wishlist/items': () => reply({ wishlist: wishlist([oliveItem]) }),
    });
    renderWithApp(<ProductCard product={oliveTree} listName="Home page" position={1} />);
    const button = await heart('Add to wishlist');
    // Described by the card's title, so a screen reader knows which product it saves.
    expect(button).toHaveAccessibleDescription('Artificial Olive Tree');
    await userEvent.click(button);
    expect(await heart('Remove from wishlist')).toHaveAttribute('aria-pressed', 'true');
    // The cheapest variation that can be bought: 90cm, black pot.
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ product_id: 2 });
  });
});
