import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { reply } from '../shop/testing/fixtures.ts';
import { SharedWishlistPage } from './shared-wishlist-page.tsx';
import { figItem, oliveItem } from './testing.ts';

const SHARE_ID = 'q3Vb7xK2mN9pR4tW8yZ1aC5d';

function openShared(handlers: Record<string, ApiHandler>) {
  const api = mockApi(handlers);
  renderWithApp(null, {
    path: `/wishlists/${SHARE_ID}`,
    routes: [{ path: '/wishlists/:shareId', element: <SharedWishlistPage /> }],
  });
  return api;
}

const shared = (items = [oliveItem, figItem]) =>
  reply({ wishlist: { owner_first_name: 'Ada', items } });

describe('SharedWishlistPage', () => {
  it('shows a loading state, then the owner’s items read-only with Add to basket', async () => {
    const api = openShared({
      [`GET /api/v1/wishlists/${SHARE_ID}`]: () => shared(),
      'POST /api/v1/basket': () => reply({ items: [], item_count: 1 }),
    });
    expect(screen.getByText('Loading wishlist…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ada’s wishlist' }),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share|Stop sharing/ })).not.toBeInTheDocument();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Add to basket/ }));
    expect(await screen.findByText('Added to your basket')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/v1/basket')?.body).toEqual({
      product_id: oliveItem.product.id,
      quantity: 1,
    });
  });

  it('says when the shared list has nothing on it', async () => {
    openShared({ [`GET /api/v1/wishlists/${SHARE_ID}`]: () => shared([]) });
    expect(
      await screen.findByText('There’s nothing on this wishlist at the moment.'),
    ).toBeInTheDocument();
  });

  it('says the wishlist could not be found for an unknown or withdrawn link', async () => {
    openShared({
      [`GET /api/v1/wishlists/${SHARE_ID}`]: () => ({
        status: 404,
        body: {
          error_type: 'wishlist_not_found',
          message: 'The wishlist requested could not be found.',
        },
      }),
    });
    expect(
      await screen.findByText('The wishlist requested could not be found.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Wishlist not found' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    openShared({
      [`GET /api/v1/wishlists/${SHARE_ID}`]: () =>
        fail ? { status: 500, body: { error_type: 'internal_error', message: 'boom' } } : shared(),
    });
    expect(
      await screen.findByText('We couldn’t load this wishlist just now. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ada’s wishlist' })).toBeInTheDocument();
  });
});
