/**
 * Vouchers (discount codes) and promotions: which apply, and when.
 */
import { pence, type Pence } from '../../../domain/money.ts';
import type { VoucherRule } from '../../../domain/pricing.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PromotionRepository } from './promotion.repository.ts';
import type { VoucherRepository } from './voucher.repository.ts';

export interface GiftPromotion {
  id: number;
  name: string;
  threshold: Pence;
  giftProductId: number;
  badge: string;
}

function withinDates(now: Date, starts: Date | string | null, ends: Date | string | null): boolean {
  if (starts && new Date(starts) > now) return false;
  if (ends && new Date(ends) < now) return false;
  return true;
}

export function offersService(deps: {
  vouchers: VoucherRepository;
  promotions: PromotionRepository;
  cacheMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const promotions = new TtlCache(() => deps.promotions.listActive(), deps.cacheMs);
  return {
    /** The voucher's rule when the code exists and is live now, else null. */
    async findVoucher(code: string): Promise<VoucherRule | null> {
      const row = await deps.vouchers.findByCode(code);
      if (!row || !row.active || !withinDates(now(), row.starts_at, row.expires_at)) return null;
      return { code: row.code, kind: row.kind, value: row.value, minSpend: pence(row.min_spend) };
    },

    /** Promotions running now. */
    async livePromotions(): Promise<GiftPromotion[]> {
      const at = now();
      return (await promotions.get())
        .filter((p) => withinDates(at, p.starts_at, p.ends_at))
        .map((p) => ({
          id: p.id,
          name: p.name,
          threshold: pence(p.threshold),
          giftProductId: p.gift_product_id,
          badge: p.badge,
        }));
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
