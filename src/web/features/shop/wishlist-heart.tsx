/**
 * The heart that saves a product to the wishlist (issue 11, ADR 024): a toggle button
 * ('Add to wishlist' / 'Remove from wishlist', aria-pressed) whose changes a polite
 * live region reads out. A guest's tap waits in sessionStorage and is saved when the
 * heart shows again, signed in (wishlist-heart-actions.ts). Product cards load it
 * lazily (lazy-wishlist-heart.tsx): the home page's JavaScript budget is full (ADR 009).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { useWishlist } from '../../api/wishlist.ts';
import { useAuthToken } from '../../lib/auth-token-read.ts';
import { PENDING_WISHLIST_KEY, tapHeart } from './wishlist-heart-actions.ts';
import './wishlist-heart.css';

export interface WishlistHeartProps {
  /** The variation a tap saves (product page). */
  productId?: number;
  /** Or the family a card shows: any of its variations saved fills the heart. */
  family?: FamilyView;
  /** Id of the element naming the product (the card's title). */
  describedBy?: string;
}

export function WishlistHeart({ productId, family, describedBy }: WishlistHeartProps) {
  const signedIn = useAuthToken() !== null;
  const list = useWishlist();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [said, say] = useState('');
  // The state a tap is on its way to (shown at once), or null.
  const [going, setGoing] = useState<boolean | null>(null);
  const key = family ? `family:${family.id}` : `product:${productId}`;
  const saved = ((signedIn && list.data?.items) || [])
    .filter((i) => (family ? i.product.parent_id === family.id : i.product.id === productId))
    .map((i) => i.id);
  const pressed = going ?? saved.length > 0;

  /** Makes the change; the live region says how it went. */
  const run = (add: boolean) =>
    tapHeart({
      client,
      navigate,
      from: pathname + search,
      key,
      signedIn,
      add,
      saved,
      target: family ?? productId ?? 0,
    })
      .catch(() => 'Sorry, we couldn’t update your wishlist. Please try again.')
      .then((message) => {
        setGoing(null);
        say(message);
      });

  const tap = (add: boolean) => {
    if (going !== null) return;
    setGoing(add);
    say('');
    void run(add);
  };

  // Back from logging in: save what the guest tapped.
  const ready = signedIn && list.isSuccess;
  useEffect(() => {
    if (!ready || sessionStorage.getItem(PENDING_WISHLIST_KEY) !== key) return;
    sessionStorage.removeItem(PENDING_WISHLIST_KEY);
    if (saved.length === 0) void run(true);
    // Once, when the list is first known: run and saved are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, key]);

  return (
    <>
      <button
        type="button"
        className="wishlist-heart"
        aria-pressed={pressed}
        aria-describedby={describedBy}
        onClick={() => tap(!pressed)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.3 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.7 0 5.8 3.9 4.5 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
        <span className="visually-hidden">
          {pressed ? 'Remove from wishlist' : 'Add to wishlist'}
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </>
  );
}
