import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryPage, HomePage, SearchPage } from '../../app/list-pages.tsx';
import { renderWithApp } from '../../testing/render.tsx';
import { listApi } from './testing/list-api.ts';

const LIST_ROUTES = [
  { path: '/', element: <HomePage /> },
  { path: '/categories/:slug', element: <CategoryPage /> },
  { path: '/search', element: <SearchPage /> },
];

/** Renders the list page at `path` as the app routes it. */
function renderList(path: string) {
  return renderWithApp(null, { path, routes: LIST_ROUTES });
}

function productNames(): string[] {
  return screen
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent ?? '');
}

type Pushed = { event?: string; search_term?: string; ecommerce?: Record<string, unknown> };
const pushed = (event: string) =>
  ((window.dataLayer ?? []) as Pushed[]).filter((entry) => entry.event === event);

/** A wide screen: the filters sit in a side column. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search results', () => {
  it('show the matches by best match, their count, and report the search once', async () => {
    const { searches } = listApi();
    const { router } = renderList('/search?q=tree');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “tree”' }),
    ).toBeVisible();
    await waitFor(() => expect(productNames()).toEqual(['Artificial Olive Tree']));
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    expect(searches).toEqual(['?q=tree']);
    expect(document.title).toBe('Search results for “tree” | Everbloom');

    await waitFor(() => expect(pushed('view_item_list')).toHaveLength(1));
    expect(pushed('search')).toEqual([{ event: 'search', search_term: 'tree' }]);
    expect(pushed('view_item_list')[0]?.ecommerce).toMatchObject({
      item_list_id: 'search_results',
      item_list_name: 'Search Results',
      items: [{ item_id: '1', item_name: 'Artificial Olive Tree', price: 54.99, index: 0 }],
    });

    // A new order of the same search is a new list page, not a new search.
    await router.navigate('/search?q=tree&sort=price_desc');
    await waitFor(() => expect(pushed('view_item_list')).toHaveLength(2));
    expect(pushed('search')).toHaveLength(1);
  });

  it('keep the last page on screen, busy, while the next one loads', async () => {
    listApi({ perPage: 2 });
    const fetchNow = globalThis.fetch;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('page=2')) await held;
      return fetchNow(input, init);
    });
    const user = userEvent.setup({ delay: null });
    renderList('/search?q=artificial');
    await waitFor(() => expect(productNames()).toHaveLength(2));
    const first = productNames();

    await user.click(await screen.findByRole('link', { name: 'Page 2' }));

    expect(productNames()).toEqual(first);
    expect(screen.getByText('Loading plants…')).toBeInTheDocument();
    expect(document.querySelector('.list-page__results')).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(productNames()).not.toEqual(first));
  });

  it('page through the list with links, the page in the address', async () => {
    const { searches } = listApi({ perPage: 2 });
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/search?q=artificial');
    await waitFor(() => expect(productNames()).toHaveLength(2));

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toBeVisible();
    expect(within(pages).queryByRole('link', { name: /Previous/ })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('link', { name: 'Next page' }));

    expect(router.state.location.search).toBe('?q=artificial&page=2');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(searches.at(-1)).toBe('?q=artificial&page=2');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    // Page 2's first product is the list's third (GA4 counts from 0).
    await waitFor(() => expect(pushed('view_item_list')).toHaveLength(2));
    expect(pushed('view_item_list')[1]?.ecommerce).toMatchObject({ items: [{ index: 2 }, {}] });

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(router.state.location.search).toBe('?q=artificial');
  });

  it('go back to page 1 when the order changes', async () => {
    listApi({ perPage: 2 });
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/search?q=artificial&page=2');
    await waitFor(() => expect(productNames()).toHaveLength(2));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');

    expect(router.state.location.search).toBe('?q=artificial&sort=newest');
    // Choosing the default order again leaves it out of the address.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best match');
    expect(router.state.location.search).toBe('?q=artificial');
  });

  it('offer a corrected search and popular categories when nothing matches', async () => {
    listApi({ didYouMean: 'olive' });
    renderList('/search?q=olvie');

    expect(await screen.findByText('No results for “olvie”')).toBeVisible();
    expect(screen.getByRole('link', { name: 'olive' })).toHaveAttribute('href', '/search?q=olive');
    const popular = await screen.findByRole('navigation', { name: 'Popular categories' });
    // Most products first (fixtures: Trees 3, House Plants 3, Flowers 1).
    expect(
      within(popular)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Trees', 'House Plants', 'Flowers']);
    expect(within(popular).getByRole('link', { name: 'Flowers' })).toHaveAttribute(
      'href',
      '/categories/flowers',
    );
    expect(screen.getByRole('status')).toHaveTextContent('0 products');
    await waitFor(() =>
      expect(pushed('search')).toEqual([{ event: 'search', search_term: 'olvie' }]),
    );
    expect(pushed('view_item_list')).toEqual([]);
  });

  it('show an error with a retry', async () => {
    let failing = true;
    listApi({ fail: () => failing });
    const user = userEvent.setup({ delay: null });
    renderList('/search?q=fig');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t load our plants and flowers just now',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(productNames()).toEqual(['Artificial Fiddle Leaf Fig']));
  });
});

describe('filters in the side column (wide screens)', () => {
  it('tick and untick facet values into the address, back on page 1', async () => {
    wideScreen();
    const { searches } = listApi({ perPage: 2 });
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/search?q=artificial&page=2');
    await waitFor(() => expect(productNames()).toHaveLength(2));

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    const size = await within(filters).findByRole('group', { name: 'Size' });
    await user.click(within(size).getByRole('checkbox', { name: '120cm (2)' }));

    expect(router.state.location.search).toBe('?q=artificial&size=120cm');
    await waitFor(() =>
      expect(productNames()).toEqual(['Artificial Olive Tree', 'Artificial Fiddle Leaf Fig']),
    );
    expect(searches.at(-1)).toBe('?q=artificial&size=120cm');
    expect(within(size).getByRole('checkbox', { name: '120cm (2)' })).toBeChecked();

    await user.click(within(filters).getByRole('checkbox', { name: /^Pre-order/ }));
    expect(router.state.location.search).toBe('?q=artificial&size=120cm&preorder=1');
    expect(await screen.findByText('No products match these filters')).toBeVisible();

    await user.click(within(filters).getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('?q=artificial');

    // Back steps through the filters as they were.
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?q=artificial&size=120cm&preorder=1');
  });

  it('narrow a search to a category with links, counted', async () => {
    wideScreen();
    listApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/search?q=artificial');
    const categories = await screen.findByRole('navigation', { name: 'Category' });

    await user.click(within(categories).getByRole('link', { name: 'House Plants (2)' }));

    expect(router.state.location.search).toBe('?q=artificial&category=house-plants');
    await waitFor(() =>
      expect(within(categories).getByRole('link', { name: 'House Plants (2)' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
  });

  it('apply a price range when a box is left, not on each key', async () => {
    wideScreen();
    const { searches } = listApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/categories/trees');
    await waitFor(() => expect(productNames()).toHaveLength(3));

    await user.type(await screen.findByRole('textbox', { name: 'Min' }), '60');
    expect(router.state.location.search).toBe('');
    await user.tab();

    expect(router.state.location.search).toBe('?min_price=60');
    await waitFor(() => expect(productNames()).toEqual(['Artificial Japanese Maple']));
    expect(searches.at(-1)).toBe('?category=trees&price_min=6000');

    await user.type(screen.getByRole('textbox', { name: 'Max' }), 'lots{Enter}');
    expect(screen.getByText('Enter an amount in pounds, like 25')).toBeVisible();
    expect(router.state.location.search).toBe('?min_price=60');
  });
});

describe('filters in a drawer (narrow screens)', () => {
  it('open in a dialog that keeps the focus, shows the count and gives the focus back', async () => {
    listApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderList('/categories/trees');
    await waitFor(() => expect(productNames()).toHaveLength(3));
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();

    const open = screen.getByRole('button', { name: 'Filters' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('checkbox', { name: '150cm (2)' }));
    expect(router.state.location.search).toBe('?size=150cm');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Show 2 results' })).toBeVisible(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Show 2 results' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();
  });
});
