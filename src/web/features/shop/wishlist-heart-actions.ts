/**
 * What a tap on a wishlist heart does (wishlist-heart.tsx): a signed-in customer's list changes; a guest (or a login the server no longer
 * accepts) is sent to log in, coming back to this page, with the tap remembered.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { changeWishlist } from '../../api/wishlist-actions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { defaultVariation } from '../../../domain/product-variation.ts';

/** sessionStorage key of the heart a guest tapped before logging in. */
export const PENDING_WISHLIST_KEY = 'everbloom.wishlist.pending';

export interface HeartTap {
  client: QueryClient;
  navigate: NavigateFunction;
  /** The page to come back to after logging in. */
  from: string;
  /** Names the heart, so the one tapped saves after login. */
  key: string;
  signedIn: boolean;
  add: boolean;
  /** The saved items the heart stands for (removed by an 'un-tap'). */
  saved: number[];
  /** A variation id, or a card's family (its default variation is saved, as the product page would show it). */
  target: number | FamilyView;
}

/** Does what the tap asks; answers what the live region says. */
export async function tapHeart(tap: HeartTap): Promise<string> {
  const logInFirst = () => {
    sessionStorage.setItem(PENDING_WISHLIST_KEY, tap.key);
    void tap.navigate(loginFor(tap.from));
    return '';
  };
  if (!tap.signedIn) return logInFirst();
  const productId =
    typeof tap.target === 'number' ? tap.target : (defaultVariation(tap.target)?.id ?? 0);
  try {
    await changeWishlist(tap.client, tap.add ? { add: productId } : { remove: tap.saved });
    return tap.add ? 'Added to your wishlist' : 'Removed from your wishlist';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return logInFirst();
    throw error;
  }
}
