/**
 * Vouchers (discount codes) and promotions: which apply, and when. Both are reference
 * data (ADR 005): each process keeps a copy for the cache's TTL, so a change shows
 * within that time. A future order step must re-read the voucher it charges.
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

type VoucherRow = Awaited<ReturnType<VoucherRepository['listActive']>>[number];
type PromotionRow = Awaited<ReturnType<PromotionRepository['listActive']>>[number];

/** One load of the live offers; immutable, compared by identity by view caches. */
export interface OffersSnapshot {
  readonly vouchers: ReadonlyMap<string, VoucherRow>;
  readonly promotions: readonly PromotionRow[];
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
  const cache = new TtlCache<OffersSnapshot>(async () => {
    const [vouchers, promotions] = await Promise.all([
      deps.vouchers.listActive(),
      deps.promotions.listActive(),
    ]);
    return { vouchers: new Map(vouchers.map((v) => [v.code, v])), promotions };
  }, deps.cacheMs);

  return {
    /** The offers as this process currently knows them. */
    snapshot: (): Promise<OffersSnapshot> => cache.get(),

    /** Forgets this process's copy: the next request reads the offers afresh (ADR 064). */
    invalidate: (): void => cache.invalidate(),

    /** The voucher's rule when the code exists and is live now, else null. */
    voucher(offers: OffersSnapshot, code: string): VoucherRule | null {
      const row = offers.vouchers.get(code);
      if (!row || !withinDates(now(), row.starts_at, row.expires_at)) return null;
      return { code: row.code, kind: row.kind, value: row.value, minSpend: pence(row.min_spend) };
    },

    /**
     * Whether the basket's shopper has used their share of its code (a code limited per
     * customer; ADR 064): the basket then shows it as an invalid code.
     */
    async spentByCustomer(
      offers: OffersSnapshot,
      basket: { voucher_code: string | null; email_address: string | null },
      userId: number | null,
    ): Promise<boolean> {
      const row = basket.voucher_code ? offers.vouchers.get(basket.voucher_code) : undefined;
      if (!row || row.max_uses_per_customer === null) return false;
      if (userId === null && !basket.email_address) return false;
      const uses = await deps.vouchers.customerUses(row.code, userId, basket.email_address);
      return uses >= row.max_uses_per_customer;
    },

    /** `offers` without one code (as if it did not exist). */
    without(offers: OffersSnapshot, code: string): OffersSnapshot {
      const vouchers = new Map(offers.vouchers);
      vouchers.delete(code);
      return { ...offers, vouchers };
    },

    /** Promotions running now. */
    livePromotions(offers: OffersSnapshot): GiftPromotion[] {
      const at = now();
      return offers.promotions
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
