/** The only code that reads and writes promotions. */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

type Queryable = Db | Transaction<Database>;

/** A promotion as staff see it: with its gift's name and SKU. */
export interface PromotionRecord {
  id: number;
  name: string;
  kind: 'free_gift';
  threshold: number;
  gift_product_id: number;
  gift_name: string;
  gift_sku: string;
  badge: string;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
}

export interface PromotionFields {
  name: string;
  threshold: number;
  gift_product_id: number;
  badge: string;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
}

function withGift(db: Queryable) {
  return db
    .selectFrom('promotions as p')
    .innerJoin('products as g', 'g.id', 'p.gift_product_id')
    .select([
      'p.id',
      'p.name',
      'p.kind',
      'p.threshold',
      'p.gift_product_id',
      'g.name as gift_name',
      'g.sku as gift_sku',
      'p.badge',
      'p.starts_at',
      'p.ends_at',
      'p.active',
    ]);
}

export function promotionRepository(db: Db) {
  return {
    async listActive() {
      return db
        .selectFrom('promotions')
        .select([
          'id',
          'name',
          'kind',
          'threshold',
          'gift_product_id',
          'badge',
          'starts_at',
          'ends_at',
        ])
        .where('active', '=', true)
        .orderBy('id')
        .execute();
    },

    async all(): Promise<PromotionRecord[]> {
      return withGift(db).orderBy('p.id').execute();
    },

    async one(id: number, trx: Queryable = db): Promise<PromotionRecord | undefined> {
      return withGift(trx).where('p.id', '=', id).executeTakeFirst();
    },

    /** Locks the promotion's row for a change; false when there is none. */
    async lock(id: number, trx: Queryable): Promise<boolean> {
      const row = await trx
        .selectFrom('promotions')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(id: number, fields: PromotionFields, trx: Queryable): Promise<void> {
      await trx.updateTable('promotions').set(fields).where('id', '=', id).execute();
    },

    /** A product by id, or by SKU, to check it can be given (a variation on sale, not a bundle). */
    async giftable(productId: number | string, trx: Queryable = db) {
      return trx
        .selectFrom('products')
        .select(['id', 'sku', 'name', 'parent_id', 'discontinued', 'is_bundle'])
        .where(typeof productId === 'number' ? 'id' : 'sku', '=', productId)
        .executeTakeFirst();
    },
  };
}

export type PromotionRepository = ReturnType<typeof promotionRepository>;
