import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CategoryPage, HomePage, SearchPage } from '../../app/list-pages.tsx';
import { listApi } from '../search/testing/list-api.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { ALL_PRODUCTS } from './testing/fixtures.ts';

const LIST_ROUTES = [
  { path: '/', element: <HomePage /> },
  { path: '/categories/:slug', element: <CategoryPage /> },
  { path: '/search', element: <SearchPage /> },
];

function productNames(): string[] {
  return screen
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent ?? '');
}

describe('HomePage', () => {
  it('shows the hero, the first page of every product and how many there are', async () => {
    const { searches } = listApi();
    renderWithApp(<HomePage />, { routes: LIST_ROUTES });

    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Everbloom — realistic artificial plants and flowers',
      }),
    ).toBeVisible();
    expect(screen.getByText('Loading plants…')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(ALL_PRODUCTS.length);
    expect(screen.getByText(`${ALL_PRODUCTS.length} products`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    // Page 1 of 24 (the default, so not in the request).
    expect(searches).toEqual(['']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('links each category to its own page, with its name and description', async () => {
    const { searches } = listApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithApp(<HomePage />, { routes: LIST_ROUTES });
    await screen.findAllByRole('article');

    await user.click(await screen.findByRole('link', { name: 'House Plants' }));

    expect(router.state.location.pathname).toBe('/categories/house-plants');
    expect(await screen.findByRole('heading', { level: 1, name: 'House Plants' })).toBeVisible();
    await waitFor(() =>
      expect(productNames()).toEqual([
        'Artificial Bird of Paradise',
        'Artificial Rubber Plant',
        'Living Room Trio Bundle',
      ]),
    );
    expect(searches).toEqual(['', '?category=house-plants']);
    expect(
      screen.getByText('Lifelike artificial house plants for shelves, sideboards and floors.'),
    ).toBeVisible();
    expect(screen.getByText('3 products')).toBeVisible();
    expect(screen.getByRole('link', { name: 'House Plants' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('House Plants | Everbloom');

    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(ALL_PRODUCTS.length));
  });

  it('sends an old category address to the category page, keeping the order', async () => {
    const { searches } = listApi();
    const { router } = renderWithApp(<HomePage />, {
      path: '/?category=trees&sort=price_desc',
      routes: LIST_ROUTES,
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/categories/trees'));
    expect(router.state.location.search).toBe('?sort=price_desc');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(productNames()).toEqual([
        'Artificial Japanese Maple',
        'Artificial Fiddle Leaf Fig',
        'Artificial Olive Tree',
      ]),
    );
    expect(searches).toEqual(['?category=trees&sort=price_desc']);
  });

  it('sorts through the address, Featured being the default', async () => {
    const { searches } = listApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithApp(<HomePage />, { routes: LIST_ROUTES });
    await screen.findAllByRole('article');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('position');
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
    await user.selectOptions(sort, 'Price: high to low');

    expect(router.state.location.search).toBe('?sort=price_desc');
    const dearest = [...ALL_PRODUCTS].sort(
      (a, b) => b.prices.price.amount - a.prices.price.amount,
    )[0];
    await waitFor(() => expect(productNames()[0]).toBe(dearest?.name));
    expect(searches).toEqual(['', '?sort=price_desc']);

    await user.selectOptions(sort, 'Featured');
    expect(router.state.location.search).toBe('');
  });

  it('ignores a sort order the shop does not offer', async () => {
    const { searches } = listApi();
    renderWithApp(<HomePage />, { path: '/?sort=cheapest', routes: LIST_ROUTES });

    await screen.findAllByRole('article');
    expect(searches).toEqual(['']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('position');
  });

  it('names the analytics list after the category', async () => {
    window.dataLayer = [];
    listApi();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CategoryPage />, { path: '/categories/flowers', routes: LIST_ROUTES });

    await screen.findByRole('heading', { level: 1, name: 'Flowers' });
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: 'view_item_list',
        ecommerce: expect.objectContaining({
          item_list_id: 'category_flowers',
          item_list_name: 'Category: Flowers',
          items: [expect.objectContaining({ item_name: 'Artificial Wisteria Arch', index: 0 })],
        }),
      }),
    );
    await user.click(await screen.findByRole('link', { name: 'Artificial Wisteria Arch' }));

    expect(
      window.dataLayer.find((entry) => (entry as { event?: string }).event === 'productClick'),
    ).toMatchObject({ ecommerce: { click: { actionField: { list: 'Category: Flowers' } } } });
  });

  it('says so when a category has no products', async () => {
    listApi({ products: [] });
    renderWithApp(<CategoryPage />, { path: '/categories/flowers', routes: LIST_ROUTES });

    expect(await screen.findByText('No products in this category yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all our plants and flowers' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('says so when the category does not exist', async () => {
    listApi({ products: [] });
    renderWithApp(<CategoryPage />, { path: '/categories/cacti', routes: LIST_ROUTES });

    expect(await screen.findByText('We couldn’t find that category')).toBeVisible();
  });

  it('offers a retry when the products fail to load', async () => {
    let failing = true;
    const { searches } = listApi({ fail: () => failing });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<HomePage />, { routes: LIST_ROUTES });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByRole('article')).toHaveLength(ALL_PRODUCTS.length);
    expect(searches).toHaveLength(2);
  });
});
