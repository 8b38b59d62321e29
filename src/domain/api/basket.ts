/**
 * Wire shape of the basket (spec section 3, design/api-shapes.md), shared by the
 * server that builds it and the browser that reads it.
 */
import type { Address } from '../schemas/address.ts';
import type { AmountView, PriceView } from '../price-view.ts';
import type { Discount } from '../pricing.ts';
import type { ProductView } from './catalogue.ts';

export interface BasketItemView {
  /** A number for shopper items (PATCH/DELETE take it); 'promotion-N' for gifts. */
  id: number | string;
  name: string;
  quantity: number;
  preorder: boolean;
  preorder_quantity: number;
  preorder_restock_date: string | null;
  is_promotion_item: boolean;
  /** Shown on promotion items, e.g. 'Free gift'. */
  badge: string | null;
  discontinued: boolean;
  related_item_id: number | null;
  product: ProductView;
  price: PriceView;
  discounted_price: PriceView | null;
  total_price: PriceView;
  discounted_total_price: PriceView | null;
}

export interface DeliveryOptionView {
  id: string;
  name: string;
  description: string;
  price: PriceView;
}

export type AddressView = Address & { full_name: string };

export interface BasketView {
  items: BasketItemView[];
  promotion_items: BasketItemView[];
  prices: { items: PriceView; delivery: PriceView; total: PriceView };
  discounted_prices: { total: PriceView } | null;
  discounts: Discount[];
  loyalty_points: { using: boolean; available: number; discount: AmountView };
  voucher: { code: string; valid: boolean; message: string | null } | null;
  delivery_address: AddressView | null;
  billing_address: AddressView | null;
  delivery_option: { id: string } | null;
  available_delivery_options: DeliveryOptionView[];
  delivery_safe_place: string | null;
  delivery_safe_place_option: string | null;
  delivery_safe_place_option_note: string | null;
  preorder_restock_dates: Record<string, { name: string; date: string | null }>;
  tax_exempt: boolean;
  prices_exclude_tax: boolean;
  email_address: string | null;
  payment_required: boolean;
  /** How many items will be ordered (sum of quantities; gifts and discontinued lines excluded). */
  item_count: number;
}
