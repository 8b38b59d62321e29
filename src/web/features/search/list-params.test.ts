import { describe, expect, it } from 'vitest';
import {
  changeListParams,
  legacyCategoryHref,
  listFilterOf,
  listHref,
  listPageOf,
  sortChoices,
  sortOf,
  type ListPage,
} from './list-params.ts';
import { priceParam, toggleSlug } from './filter-values.ts';
import { pageLinks } from './pagination.tsx';

const params = (search: string) => new URLSearchParams(search);
const search: ListPage = { kind: 'search', q: 'olive' };
const home: ListPage = { kind: 'home' };

describe('listPageOf and listFilterOf', () => {
  it('read the three list pages and nothing else', () => {
    expect(listPageOf('/', params(''))).toEqual({ kind: 'home' });
    expect(listPageOf('/categories/trees', params(''))).toEqual({
      kind: 'category',
      slug: 'trees',
    });
    expect(listPageOf('/search', params('q=%20olive%20'))).toEqual({ kind: 'search', q: 'olive' });
    expect(listPageOf('/basket', params(''))).toBeNull();
  });

  it('ask for Best match only with a search text', () => {
    expect(listFilterOf(search, params('sort=relevance')).sort).toBe('relevance');
    expect(listFilterOf({ kind: 'search', q: '' }, params('sort=relevance')).sort).toBeUndefined();
    expect(listFilterOf(home, params('sort=relevance')).sort).toBeUndefined();
  });

  it('turn the filters of the address into the request, dropping what is malformed', () => {
    expect(
      listFilterOf(
        search,
        params(
          'category=trees&colour=green,BAD&size=90cm&min_price=10&max_price=x&in_stock=1&page=2',
        ),
      ),
    ).toMatchObject({
      q: 'olive',
      category: 'trees',
      colour: ['green'],
      size: ['90cm'],
      price_min: 1000,
      price_max: undefined,
      in_stock: true,
      preorder: false,
      page: 2,
    });
    expect(listFilterOf(home, params('page=-3')).page).toBe(1);
  });
});

describe('changeListParams', () => {
  it('goes back to page 1 when anything but the page changes', () => {
    expect(changeListParams(params('q=fig&page=3'), { sort: 'price_asc' }).toString()).toBe(
      'q=fig&sort=price_asc',
    );
    expect(changeListParams(params('q=fig&page=3&colour=green'), { colour: null }).toString()).toBe(
      'q=fig',
    );
  });

  it('keeps the rest when the page changes, and leaves page 1 out', () => {
    expect(changeListParams(params('q=fig&sort=newest'), { page: '2' }).toString()).toBe(
      'q=fig&sort=newest&page=2',
    );
    expect(changeListParams(params('q=fig&page=2'), { page: '1' }).toString()).toBe('q=fig');
  });
});

describe('toggleSlug', () => {
  it('adds and removes a value of a comma list', () => {
    expect(toggleSlug(null, 'green', true)).toBe('green');
    expect(toggleSlug('green', 'white', true)).toBe('green,white');
    expect(toggleSlug('green,white', 'green', false)).toBe('white');
    expect(toggleSlug('green', 'green', false)).toBeNull();
  });
});

describe('sorts', () => {
  it('offer Best match first, and by default, only on a search with a text', () => {
    expect(sortChoices(search)[0]).toBe('relevance');
    expect(sortChoices(home)).not.toContain('relevance');
    expect(sortOf(search, params(''))).toBe('relevance');
    expect(sortOf(home, params(''))).toBe('position');
    expect(sortOf(home, params('sort=relevance'))).toBe('position');
    expect(sortOf(home, params('sort=newest'))).toBe('newest');
    expect(sortOf(home, params('sort=cheapest'))).toBe('position');
  });
});

describe('pageLinks', () => {
  it('shows the first, last, current and neighbouring pages, with gaps', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // A gap of one page shows that page instead.
    expect(pageLinks(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageLinks(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('priceParam', () => {
  it('reads pounds, widening pence outwards so nothing typed is left out', () => {
    expect(priceParam('', 'min')).toEqual({ ok: true, value: null });
    expect(priceParam('£25', 'min')).toEqual({ ok: true, value: '25' });
    expect(priceParam('12.50', 'min')).toEqual({ ok: true, value: '12' });
    expect(priceParam('12.50', 'max')).toEqual({ ok: true, value: '13' });
    expect(priceParam('1,000', 'max')).toEqual({ ok: true, value: '1000' });
  });

  it('refuses what is not an amount', () => {
    expect(priceParam('-5', 'min')).toEqual({
      ok: false,
      message: 'Enter an amount in pounds, like 25',
    });
    expect(priceParam('ten', 'max').ok).toBe(false);
  });
});

describe('addresses', () => {
  it('write each list page with its query', () => {
    expect(listHref(home, params(''))).toBe('/');
    expect(listHref({ kind: 'category', slug: 'trees' }, params('page=2'))).toBe(
      '/categories/trees?page=2',
    );
    expect(listHref(search, params('q=olive'))).toBe('/search?q=olive');
  });

  it('send an old home-page category address to the category page', () => {
    expect(legacyCategoryHref('/', params('category=trees&sort=newest'))).toBe(
      '/categories/trees?sort=newest',
    );
    expect(legacyCategoryHref('/', params('sort=newest'))).toBeNull();
    expect(legacyCategoryHref('/search', params('category=trees'))).toBeNull();
    expect(legacyCategoryHref('/', params('category=%3Cscript%3E'))).toBeNull();
  });
});
