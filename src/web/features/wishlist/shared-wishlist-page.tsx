/**
 * A wishlist shared through its link (/wishlists/:shareId, issue 11): read-only, with
 * 'Add to basket' on each item, for anyone. An unknown or withdrawn link says so.
 */
import { Link, useParams } from 'react-router';
import { useSharedWishlist } from '../../api/wishlist-actions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { WishlistItems } from './wishlist-items.tsx';
import './wishlist.css';

export function SharedWishlistPage() {
  const { shareId = '' } = useParams();
  const list = useSharedWishlist(shareId);
  // The reply's message (the catalogue's wishlist_not_found, sent by the server): the
  // browser does not import the error catalogue (ADR 086).
  const notFound = list.error instanceof ApiError && list.error.status === 404 ? list.error : null;
  const title = list.data ? `${list.data.owner_first_name}’s wishlist` : null;
  usePageTitle(title ?? (notFound ? 'Wishlist not found' : 'Wishlist'));

  if (notFound) {
    return (
      <div className="container page wishlist-page">
        <h1>Wishlist not found</h1>
        <p>{notFound.message}</p>
        <p>
          <Link to="/">Browse our plants and flowers</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container page wishlist-page">
      {list.isError ? (
        <>
          <h1>Wishlist</h1>
          <ErrorFallback onRetry={() => void list.refetch()}>
            <p>We couldn’t load this wishlist just now. Please try again.</p>
          </ErrorFallback>
        </>
      ) : list.data ? (
        <>
          <h1>{title}</h1>
          {list.data.items.length === 0 ? (
            <p>There’s nothing on this wishlist at the moment.</p>
          ) : (
            <WishlistItems items={list.data.items} />
          )}
        </>
      ) : (
        <div className="wishlist-page__loading">
          <LoadingOverlay message="Loading wishlist…" />
        </div>
      )}
    </div>
  );
}
