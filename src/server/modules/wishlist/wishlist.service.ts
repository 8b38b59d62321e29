/**
 * Wishlists (issue 11, ADR 024): a signed-in customer saves variations, removes them,
 * and shares the list through a link anyone can read until they withdraw it. Items
 * show today's Product view; a variation no longer in the catalogue is left out.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../domain/errors.ts';
import type {
  SharedWishlistView,
  WishlistItemView,
  WishlistView,
} from '../../../domain/api/wishlist.ts';
import { variationToAdd } from '../basket/basket.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { WishlistItemRecord, WishlistRepository } from './wishlist.repository.ts';

/** 18 random bytes: 24 URL-safe characters, 144 bits, not guessable. */
export function newShareId(): string {
  return randomBytes(18).toString('base64url');
}

/** What a share id looks like; anything else is not looked up. */
const SHARE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function wishlistService(deps: {
  repository: WishlistRepository;
  catalogue: CatalogueService;
}) {
  const { repository, catalogue } = deps;

  async function itemViews(records: WishlistItemRecord[]): Promise<WishlistItemView[]> {
    const snapshot = await catalogue.snapshotOf(records.map((record) => record.product_id));
    return records.flatMap((record) => {
      const variation = snapshot.variation(record.product_id);
      return variation
        ? [
            {
              id: record.id,
              product: snapshot.productView(variation),
              added_at: new Date(record.added_at).toISOString(),
            },
          ]
        : [];
    });
  }

  async function view(userId: number): Promise<WishlistView> {
    const wishlist = await repository.ofUser(userId);
    if (!wishlist) return { share_id: null, items: [] };
    return {
      share_id: wishlist.share_id,
      items: await itemViews(await repository.items(wishlist.id)),
    };
  }

  return {
    view,

    /** Saves a variation (or a family's only one); a family with several asks which. */
    async add(userId: number, productId: number): Promise<WishlistView> {
      const variation = variationToAdd(await catalogue.snapshotOf([productId]), productId);
      await repository.add(userId, variation.row.id);
      return view(userId);
    },

    async remove(userId: number, itemId: number): Promise<WishlistView> {
      if (!(await repository.remove(userId, itemId))) throw new AppError('wishlist_item_not_found');
      return view(userId);
    },

    /** Turns sharing on; the link already in force stays the same. */
    async share(userId: number): Promise<WishlistView> {
      await repository.share(userId, newShareId());
      return view(userId);
    },

    async stopSharing(userId: number): Promise<WishlistView> {
      await repository.stopSharing(userId);
      return view(userId);
    },

    async shared(shareId: string): Promise<SharedWishlistView> {
      const wishlist = SHARE_ID.test(shareId) ? await repository.byShareId(shareId) : undefined;
      if (!wishlist) throw new AppError('wishlist_not_found');
      return {
        owner_first_name: wishlist.owner_first_name,
        items: await itemViews(await repository.items(wishlist.id)),
      };
    },
  };
}

export type WishlistService = ReturnType<typeof wishlistService>;
