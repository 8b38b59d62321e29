/**
 * The back office's offers replies (ADR 064): discount codes with their usage figures,
 * and the free-gift promotions. The server declares its routes with these schemas; the
 * browser imports the inferred types.
 */
import { z } from 'zod/mini';

const int = z.int();

/** The kinds of code staff choose; amounts are pence, percentages whole numbers. */
export const ADMIN_VOUCHER_KINDS = ['percentage', 'fixed', 'free_delivery'] as const;
export type AdminVoucherKind = (typeof ADMIN_VOUCHER_KINDS)[number];

/** Where a code stands now. */
export const VOUCHER_STATUSES = ['scheduled', 'live', 'ended', 'used_up', 'off'] as const;

export const voucherUsageSchema = z.object({
  /** Orders holding the code that are being paid or were paid (what the limits count). */
  uses: int,
  /** What the code took off those orders, pence. */
  discount_given: int,
  /** Those orders' totals after every discount, pence. */
  takings: int,
});

export const voucherSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(ADMIN_VOUCHER_KINDS),
  /** A percentage code that also takes its percentage off delivery. */
  includes_delivery: z.boolean(),
  /** Percent (percentage), pence (fixed) or 0 (free_delivery). */
  value: int,
  /** Pence of items needed for the code to apply. */
  minimum_spend: int,
  /** ISO 8601 instants, or null (no start / no end). */
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  max_uses: z.nullable(int),
  max_uses_per_customer: z.nullable(int),
  /** Switched on; a code switched off is 'off' whatever its dates. */
  active: z.boolean(),
  status: z.enum(VOUCHER_STATUSES),
  usage: voucherUsageSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export const voucherListSchema = z.object({ vouchers: z.array(voucherSchema) });

export const voucherOrderSchema = z.object({
  order_number: z.string(),
  placed_at: z.string(),
  status: z.string(),
  discount: int,
  total: int,
});

/** One customer's uses of a code: by account, or by email address for guests. */
export const voucherCustomerSchema = z.object({
  /** The account, or null for a guest. */
  user_id: z.nullable(int),
  email_address: z.string(),
  uses: int,
});

export const voucherDetailSchema = z.object({
  voucher: voucherSchema,
  /** The latest orders that used the code (at most 50), newest first. */
  orders: z.array(voucherOrderSchema),
  /** Customers who used it, most uses first (at most 50): by account, guests by email. */
  customers: z.array(voucherCustomerSchema),
  /** How many customers used it in all. */
  customer_count: int,
});

export const promotionSchema = z.object({
  id: int,
  name: z.string(),
  kind: z.literal('free_gift'),
  /** Pence of items (after item discounts) that earns the gift. */
  threshold: int,
  gift_product_id: int,
  gift_name: z.string(),
  gift_sku: z.string(),
  badge: z.string(),
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  active: z.boolean(),
  status: z.enum(['scheduled', 'live', 'ended', 'off']),
});

export const promotionListSchema = z.object({ promotions: z.array(promotionSchema) });

export type VoucherView = z.infer<typeof voucherSchema>;
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;
export type VoucherCustomer = z.infer<typeof voucherCustomerSchema>;
export type PromotionView = z.infer<typeof promotionSchema>;
