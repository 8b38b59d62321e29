/**
 * Wire shapes of the wishlist endpoints (issue 11, ADR 024): the customer's own list
 * and the read-only view anyone with its share link sees. Replies are inferred from
 * their schemas (replies.ts, ADR 046).
 */
import type { z } from 'zod/mini';
import type { sharedWishlistSchema, wishlistItemSchema, wishlistSchema } from './replies.ts';

/** One saved variation. */
export type WishlistItemView = z.output<typeof wishlistItemSchema>;

/** GET /api/v1/user/wishlist: the signed-in customer's wishlist, newest first. */
export type WishlistView = z.output<typeof wishlistSchema>;

/** GET /api/v1/wishlists/{share_id}: what a shared link shows. */
export type SharedWishlistView = z.output<typeof sharedWishlistSchema>;

/** POST /api/v1/user/wishlist/items. */
export interface AddToWishlist {
  product_id: number;
}
