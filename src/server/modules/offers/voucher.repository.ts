/** The only code that reads vouchers. */
import type { Db } from '../../db/client.ts';

export function voucherRepository(db: Db) {
  return {
    async findByCode(code: string) {
      return db
        .selectFrom('vouchers')
        .select(['code', 'kind', 'value', 'min_spend', 'starts_at', 'expires_at', 'active'])
        .where('code', '=', code)
        .executeTakeFirst();
    },
  };
}

export type VoucherRepository = ReturnType<typeof voucherRepository>;
