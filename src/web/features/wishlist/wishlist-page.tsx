/**
 * The customer's wishlist (/account/wishlist, issue 11): the saved items with 'Add
 * to basket' and 'Remove', and a share link to copy or withdraw. Without a stored
 * login it sends the visitor to log in and come back.
 */
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { WishlistView } from '../../../domain/api/wishlist.ts';
import { useWishlist } from '../../api/wishlist.ts';
import { shareUrl, useChangeWishlist, useWishlistSharing } from '../../api/wishlist-actions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthToken } from '../../lib/auth-token-read.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { WishlistItems } from './wishlist-items.tsx';
import './wishlist.css';

const problem = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Sorry, something went wrong. Please try again.';

export function WishlistPage() {
  usePageTitle('Your wishlist');
  const token = useAuthToken();
  const list = useWishlist();
  const { pathname, search } = useLocation();

  if (!token) return <Navigate to={loginFor(`${pathname}${search}`)} replace />;
  return (
    <div className="container page wishlist-page">
      <h1>Your wishlist</h1>
      {list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()}>
          <p>We couldn’t load your wishlist just now. Please try again.</p>
        </ErrorFallback>
      ) : list.data ? (
        <WishlistContent wishlist={list.data} />
      ) : (
        <div className="wishlist-page__loading">
          <LoadingOverlay message="Loading your wishlist…" />
        </div>
      )}
    </div>
  );
}

function WishlistContent({ wishlist }: { wishlist: WishlistView }) {
  const change = useChangeWishlist();
  const removingId =
    change.isPending && 'remove' in change.variables ? (change.variables.remove[0] ?? null) : null;

  if (wishlist.items.length === 0) {
    return (
      <div className="wishlist-page__empty">
        <p>Your wishlist is empty.</p>
        <p>Tap the heart on any product to save it here for later.</p>
        <p>
          <Link to="/">Browse our plants and flowers</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="wishlist-page__count">
        {wishlist.items.length} {wishlist.items.length === 1 ? 'item' : 'items'} saved
      </p>
      {change.isError && (
        <Notice tone="error">
          <p>{problem(change.error)}</p>
        </Notice>
      )}
      {change.isSuccess && 'remove' in change.variables && (
        <Notice tone="success">
          <p>Removed from your wishlist.</p>
        </Notice>
      )}
      <WishlistItems
        items={wishlist.items}
        onRemove={(item) => change.mutate({ remove: [item.id] })}
        removingId={removingId}
      />
      <ShareLink shareId={wishlist.share_id} />
    </>
  );
}

function ShareLink({ shareId }: { shareId: string | null }) {
  const sharing = useWishlistSharing();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const url = shareId ? shareUrl(shareId) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <section className="wishlist-share" aria-labelledby="wishlist-share-title">
      <h2 id="wishlist-share-title" className="wishlist-share__title">
        Share your wishlist
      </h2>
      {url ? (
        <>
          <p>Anyone with this link can see your wishlist (your first name and the items):</p>
          <p className="wishlist-share__link">
            <a href={url}>{url}</a>
          </p>
          <div className="wishlist-share__actions">
            <Button onClick={() => void copy()}>Copy link</Button>
            <Button
              variant="secondary"
              busy={sharing.isPending}
              busyLabel="Stopping…"
              onClick={() => {
                setCopied(null);
                sharing.mutate(false);
              }}
            >
              Stop sharing
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>Make a link to send to friends and family. You can stop sharing at any time.</p>
          <Button
            busy={sharing.isPending}
            busyLabel="Sharing…"
            onClick={() => sharing.mutate(true)}
          >
            Share wishlist
          </Button>
        </>
      )}
      <p className="visually-hidden" role="status">
        {copied === 'yes' ? 'Link copied' : ''}
      </p>
      {copied === 'yes' && (
        <p className="wishlist-share__copied" aria-hidden="true">
          Link copied
        </p>
      )}
      {copied === 'no' && url && (
        <Notice tone="warning">
          <p>We couldn’t copy the link. Please select it above and copy it yourself.</p>
        </Notice>
      )}
      {sharing.isError && (
        <Notice tone="error">
          <p>{problem(sharing.error)}</p>
        </Notice>
      )}
    </section>
  );
}
