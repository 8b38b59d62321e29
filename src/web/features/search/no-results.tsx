import { Link } from 'react-router';
import type { CategoryView } from '../../../domain/api/catalogue.ts';
import {
  categoryPath,
  changeListParams,
  clearFilters,
  hasFilters,
  listHref,
  SEARCH_PATH,
  type ListPage,
} from './list-params.ts';

const POPULAR_CATEGORIES = 6;

/** Categories with the most products first, for a list that found nothing. */
function popular(categories: CategoryView[] | undefined): CategoryView[] {
  return [...(categories ?? [])]
    .filter((c) => c.product_count > 0)
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, POPULAR_CATEGORIES);
}

export interface NoResultsProps {
  page: ListPage;
  params: URLSearchParams;
  /** The API's corrected search text, if it has one. */
  didYouMean: string | null;
  categories: CategoryView[] | undefined;
}

/**
 * A list with nothing in it: why (the search text, or the filters, with a way to clear
 * them), the corrected search as a link, and the categories with the most products.
 */
export function NoResults({ page, params, didYouMean, categories }: NoResultsProps) {
  const filtered = hasFilters(page, params);
  const popularCategories = popular(categories);
  return (
    <div className="list-empty">
      <p className="list-empty__title">
        {filtered
          ? 'No products match these filters'
          : page.kind === 'search' && page.q
            ? `No results for “${page.q}”`
            : page.kind === 'category'
              ? 'No products in this category yet'
              : 'No products yet'}
      </p>
      {didYouMean && (
        <p className="list-empty__suggestion">
          Did you mean{' '}
          <Link to={`${SEARCH_PATH}?${new URLSearchParams({ q: didYouMean }).toString()}`}>
            {didYouMean}
          </Link>
          ?
        </p>
      )}
      {filtered && (
        <p>
          <Link to={listHref(page, changeListParams(params, clearFilters(page)))}>
            Clear all filters
          </Link>
        </p>
      )}
      {popularCategories.length > 0 && (
        <nav className="list-empty__popular" aria-label="Popular categories">
          <p>Popular categories</p>
          <ul role="list">
            {popularCategories.map((c) => (
              <li key={c.slug}>
                <Link to={categoryPath(c.slug)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {page.kind !== 'home' && (
        <p>
          <Link to="/">See all our plants and flowers</Link>
        </p>
      )}
    </div>
  );
}
