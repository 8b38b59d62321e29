/** Demo vouchers and promotions (documented in the README). */
import type { VoucherKind } from '../../../domain/pricing.ts';

export interface DemoVoucher {
  code: string;
  description: string;
  kind: VoucherKind;
  value: number;
  minSpend: number;
  expiresAt: string | null;
}

export const demoVouchers: DemoVoucher[] = [
  {
    code: 'WELCOME10',
    description: '10% off items',
    kind: 'percent_items',
    value: 10,
    minSpend: 0,
    expiresAt: null,
  },
  {
    code: 'TENOFF',
    description: '£10 off baskets over £50',
    kind: 'fixed_items',
    value: 1000,
    minSpend: 5000,
    expiresAt: null,
  },
  {
    code: 'FREEDEL',
    description: 'Free delivery',
    kind: 'free_delivery',
    value: 0,
    minSpend: 0,
    expiresAt: null,
  },
  {
    code: 'FREEORDER',
    description: '100% off the whole order',
    kind: 'percent_order',
    value: 100,
    minSpend: 0,
    expiresAt: null,
  },
  {
    code: 'EXPIRED2024',
    description: '20% off (ended 31/12/2024)',
    kind: 'percent_items',
    value: 20,
    minSpend: 0,
    expiresAt: '2024-12-31T23:59:59Z',
  },
];

export interface DemoPromotion {
  name: string;
  threshold: number;
  giftSku: string;
  badge: string;
}

export const demoPromotions: DemoPromotion[] = [
  {
    name: 'Free Mini Succulent on orders over £75',
    threshold: 7500,
    giftSku: 'GIFT-SUCC',
    badge: 'Free gift',
  },
];
