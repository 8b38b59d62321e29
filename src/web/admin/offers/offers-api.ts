/** The offers pages' calls (ADR 064): discount codes and the free-gift promotions. */
import type {
  AdminVoucherKind,
  PromotionView,
  VoucherDetail,
  VoucherView,
} from '../../../domain/api/admin-offers.ts';
import { adminApi } from '../lib/admin-api.ts';

export const OFFERS_KEY = ['admin', 'offers'] as const;

export const fetchVouchers = async () =>
  (await adminApi<{ vouchers: VoucherView[] }>('GET', '/vouchers')).vouchers;

export const fetchVoucher = (code: string) =>
  adminApi<VoucherDetail>('GET', `/vouchers/${encodeURIComponent(code)}`);

export const fetchPromotions = async () =>
  (await adminApi<{ promotions: PromotionView[] }>('GET', '/promotions')).promotions;

export interface VoucherBody {
  code?: string;
  description?: string;
  kind?: AdminVoucherKind;
  includes_delivery?: boolean;
  value?: number;
  minimum_spend?: number;
  starts_at?: string | null;
  ends_at?: string | null;
  max_uses?: number | null;
  max_uses_per_customer?: number | null;
  active?: boolean;
}

export async function createVoucher(body: VoucherBody) {
  return (await adminApi<{ voucher: VoucherView }>('POST', '/vouchers', body)).voucher;
}

export async function patchVoucher(code: string, body: VoucherBody) {
  return (
    await adminApi<{ voucher: VoucherView }>('PATCH', `/vouchers/${encodeURIComponent(code)}`, body)
  ).voucher;
}

export interface PromotionBody {
  name?: string;
  /** The gift variation by SKU. */
  gift_sku?: string;
  threshold?: number;
  badge?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  active?: boolean;
}

export async function patchPromotion(id: number, body: PromotionBody) {
  return (await adminApi<{ promotion: PromotionView }>('PATCH', `/promotions/${id}`, body))
    .promotion;
}

/** Pence from pounds typed as '12' or '12.50'; NaN when not an amount (the server says why). */
export function penceOf(pounds: string): number {
  const text = pounds.trim().replace(/^£/, '');
  return /^\d{1,7}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
}

/** Pounds as a form shows pence: '12.50'. */
export const poundsOf = (amount: number) => (amount / 100).toFixed(2);

/** A whole number typed, null when blank (no limit), NaN otherwise. */
export function limitOf(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}
