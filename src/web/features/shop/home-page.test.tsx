import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { HomePage } from './home-page.tsx';
import { ALL_PRODUCTS, CATEGORIES, reply } from './testing/fixtures.ts';

/** A catalogue API that filters and sorts like the server, remembering each query string. */
function catalogueApi(options: { products?: FamilyView[]; fail?: () => boolean } = {}) {
  const searches: string[] = [];
  const api = mockApi({
    'GET /api/v1/categories': () => reply({ categories: CATEGORIES }),
    'GET /api/v1/products': (_body, url) => {
      searches.push(url.search);
      if (options.fail?.()) {
        return { status: 500, body: { error_type: 'internal_error', message: 'Boom' } };
      }
      const category = url.searchParams.get('category');
      const sort = url.searchParams.get('sort');
      const products = (options.products ?? ALL_PRODUCTS).filter(
        (p) => !category || p.primary_category.slug === category,
      );
      if (sort === 'price_asc')
        products.sort((a, b) => a.prices.price.amount - b.prices.price.amount);
      if (sort === 'price_desc')
        products.sort((a, b) => b.prices.price.amount - a.prices.price.amount);
      if (sort === 'name') products.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
      return reply({ products });
    },
  });
  return { ...api, searches };
}

function productNames(): string[] {
  return screen
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent ?? '');
}

describe('HomePage', () => {
  it('shows the hero, every product and how many there are', async () => {
    const { calls, searches } = catalogueApi();
    renderWithApp(<HomePage />);

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
    expect(calls.filter((c) => c.path === '/api/v1/products')).toHaveLength(1);
    expect(searches).toEqual(['']);
  });

  it('filters by category through the query string and the request', async () => {
    const { searches } = catalogueApi();
    const user = userEvent.setup();
    const { router } = renderWithApp(<HomePage />);
    await screen.findAllByRole('article');

    await user.click(await screen.findByRole('link', { name: 'House Plants' }));

    expect(router.state.location.search).toBe('?category=house-plants');
    await waitFor(() =>
      expect(productNames()).toEqual([
        'Artificial Bird of Paradise',
        'Artificial Rubber Plant',
        'Living Room Trio Bundle',
      ]),
    );
    expect(searches).toEqual(['', '?category=house-plants']);
    expect(screen.getByRole('heading', { level: 2, name: 'House Plants' })).toBeVisible();
    expect(screen.getByText('3 products')).toBeVisible();
    expect(screen.getByRole('link', { name: 'House Plants' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('House Plants | Everbloom');

    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(ALL_PRODUCTS.length));
  });

  it('sorts through the query string and the request, keeping the category', async () => {
    const { searches } = catalogueApi();
    const user = userEvent.setup();
    const { router } = renderWithApp(<HomePage />, { path: '/?category=trees' });
    await screen.findAllByRole('article');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('position');
    await user.selectOptions(sort, 'Price: high to low');

    expect(router.state.location.search).toBe('?category=trees&sort=price_desc');
    await waitFor(() =>
      expect(productNames()).toEqual([
        'Artificial Japanese Maple',
        'Artificial Fiddle Leaf Fig',
        'Artificial Olive Tree',
      ]),
    );
    expect(searches).toEqual(['?category=trees', '?category=trees&sort=price_desc']);

    await user.selectOptions(sort, 'Featured');
    expect(router.state.location.search).toBe('?category=trees');
  });

  it('reads the category and sort from the address it opens on', async () => {
    const { searches } = catalogueApi();
    renderWithApp(<HomePage />, { path: '/?category=trees&sort=name' });

    await screen.findAllByRole('article');
    expect(searches).toEqual(['?category=trees&sort=name']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  });

  it('ignores a sort order the shop does not offer', async () => {
    const { searches } = catalogueApi();
    renderWithApp(<HomePage />, { path: '/?sort=cheapest' });

    await screen.findAllByRole('article');
    expect(searches).toEqual(['']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('position');
  });

  it('names the analytics list after the category', async () => {
    window.dataLayer = [];
    catalogueApi();
    const user = userEvent.setup();
    renderWithApp(<HomePage />, { path: '/?category=flowers' });

    await screen.findByRole('link', { name: 'Flowers' });
    await user.click(await screen.findByRole('link', { name: 'Artificial Wisteria Arch' }));

    expect(window.dataLayer.at(-1)).toMatchObject({
      ecommerce: { click: { actionField: { list: 'Category: Flowers' } } },
    });
  });

  it('says so when a category has no products', async () => {
    catalogueApi({ products: [] });
    renderWithApp(<HomePage />, { path: '/?category=flowers' });

    expect(await screen.findByText('No products in this category yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all our plants and flowers' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers a retry when the products fail to load', async () => {
    let failing = true;
    const { searches } = catalogueApi({ fail: () => failing });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByRole('article')).toHaveLength(ALL_PRODUCTS.length);
    expect(searches).toHaveLength(2);
  });
});
