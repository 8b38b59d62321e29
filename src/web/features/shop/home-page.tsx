import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_SORTS, type ProductSort } from '../../../domain/api/catalogue.ts';
import { productsQuery, useCategories } from '../../api/catalogue.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { ProductGrid } from './product-grid.tsx';
import './shop.css';

const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  position: 'Featured',
  newest: 'Newest',
  best_selling: 'Best selling',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name A–Z',
};

const SKELETON_CARDS = 8;

function isProductSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

/** The current query string with one parameter set, or removed when `value` is null. */
function withParam(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const search = next.toString();
  return search ? `?${search}` : '';
}

/**
 * The shop's front page: a short hero, the category filter and sort order (both
 * kept in the query string, so a filtered list can be shared and survives a
 * reload), and the product grid.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || null;
  const sortParam = params.get('sort');
  const sort: ProductSort = isProductSort(sortParam) ? sortParam : 'position';
  const sortId = useId();

  const categories = useCategories();
  const current = categories.data?.find((c) => c.slug === category);
  // Keep the last list on screen while another category or order loads.
  const products = useQuery({
    ...productsQuery({
      category: category ?? undefined,
      sort: sort === 'position' ? undefined : sort,
      per_page: 100,
    }),
    placeholderData: keepPreviousData,
  });

  // The grid renders at a lower priority than the rest of the page: React then renders
  // its cards in short slices between which the browser can answer the shopper, rather
  // than in one long task when the list arrives (Lighthouse's total blocking time, ADR 032).
  const list = useDeferredValue(products.data?.products);

  usePageTitle(category ? (current?.name ?? null) : null);
  const listName = category ? `Category: ${current?.name ?? category}` : 'Home page';
  const heading = category ? (current?.name ?? 'Products') : 'All plants and flowers';

  const onSort = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'position') next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="shop-home">
      <section className="shop-hero" aria-labelledby="shop-hero-title">
        <div className="container">
          <h1 id="shop-hero-title" className="shop-hero__title">
            Everbloom — realistic artificial plants and flowers
          </h1>
          <p className="shop-hero__lead">
            Lifelike trees, house plants and blooms that never need watering, delivered to your door
            anywhere in the UK.
          </p>
        </div>
      </section>

      <div className="container shop-listing">
        <nav className="category-filter" aria-label="Categories">
          <ul className="category-filter__list">
            <li>
              <Link
                to={{ pathname: '/', search: withParam(params, 'category', null) }}
                className="category-filter__link"
                aria-current={category === null ? 'page' : undefined}
                preventScrollReset
              >
                All
              </Link>
            </li>
            {categories.data?.map((c) => (
              <li key={c.id}>
                <Link
                  to={{ pathname: '/', search: withParam(params, 'category', c.slug) }}
                  className="category-filter__link"
                  aria-current={c.slug === category ? 'page' : undefined}
                  preventScrollReset
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="shop-listing__header">
          <div>
            <h2 className="shop-listing__title">{heading}</h2>
            {current?.description && <p className="shop-listing__intro">{current.description}</p>}
          </div>
          <div className="shop-listing__tools">
            <p className="shop-listing__count" role="status">
              {products.data && !products.isPlaceholderData && !products.isError
                ? `${products.data.total} ${products.data.total === 1 ? 'product' : 'products'}`
                : ''}
            </p>
            <div className="sort-control">
              <label htmlFor={sortId} className="sort-control__label">
                Sort by
              </label>
              <select
                id={sortId}
                className="sort-control__select"
                value={sort}
                onChange={(event) => onSort(event.target.value)}
              >
                {PRODUCT_SORTS.filter((value) => value !== 'relevance').map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        {products.isError ? (
          <ErrorFallback onRetry={() => void products.refetch()}>
            <p>We couldn’t load our plants and flowers just now. Please try again.</p>
          </ErrorFallback>
        ) : list === undefined ? (
          <div className="product-grid-skeleton" aria-busy="true">
            <p role="status" className="visually-hidden">
              Loading plants…
            </p>
            <ul className="product-grid" aria-hidden="true">
              {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <li key={index} className="skeleton-card">
                  <span className="skeleton-card__image" />
                  <span className="skeleton-card__line" />
                  <span className="skeleton-card__line skeleton-card__line--short" />
                </li>
              ))}
            </ul>
          </div>
        ) : list.length === 0 ? (
          <div className="shop-empty">
            <p className="shop-empty__title">No products in this category yet</p>
            <p>
              <Link to={{ pathname: '/', search: withParam(params, 'category', null) }}>
                See all our plants and flowers
              </Link>
            </p>
          </div>
        ) : (
          <div className="shop-listing__results" aria-busy={products.isPlaceholderData}>
            {products.isPlaceholderData && <LoadingOverlay message="Loading plants…" />}
            <ProductGrid products={list} listName={listName} />
          </div>
        )}
      </div>
    </div>
  );
}
