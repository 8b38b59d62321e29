/** The only code that reads vouchers. */
import type { Db } from '../../db/client.ts';

export function voucherRepository(db: Db) {
  return {
    /** Every voucher switched on (dates are checked when one is applied). */
    async listActive() {
      return db
        .selectFrom('vouchers')
        .select(['code', 'kind', 'value', 'min_spend', 'starts_at', 'expires_at'])
        .where('active', '=', true)
        .execute();
    },
  };
}

export type VoucherRepository = ReturnType<typeof voucherRepository>;
