/**
 * The signed-in customer's wishlist query (issue 11, ADR 024). Only what the product
 * cards' hearts need to show themselves filled or not: they bring this module onto the
 * home page, whose JavaScript budget is full (ADR 009). Changing and sharing the list
 * live in wishlist-actions.ts, loaded when first used.
 */
import { useQuery } from '@tanstack/react-query';
import type { WishlistView } from '../../domain/api/wishlist.ts';
import { api } from '../lib/api-client.ts';
import { useAuthToken } from '../lib/auth-token-read.ts';

export const WISHLIST_KEY = ['wishlist'] as const;

export const fetchWishlist = async () =>
  (await api<{ wishlist: WishlistView }>('GET', '/user/wishlist')).wishlist;

/** The wishlist; idle while no login is stored. */
export function useWishlist() {
  const signedIn = useAuthToken() !== null;
  return useQuery({ queryKey: WISHLIST_KEY, queryFn: fetchWishlist, enabled: signedIn });
}
