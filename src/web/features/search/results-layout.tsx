import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useOptimistic,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_PER_PAGE,
  type FamilyView,
  type ProductSort,
} from '../../../domain/api/catalogue.ts';
import { productsQuery, useCategories } from '../../api/catalogue.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { useMediaQuery } from '../../ui/use-media-query.ts';
import {
  analyticsList,
  categoryPath,
  changeListParams,
  defaultSort,
  legacyCategoryHref,
  listFilterOf,
  listHref,
  sortChoices,
  sortOf,
  type ListChange,
  type ListPage,
} from './list-params.ts';
import './results.css';

// The filters are their own chunk: a phone loads them when the drawer opens, a wide
// screen at once; the first paint of every list page does without them
// (the home page's 100 KB budget, ADR 058).
const filterChunk = () => import('./facet-filters.tsx');
const FacetFilters = lazy(async () => ({ default: (await filterChunk()).FacetFilters }));
const FilterDrawer = lazy(async () => ({ default: (await filterChunk()).FilterDrawer }));
// The pager sits below the grid, and no results is rare: both load when first shown.
const Pagination = lazy(async () => ({ default: (await import('./pagination.tsx')).Pagination }));
const NoResults = lazy(async () => ({ default: (await import('./no-results.tsx')).NoResults }));

/** Wide screens show the filters in a side column; narrower ones in a drawer. */
export const FILTER_COLUMN_QUERY = '(min-width: 900px)';

const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  position: 'Featured',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
  best_selling: 'Best selling',
  name: 'Name A–Z',
};

const SKELETON_CARDS = 8;

/** The product grid the layout shows its page in (the shop's, composed in app/). */
export type ResultsGrid = ComponentType<{ products: FamilyView[]; listName: string }>;

export interface ResultsLayoutProps {
  page: ListPage;
  Grid: ResultsGrid;
  /** Shown above the list (the home page's hero). */
  intro?: ReactNode;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One layout for every product list: the home page, a category and search results.
 * Everything the shopper chooses — filters, order, page — is in the address
 * (list-params.ts), so back and forward work and a link can be shared; the list
 * comes from GET /api/v1/products with its total and facets. ADR 058.
 */
export function ResultsLayout({ page, Grid, intro }: ResultsLayoutProps) {
  const [params] = useSearchParams();
  // The filters as just ticked: the address follows in a transition, and a controlled
  // box would show its old state until that transition ends (slow on a busy phone).
  const [filterParams, showFilterParams] = useOptimistic(params);
  const location = useLocation();
  const navigate = useNavigate();
  const legacy = legacyCategoryHref(location.pathname, params);

  const filter = listFilterOf(page, params);
  const products = useQuery({
    ...productsQuery(filter),
    placeholderData: keepPreviousData,
    // An old address is only passed on: its own list would be fetched for nothing.
    enabled: legacy === null,
  });
  const categories = useCategories();
  const category =
    page.kind === 'category' ? categories.data?.find((c) => c.slug === page.slug) : undefined;
  const unknownCategory = page.kind === 'category' && categories.isSuccess && !category;

  // The grid renders at a lower priority than the rest of the page: React then renders
  // its cards in short slices between which the browser can answer the shopper, rather
  // than in one long task when the list arrives (Lighthouse's total blocking time, ADR 032).
  const list = useDeferredValue(products.data?.products);
  const wide = useMediaQuery(FILTER_COLUMN_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Widened past the drawer's screens (a turned tablet): the side column takes over, and
  // narrowing again later does not reopen a drawer nobody asked for.
  if (wide && drawerOpen) setDrawerOpen(false);
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const analytics = analyticsList(page, category?.name);
  const shown = products.data && !products.isPlaceholderData ? products.data : null;

  usePageTitle(
    page.kind === 'category'
      ? (category?.name ?? null)
      : page.kind === 'search'
        ? page.q
          ? `Search results for “${page.q}”`
          : 'Search'
        : null,
  );

  // Analytics once per page view (each address the shopper reaches), when its list is
  // known: not again when the page re-renders or the deferred grid catches up.
  const reported = useRef<string | null>(null);
  const categoryKnown = page.kind !== 'category' || !categories.isPending;
  useEffect(() => {
    if (!shown || !categoryKnown || legacy || reported.current === location.key) return;
    reported.current = location.key;
    // The events' code loads after the list is on screen: it is no part of the first paint.
    void import('./list-analytics.ts').then(({ trackListView, trackSearch }) => {
      if (page.kind === 'search') trackSearch(page.q);
      if (shown.products.length > 0) {
        trackListView(analytics, shown.products, (shown.page - 1) * shown.per_page);
      }
    });
  }, [shown, categoryKnown, legacy, location.key, page, analytics]);

  // A new page of the same list: the shopper reads on from its heading, not the pager.
  const shownPage = filter.page ?? 1;
  const previousPage = useRef(shownPage);
  useEffect(() => {
    if (previousPage.current === shownPage) return;
    previousPage.current = shownPage;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [shownPage]);

  if (legacy) return <Navigate to={legacy} replace />;

  const change = (changes: ListChange) => {
    const nextParams = changeListParams(params, changes);
    const next = listHref(page, nextParams);
    if (next === listHref(page, params)) return;
    startTransition(() => {
      showFilterParams(nextParams);
      void navigate(next);
    });
  };

  const sort = sortOf(page, params);
  const choices = sortChoices(page);
  const total = shown?.total ?? null;
  const perPage = products.data?.per_page ?? DEFAULT_PER_PAGE;
  const lastPage = products.data ? Math.max(1, Math.ceil(products.data.total / perPage)) : 1;
  const activeFilters = [
    ...(params.get('colour') ?? '').split(',').filter(Boolean),
    ...(params.get('size') ?? '').split(',').filter(Boolean),
    params.get('min_price') ?? params.get('max_price'),
    params.get('in_stock'),
    params.get('preorder'),
    page.kind === 'search' ? params.get('category') : null,
  ].filter(Boolean).length;

  const HeadingTag = page.kind === 'home' ? 'h2' : 'h1';
  const heading =
    page.kind === 'home'
      ? 'All plants and flowers'
      : page.kind === 'category'
        ? (category?.name ?? (unknownCategory ? 'Category not found' : 'Products'))
        : page.q
          ? `Search results for “${page.q}”`
          : 'Search our plants and flowers';

  const filterProps = {
    page,
    params: filterParams,
    facets: products.data?.facets ?? null,
    onChange: change,
  };

  let body: ReactNode;
  if (unknownCategory) {
    body = (
      <div className="list-empty">
        <p className="list-empty__title">We couldn’t find that category</p>
        <p>
          <Link to="/">See all our plants and flowers</Link>
        </p>
      </div>
    );
  } else if (products.isError) {
    body = (
      <ErrorFallback onRetry={() => void products.refetch()}>
        <p>We couldn’t load our plants and flowers just now. Please try again.</p>
      </ErrorFallback>
    );
  } else if (list === undefined) {
    body = (
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
    );
  } else if (list.length === 0 && products.data?.total === 0) {
    body = (
      <Suspense fallback={null}>
        <NoResults
          page={page}
          params={params}
          didYouMean={products.data.did_you_mean}
          categories={categories.data}
        />
      </Suspense>
    );
  } else {
    body = (
      <>
        <div className="list-page__results" aria-busy={products.isPlaceholderData}>
          {products.isPlaceholderData && <LoadingOverlay message="Loading plants…" />}
          <Grid products={list} listName={analytics.name} />
        </div>
        <Suspense fallback={null}>
          <Pagination
            page={page}
            params={params}
            current={products.data?.page ?? shownPage}
            last={lastPage}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      {intro}
      <div className="container list-page">
        {page.kind !== 'search' && (
          <nav className="list-categories" aria-label="Categories">
            <ul className="list-categories__list" role="list">
              <li>
                <Link
                  to="/"
                  className="list-categories__link"
                  aria-current={page.kind === 'home' ? 'page' : undefined}
                >
                  All
                </Link>
              </li>
              {categories.data?.map((c) => (
                <li key={c.id}>
                  <Link
                    to={categoryPath(c.slug)}
                    className="list-categories__link"
                    aria-current={
                      page.kind === 'category' && c.slug === page.slug ? 'page' : undefined
                    }
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="list-page__header">
          <div>
            <HeadingTag ref={headingRef} tabIndex={-1} className="list-page__title">
              {heading}
            </HeadingTag>
            {category?.description && <p className="list-page__intro">{category.description}</p>}
          </div>
          <div className="list-page__tools">
            <p className="list-page__count" role="status">
              {total === null ? '' : plural(total, 'product', 'products')}
            </p>
            {!wide && !unknownCategory && (
              <Button
                variant="secondary"
                className="list-page__filters-button"
                aria-haspopup="dialog"
                onClick={() => setDrawerOpen(true)}
              >
                Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
              </Button>
            )}
            <div className="list-sort">
              <label htmlFor={sortId} className="list-sort__label">
                Sort by
              </label>
              <select
                id={sortId}
                className="list-sort__select"
                value={sort}
                onChange={(event) =>
                  change({
                    sort: event.target.value === defaultSort(page) ? null : event.target.value,
                  })
                }
              >
                {(choices.includes(sort) ? choices : [...choices, sort]).map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div className={wide ? 'list-page__body list-page__body--with-filters' : 'list-page__body'}>
          {wide && !unknownCategory && (
            <aside className="list-page__filters" aria-label="Filters">
              <Suspense fallback={null}>
                <FacetFilters {...filterProps} />
              </Suspense>
            </aside>
          )}
          <div className="list-page__main">
            {/* Cards name their product in an h3: a page headed by an h1 needs the level
                between, or screen readers' heading lists skip one (and axe says so). */}
            {page.kind !== 'home' && <h2 className="visually-hidden">Products</h2>}
            {body}
          </div>
        </div>
      </div>
      {drawerOpen && (
        <Suspense fallback={null}>
          <FilterDrawer {...filterProps} total={total} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
