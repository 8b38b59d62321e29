/** The only code that reads and writes wishlists and their items (ADR 024). */
import type { Db } from '../../db/client.ts';

export interface WishlistItemRecord {
  id: number;
  product_id: number;
  added_at: Date;
}

export interface WishlistRecord {
  id: number;
  share_id: string | null;
}

export function wishlistRepository(db: Db) {
  /** The customer's wishlist id, made on first use. */
  async function ensure(userId: number): Promise<number> {
    const made = await db
      .insertInto('wishlists')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made) return made.id;
    const row = await db
      .selectFrom('wishlists')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    async ofUser(userId: number): Promise<WishlistRecord | undefined> {
      return db
        .selectFrom('wishlists')
        .select(['id', 'share_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A shared wishlist and its owner's first name; undefined when no list has that id. */
    async byShareId(
      shareId: string,
    ): Promise<(WishlistRecord & { owner_first_name: string }) | undefined> {
      return db
        .selectFrom('wishlists')
        .innerJoin('users', 'users.id', 'wishlists.user_id')
        .select(['wishlists.id', 'wishlists.share_id', 'users.first_name as owner_first_name'])
        .where('wishlists.share_id', '=', shareId)
        .executeTakeFirst();
    },

    /** Newest first. */
    async items(wishlistId: number): Promise<WishlistItemRecord[]> {
      return db
        .selectFrom('wishlist_items')
        .select(['id', 'product_id', 'added_at'])
        .where('wishlist_id', '=', wishlistId)
        .orderBy('added_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Saves a variation; saving one already there changes nothing. */
    async add(userId: number, productId: number): Promise<void> {
      const wishlistId = await ensure(userId);
      await db
        .insertInto('wishlist_items')
        .values({ wishlist_id: wishlistId, product_id: productId })
        .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
        .execute();
    },

    /** Removes an item of this customer's wishlist; false when they have no such item. */
    async remove(userId: number, itemId: number): Promise<boolean> {
      const removed = await db
        .deleteFrom('wishlist_items')
        .where('id', '=', itemId)
        .where('wishlist_id', 'in', (eb) =>
          eb.selectFrom('wishlists').select('id').where('user_id', '=', userId),
        )
        .executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },

    /** Sets the share id unless one is set already; returns the one in force. */
    async share(userId: number, newShareId: string): Promise<void> {
      const wishlistId = await ensure(userId);
      await db
        .updateTable('wishlists')
        .set({ share_id: newShareId })
        .where('id', '=', wishlistId)
        .where('share_id', 'is', null)
        .execute();
    },

    async stopSharing(userId: number): Promise<void> {
      await db
        .updateTable('wishlists')
        .set({ share_id: null })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
