/**
 * Changing the wishlist (issue 11, ADR 024): saving and removing items, sharing it,
 * and reading a list shared with the shopper. Every change puts the server's reply in
 * the cached wishlist. Kept apart from wishlist.ts so the home page loads it only when
 * a heart is tapped.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SharedWishlistView, WishlistView } from '../../domain/api/wishlist.ts';
import { api } from '../lib/api-client.ts';
import { fetchWishlist, WISHLIST_KEY } from './wishlist.ts';

type Reply = { wishlist: WishlistView };

/** Saves `add` (a variation or a family with one variation), or removes the items `remove` names. */
export type WishlistChange = { add: number } | { remove: number[] };

/** Makes the change and caches the list the server answers. */
export async function changeWishlist(
  client: QueryClient,
  change: WishlistChange,
): Promise<WishlistView> {
  let list: WishlistView | undefined;
  if ('add' in change) {
    list = (await api<Reply>('POST', '/user/wishlist/items', { product_id: change.add })).wishlist;
  } else {
    for (const id of change.remove) {
      list = (await api<Reply>('DELETE', `/user/wishlist/items/${id}`)).wishlist;
    }
  }
  list ??= await fetchWishlist();
  client.setQueryData(WISHLIST_KEY, list);
  return list;
}

export function useChangeWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WishlistChange) => changeWishlist(client, change),
    scope: { id: 'wishlist' },
  });
}

/** share true: POST /user/wishlist/share (the link in force stays); false: DELETE (withdraws it). */
export function useWishlistSharing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (share: boolean) =>
      (await api<Reply>(share ? 'POST' : 'DELETE', '/user/wishlist/share')).wishlist,
    onSuccess: (list) => client.setQueryData(WISHLIST_KEY, list),
    scope: { id: 'wishlist' },
  });
}

/** The wishlist behind a share link, for anyone. */
export function useSharedWishlist(shareId: string) {
  return useQuery({
    queryKey: ['shared-wishlist', shareId],
    queryFn: async () =>
      (
        await api<{ wishlist: SharedWishlistView }>(
          'GET',
          `/wishlists/${encodeURIComponent(shareId)}`,
        )
      ).wishlist,
  });
}

/** The address of a share link on this site. */
export function shareUrl(shareId: string): string {
  return `${window.location.origin}/wishlists/${encodeURIComponent(shareId)}`;
}
