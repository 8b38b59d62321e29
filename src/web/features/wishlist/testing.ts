/** Wishlist fixtures for the component tests, made from the shop's fixture products. */
import type { WishlistItemView, WishlistView } from '../../../domain/api/wishlist.ts';
import { fiddleLeafFig, oliveTree } from '../shop/testing/fixtures.ts';

const variation = (family: typeof oliveTree, sku: string) => {
  const found = family.variations.find((v) => v.sku === sku);
  if (!found) throw new Error(`No fixture variation ${sku}`);
  return found;
};

export const oliveItem: WishlistItemView = {
  id: 501,
  product: variation(oliveTree, 'OLV-120-GRY'),
  added_at: '2026-11-20T10:00:00.000Z',
};

export const figItem: WishlistItemView = {
  id: 502,
  product: {
    ...variation(fiddleLeafFig, fiddleLeafFig.variations[0]?.sku ?? ''),
    quantity_available: 0,
  },
  added_at: '2026-11-19T10:00:00.000Z',
};

export const wishlist = (
  items: WishlistItemView[],
  share_id: string | null = null,
): WishlistView => ({
  share_id,
  items,
});
