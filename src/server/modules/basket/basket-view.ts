/**
 * The priced Basket view every basket endpoint answers (spec section 3), and its reuse
 * while nothing it shows has changed (ADR 005).
 */
import { deliveryEstimate } from '../../../domain/delivery-estimate.ts';
import type {
  AddressView,
  BasketItemView,
  BasketView,
  DeliveryOptionView,
} from '../../../domain/api/basket.ts';
import { ESTIMATE_ADDRESS } from '../../../domain/delivery-zones.ts';
import { pence } from '../../../domain/money.ts';
import { priceView } from '../../../domain/price-view.ts';
import { deliveryOptionPrice, earnedPromotions, priceBasket } from '../../../domain/pricing.ts';
import { addressSchema, fullName } from '../../../domain/schemas/address.ts';
import type { StoredAddress } from '../../db/schema.ts';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue.service.ts';
import type { DeliveryRules, DeliveryService } from '../delivery/delivery.service.ts';
import type { OffersService, OffersSnapshot } from '../offers/offers.service.ts';
import type { BasketRecord } from './basket.repository.ts';
import type { BasketViewCache } from './basket-view-cache.ts';

/** Who is looking at the basket: decides tax display and buds. */
export interface BasketViewer {
  /** The signed-in customer, or null for a guest. */
  userId: number | null;
  pricesExcludeTax: boolean;
  loyaltyAvailable: number;
  /** The customer's store credit (pence; ADR 052); 0 for a guest. */
  creditAvailable: number;
  /**
   * The customer asked for abandoned-basket reminders (ADR 077): only then does a
   * write look for a reminder to queue. Absent: no.
   */
  wantsReminders?: boolean;
}

export const GUEST_VIEWER: BasketViewer = {
  userId: null,
  pricesExcludeTax: false,
  loyaltyAvailable: 0,
  creditAvailable: 0,
};

/**
 * The reference data a view is priced with, as this process knows it now. `catalogue`
 * holds only the families a basket needs (`forBasket`); every snapshot of one cache
 * generation shows the same data, so the generation is what the reuse key compares.
 */
export interface Reference {
  catalogue: CatalogueSnapshot;
  delivery: DeliveryRules;
  offers: OffersSnapshot;
}

/** A stored address as the view shows it, or null when none (or no longer valid). */
export function addressView(stored: StoredAddress | null): AddressView | null {
  if (!stored) return null;
  const parsed = addressSchema.safeParse(stored);
  if (!parsed.success) return null;
  return { ...parsed.data, full_name: fullName(parsed.data) };
}

export function basketViews(deps: {
  catalogue: CatalogueService;
  delivery: DeliveryService;
  offers: OffersService;
  /** Views of recently seen baskets, reused until the basket or its prices change. */
  cache: BasketViewCache;
  /** The clock delivery estimates start from. */
  now?: () => Date;
}) {
  const { catalogue, delivery, offers, cache } = deps;
  const now = deps.now ?? (() => new Date());

  const keyOf = (viewer: BasketViewer, ref: Reference) => ({
    viewer: `${viewer.userId}:${viewer.pricesExcludeTax}:${viewer.loyaltyAvailable}:${viewer.creditAvailable}`,
    reference: [ref.catalogue.generation, ref.delivery, ref.offers],
  });

  /** The reference data, with no catalogue families yet (enough to compare reuse keys). */
  async function reference(): Promise<Reference> {
    const [catalogueSnapshot, rules, offersSnapshot] = await Promise.all([
      catalogue.snapshotOf(),
      delivery.rules(),
      offers.snapshot(),
    ]);
    return { catalogue: catalogueSnapshot, delivery: rules, offers: offersSnapshot };
  }

  /**
   * `ref` with the catalogue families this basket's view shows: its lines and the
   * gifts of the live promotions (and their bundles' parts). No others are read.
   */
  async function forBasket(
    ref: Reference,
    basket: { items: readonly { product_id: number }[] } | undefined,
  ): Promise<Reference> {
    return { ...ref, catalogue: await catalogue.snapshotOf(catalogueIds(ref, basket)) };
  }

  /** The product ids a basket's view shows: its lines and the live promotions' gifts. */
  function catalogueIds(
    ref: Reference,
    basket: { items: readonly { product_id: number }[] } | undefined,
  ): number[] {
    return [
      ...(basket?.items ?? []).map((item) => item.product_id),
      ...offers.livePromotions(ref.offers).map((promotion) => promotion.giftProductId),
    ];
  }

  function compute(
    basket: BasketRecord | undefined,
    viewer: BasketViewer,
    ref: Reference,
  ): BasketView {
    const snapshot = ref.catalogue;
    const lines = (basket?.items ?? []).flatMap((item) => {
      const variation = snapshot.variation(item.product_id);
      return variation ? [{ item, variation }] : [];
    });

    const deliveryAddress = addressView(basket?.delivery_address ?? null);
    const quote = delivery.quote(ref.delivery, deliveryAddress ?? ESTIMATE_ADDRESS);
    const taxExempt = deliveryAddress !== null && (quote.zone?.tax_exempt ?? false);
    const voucherRule = basket?.voucher_code
      ? offers.voucher(ref.offers, basket.voucher_code)
      : null;
    const chosen = quote.options.find((o) => o.id === basket?.delivery_option_id) ?? null;
    const deliveryOf = (option: (typeof quote.options)[number]) => ({
      price: pence(option.price),
      freeOver: option.free_over === null ? null : pence(option.free_over),
      taxRateBp: option.tax_rate_bp,
    });

    const priced = priceBasket({
      lines: lines.map(({ item, variation }) => ({
        key: item.id,
        unitPrice: pence(variation.row.price),
        quantity: item.quantity,
        taxRateBp: variation.row.tax_rate_bp,
        excluded: variation.row.discontinued,
      })),
      voucher: voucherRule,
      delivery: chosen ? deliveryOf(chosen) : null,
      loyalty: { available: viewer.loyaltyAvailable, use: basket?.use_loyalty_points ?? false },
      credit: {
        available: viewer.userId === null ? 0 : viewer.creditAvailable,
        use: basket?.use_credit ?? false,
      },
      taxExempt,
    });

    const restockDates: BasketView['preorder_restock_dates'] = {};
    const items: BasketItemView[] = lines.map(({ item, variation }, index) => {
      const pricedLine = priced.lines[index];
      if (!pricedLine) throw new Error('Pricing lost a line');
      const available = snapshot.available(variation);
      const preorderQuantity = variation.row.is_preorder
        ? Math.max(0, item.quantity - available)
        : 0;
      if (preorderQuantity > 0) {
        restockDates[String(variation.row.id)] = {
          name: snapshot.displayName(variation),
          date: variation.row.restock_date,
        };
      }
      return {
        id: item.id,
        name: snapshot.displayName(variation),
        quantity: item.quantity,
        preorder: preorderQuantity > 0,
        preorder_quantity: preorderQuantity,
        preorder_restock_date: preorderQuantity > 0 ? variation.row.restock_date : null,
        is_promotion_item: false,
        badge: null,
        discontinued: variation.row.discontinued,
        related_item_id: item.related_item_id,
        product: snapshot.productView(variation),
        price: pricedLine.price,
        discounted_price: pricedLine.discounted_price,
        total_price: pricedLine.total_price,
        discounted_total_price: pricedLine.discounted_total_price,
      };
    });

    const zero = priceView(pence(0), pence(0));
    const promotionItems: BasketItemView[] = earnedPromotions(
      offers.livePromotions(ref.offers),
      priced.prices.items.amount,
    ).flatMap((promotion) => {
      const gift = snapshot.variation(promotion.giftProductId);
      if (!gift || snapshot.available(gift) < 1) return [];
      return [
        {
          id: `promotion-${promotion.id}`,
          name: snapshot.displayName(gift),
          quantity: 1,
          preorder: false,
          preorder_quantity: 0,
          preorder_restock_date: null,
          is_promotion_item: true,
          badge: promotion.badge,
          discontinued: false,
          related_item_id: null,
          product: snapshot.productView(gift),
          price: zero,
          discounted_price: null,
          total_price: zero,
          discounted_total_price: null,
        },
      ];
    });

    const options: DeliveryOptionView[] = quote.options.map((option) => ({
      id: option.id,
      name: option.name,
      description: option.description,
      price: deliveryOptionPrice(deliveryOf(option), priced.itemsAfterDiscounts, taxExempt),
      // Kept views are at most the delivery rules' cache lifetime old (their reuse key).
      estimate: deliveryEstimate(
        now(),
        {
          minDays: option.min_days,
          maxDays: option.max_days,
          cutoffHour: option.cutoff_hour,
          deliveryWeekday: option.delivery_weekday,
        },
        ref.delivery.calendar,
      ),
    }));

    return {
      items,
      promotion_items: promotionItems,
      prices: priced.prices,
      discounted_prices: priced.discounted_prices,
      discounts: priced.discounts,
      loyalty_points: priced.loyalty_points,
      credit: priced.credit,
      voucher: priced.voucher
        ? {
            code: priced.voucher.code,
            valid: priced.voucher.applies,
            message: priced.voucher.reason,
          }
        : basket?.voucher_code
          ? { code: basket.voucher_code, valid: false, message: null }
          : null,
      delivery_address: deliveryAddress,
      billing_address: addressView(basket?.billing_address ?? null),
      delivery_option: chosen ? { id: chosen.id } : null,
      available_delivery_options: options,
      delivery_safe_place: basket?.delivery_safe_place ?? null,
      delivery_safe_place_option: basket?.delivery_safe_place_option ?? null,
      delivery_safe_place_option_note: basket?.delivery_safe_place_option_note ?? null,
      preorder_restock_dates: restockDates,
      tax_exempt: taxExempt,
      prices_exclude_tax: viewer.pricesExcludeTax || taxExempt,
      email_address: basket?.email_address ?? null,
      payment_required: priced.payment_required,
      item_count: items
        .filter((item) => !item.discontinued)
        .reduce((sum, item) => sum + item.quantity, 0),
    };
  }

  return {
    reference,
    forBasket,
    catalogueIds,
    /**
     * `ref` with this basket's catalogue families as this process keeps them, without
     * reading the database; null when one is not kept.
     */
    keptForBasket: async (
      ref: Reference,
      basket: { items: readonly { product_id: number }[] },
    ): Promise<Reference | null> => {
      const kept = await catalogue.keptSnapshotOf(catalogueIds(ref, basket));
      return kept && { ...ref, catalogue: kept };
    },
    /** `ref` with the catalogue families holding these product ids (and bundles' parts). */
    withCatalogue: async (ref: Reference, ids: readonly number[]): Promise<Reference> => ({
      ...ref,
      catalogue: await catalogue.snapshotOf(ids),
    }),

    /**
     * The basket priced exactly as its view, never kept for reuse (orders price with a
     * voucher read fresh, which the reuse key cannot tell apart). `ref` must come from
     * `forBasket` for this basket.
     */
    price: (basket: BasketRecord, viewer: BasketViewer, ref: Reference): BasketView =>
      compute(basket, viewer, ref),

    /** The view built before for exactly this basket version, viewer and reference data. */
    reused(basketId: string, version: number, viewer: BasketViewer, ref: Reference) {
      return cache.get(basketId, version, keyOf(viewer, ref));
    },

    /**
     * The basket's view (an empty basket's when none), kept for reuse: `basket` must be
     * as read (or known) at its `version`.
     */
    async build(
      basket: BasketRecord | undefined,
      viewer: BasketViewer,
      ref?: Reference,
    ): Promise<BasketView> {
      const current = await forBasket(ref ?? (await reference()), basket);
      // A code this shopper has used their share of shows as an invalid code (ADR 064).
      const spent =
        basket?.voucher_code &&
        (await offers.spentByCustomer(current.offers, basket, viewer.userId));
      const view = compute(
        basket,
        viewer,
        spent && basket?.voucher_code
          ? { ...current, offers: offers.without(current.offers, basket.voucher_code) }
          : current,
      );
      if (basket) cache.set(basket.id, basket.version, keyOf(viewer, current), view);
      return view;
    },
  };
}

export type BasketViews = ReturnType<typeof basketViews>;
