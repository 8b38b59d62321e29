/**
 * Wire shapes of the wishlist endpoints (issue 11, ADR 024): the customer's own list
 * and the read-only view anyone with its share link sees.
 */
import type { ProductView } from './catalogue.ts';

/** One saved variation. */
export interface WishlistItemView {
  id: number;
  /** The Product shape of spec section 3, with today's price and stock. */
  product: ProductView;
  /** ISO 8601. */
  added_at: string;
}

/** GET /api/v1/user/wishlist: the signed-in customer's wishlist, newest first. */
export interface WishlistView {
  /** The id of its share link (/wishlists/{share_id}), or null when not shared. */
  share_id: string | null;
  items: WishlistItemView[];
}

/** GET /api/v1/wishlists/{share_id}: what a shared link shows. */
export interface SharedWishlistView {
  owner_first_name: string;
  items: WishlistItemView[];
}

/** POST /api/v1/user/wishlist/items. */
export interface AddToWishlist {
  product_id: number;
}
