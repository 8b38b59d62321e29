import { Link } from 'react-router';
import { changeListParams, listHref, type ListPage } from './list-params.ts';

/**
 * The page links to show for page `current` of `last`: the first and last, the
 * current one and its neighbours, with 'gap' where pages are left out.
 */
export function pageLinks(current: number, last: number): (number | 'gap')[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  const links: (number | 'gap')[] = [];
  for (const n of shown) {
    const previous = links.at(-1);
    if (typeof previous === 'number' && n - previous === 2) links.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) links.push('gap');
    links.push(n);
  }
  return links;
}

export interface PaginationProps {
  page: ListPage;
  params: URLSearchParams;
  current: number;
  last: number;
}

/** Page links under a list: previous, the pages around this one, next. */
export function Pagination({ page, params, current, last }: PaginationProps) {
  if (last <= 1) return null;
  const href = (n: number) => listHref(page, changeListParams(params, { page: String(n) }));
  return (
    <nav className="list-pages" aria-label="Pages">
      <ul className="list-pages__list" role="list">
        <li>
          {current > 1 ? (
            <Link
              className="list-pages__link"
              to={href(current - 1)}
              rel="prev"
              aria-label="Previous page"
            >
              Previous
            </Link>
          ) : (
            <span className="list-pages__link list-pages__link--off" aria-hidden="true">
              Previous
            </span>
          )}
        </li>
        {pageLinks(current, last).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} className="list-pages__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="list-pages__link"
                to={href(n)}
                aria-current={n === current ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link
              className="list-pages__link"
              to={href(current + 1)}
              rel="next"
              aria-label="Next page"
            >
              Next
            </Link>
          ) : (
            <span className="list-pages__link list-pages__link--off" aria-hidden="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
