/** The only code that reads promotions. */
import type { Db } from '../../db/client.ts';

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
  };
}

export type PromotionRepository = ReturnType<typeof promotionRepository>;
