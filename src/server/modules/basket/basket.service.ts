/**
 * Baskets: adding and changing items, the shopper's details, delivery choice and
 * discount code, and the priced Basket view every basket endpoint returns.
 */
import { randomUUID } from 'node:crypto';
import type {
  AddressView,
  BasketItemView,
  BasketView,
  DeliveryOptionView,
} from '../../../domain/api/basket.ts';
import { ESTIMATE_ADDRESS } from '../../../domain/delivery-zones.ts';
import { AppError, validationError, type FieldErrors } from '../../../domain/errors.ts';
import { formatDeliveryPrice, pence, vatIncluded } from '../../../domain/money.ts';
import { priceView } from '../../../domain/price-view.ts';
import {
  chargedAmount,
  earnedPromotions,
  effectiveDeliveryPrice,
  priceBasket,
} from '../../../domain/pricing.ts';
import { composeSafePlace, safePlaceSchema } from '../../../domain/safe-place.ts';
import {
  ADDRESS_FIELDS,
  addressSchema,
  fullName,
  type Address,
} from '../../../domain/schemas/address.ts';
import {
  addItemSchema,
  basketEmailSchema,
  deliveryChoiceSchema,
  loyaltyChoiceSchema,
  MAX_LINE_QUANTITY,
  updateItemSchema,
  voucherChoiceSchema,
} from '../../../domain/schemas/basket.ts';
import { fieldErrorsFromZod } from '../../../domain/schemas/field-errors.ts';
import type { StoredAddress } from '../../db/schema.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import type {
  CatalogueService,
  CatalogueSnapshot,
  Variation,
} from '../catalogue/catalogue.service.ts';
import type { DeliveryRules, DeliveryService } from '../delivery/delivery.service.ts';
import type { OffersService, OffersSnapshot } from '../offers/offers.service.ts';
import type { BasketChanges, BasketRecord, BasketRepository } from './basket.repository.ts';
import type { BasketViewCache, ViewKey } from './basket-view-cache.ts';

/** Who is looking at the basket: decides tax display and buds. */
export interface BasketViewer {
  /** The signed-in customer, or null for a guest. */
  userId: number | null;
  pricesExcludeTax: boolean;
  loyaltyAvailable: number;
}

export const GUEST_VIEWER: BasketViewer = {
  userId: null,
  pricesExcludeTax: false,
  loyaltyAvailable: 0,
};

/** The reference data a view is priced with, as this process knows it now. */
interface Reference {
  catalogue: CatalogueSnapshot;
  delivery: DeliveryRules;
  offers: OffersSnapshot;
}

/** A customer's basket is theirs alone; a guest's belongs to whoever holds its cookie. */
function mayUse(basket: { user_id: number | null }, viewer: BasketViewer): boolean {
  return basket.user_id === null || basket.user_id === viewer.userId;
}

/** A basket id (possibly newly created) and its view. */
export interface BasketResult {
  basketId: string | null;
  basket: BasketView;
}

const SAFE_PLACE_TEXT_MAX = 100;

function addressView(stored: StoredAddress | null): AddressView | null {
  if (!stored) return null;
  const parsed = addressSchema.safeParse(stored);
  if (!parsed.success) return null;
  return { ...parsed.data, full_name: fullName(parsed.data) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How long a shared-basket link works. */
const LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function basketService(deps: {
  repository: BasketRepository;
  catalogue: CatalogueService;
  delivery: DeliveryService;
  offers: OffersService;
  /** Views of recently seen baskets, reused until the basket or its prices change. */
  views: BasketViewCache;
}) {
  const { repository, catalogue, delivery, offers, views } = deps;

  async function reference(): Promise<Reference> {
    const [catalogueSnapshot, rules, offersSnapshot] = await Promise.all([
      catalogue.snapshot(),
      delivery.rules(),
      offers.snapshot(),
    ]);
    return { catalogue: catalogueSnapshot, delivery: rules, offers: offersSnapshot };
  }

  const viewKey = (viewer: BasketViewer, ref: Reference): ViewKey => ({
    viewer: `${viewer.userId}:${viewer.pricesExcludeTax}:${viewer.loyaltyAvailable}`,
    reference: [ref.catalogue, ref.delivery, ref.offers],
  });

  /**
   * The browser's basket if this viewer may use it, else the signed-in customer's
   * latest open basket, else none.
   */
  async function openBasket(
    basketId: string | null,
    viewer: BasketViewer,
  ): Promise<BasketRecord | undefined> {
    if (basketId) {
      const basket = await repository.findOpen(basketId);
      if (basket && mayUse(basket, viewer)) return basket;
    }
    if (viewer.userId !== null) {
      const own = await repository.latestOpenOf(viewer.userId);
      if (own) return repository.findOpen(own);
    }
    return undefined;
  }

  /** The open basket, created when there is none (first write). */
  async function ensureBasket(
    basketId: string | null,
    viewer: BasketViewer,
  ): Promise<BasketRecord> {
    const existing = await openBasket(basketId, viewer);
    if (existing) return existing;
    return repository.create(randomUUID(), viewer.userId);
  }

  function stockError(snapshot: CatalogueSnapshot, variation: Variation, available: number) {
    const name = snapshot.displayName(variation);
    const message =
      available === 0
        ? `Sorry, ${name} is out of stock.`
        : `Sorry, only ${available} of ${name} ${available === 1 ? 'is' : 'are'} available.`;
    return new AppError('insufficient_stock', { message, errors: { quantity: [message] } });
  }

  /** Refuses quantities beyond stock, except for pre-order variations. */
  async function checkStock(snapshot: CatalogueSnapshot, variation: Variation, quantity: number) {
    if (variation.row.discontinued) throw new AppError('product_unavailable');
    if (variation.row.is_preorder) return;
    const stock = await catalogue.freshStock(snapshot, [variation]);
    const available = snapshot.available(variation, stock);
    if (quantity > available) throw stockError(snapshot, variation, available);
  }

  /** The basket's view, kept for reuse while its version and prices stay the same. */
  async function buildView(
    basket: BasketRecord | undefined,
    viewer: BasketViewer,
    ref?: Reference,
  ): Promise<BasketView> {
    const current = ref ?? (await reference());
    const view = computeView(basket, viewer, current);
    if (basket) views.set(basket.id, basket.version, viewKey(viewer, current), view);
    return view;
  }

  function computeView(
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

    const priced = priceBasket({
      lines: lines.map(({ item, variation }) => ({
        key: item.id,
        unitPrice: pence(variation.row.price),
        quantity: item.quantity,
        taxRateBp: variation.row.tax_rate_bp,
        excluded: variation.row.discontinued,
      })),
      voucher: voucherRule,
      delivery: chosen
        ? {
            price: pence(chosen.price),
            freeOver: chosen.free_over === null ? null : pence(chosen.free_over),
            taxRateBp: chosen.tax_rate_bp,
          }
        : null,
      loyalty: { available: viewer.loyaltyAvailable, use: basket?.use_loyalty_points ?? false },
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

    const options: DeliveryOptionView[] = quote.options.map((option) => {
      const gross = effectiveDeliveryPrice(
        {
          price: pence(option.price),
          freeOver: option.free_over === null ? null : pence(option.free_over),
        },
        priced.itemsAfterDiscounts,
      );
      const amount = chargedAmount(gross, option.tax_rate_bp, taxExempt);
      const tax = taxExempt ? pence(0) : vatIncluded(amount, option.tax_rate_bp);
      const view = priceView(amount, tax);
      return {
        id: option.id,
        name: option.name,
        description: option.description,
        price: {
          ...view,
          label: formatDeliveryPrice(amount),
          excluding_tax: {
            ...view.excluding_tax,
            label: formatDeliveryPrice(view.excluding_tax.amount),
          },
        },
      };
    });

    return {
      items,
      promotion_items: promotionItems,
      prices: priced.prices,
      discounted_prices: priced.discounted_prices,
      discounts: priced.discounts,
      loyalty_points: priced.loyalty_points,
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

  async function result(basketId: string, viewer: BasketViewer): Promise<BasketResult> {
    return { basketId, basket: await buildView(await repository.findOpen(basketId), viewer) };
  }

  /**
   * The answer to a write of `before`: when the write moved the version on by exactly
   * one, no other write came between this request's read and its write (every write
   * bumps the version), so the basket is `before` with this write applied, and need
   * not be read again. Otherwise it is read.
   */
  async function afterWrite(
    before: BasketRecord,
    version: number | undefined,
    apply: (basket: BasketRecord) => BasketRecord,
    viewer: BasketViewer,
  ): Promise<BasketResult> {
    if (version !== before.version + 1) return result(before.id, viewer);
    return { basketId: before.id, basket: await buildView({ ...apply(before), version }, viewer) };
  }

  /** Saves changes to the basket's own fields and answers the basket. */
  async function saveChanges(
    before: BasketRecord,
    changes: BasketChanges,
    viewer: BasketViewer,
  ): Promise<BasketResult> {
    const saved = await repository.update(before.id, changes);
    return afterWrite(before, saved?.version, (b) => ({ ...b, ...saved, items: b.items }), viewer);
  }

  /** Validates the prefixed address fields of a details update, merged onto what is stored. */
  function mergeAddress(
    body: Record<string, unknown>,
    prefix: 'delivery_address_' | 'billing_address_',
    stored: StoredAddress | null,
    errors: FieldErrors,
  ): Address | undefined {
    const sent = ADDRESS_FIELDS.filter((field) => `${prefix}${field}` in body);
    if (sent.length === 0) return undefined;
    const merged: Record<string, unknown> = { ...(stored ?? {}) };
    for (const field of sent) merged[field] = body[`${prefix}${field}`];
    const parsed = addressSchema.safeParse(merged);
    if (!parsed.success) {
      Object.assign(errors, fieldErrorsFromZod(parsed.error, prefix));
      return undefined;
    }
    return parsed.data;
  }

  return {
    /**
     * On login: the browser's guest basket becomes the customer's. When the customer
     * already has an open basket, the guest basket's items (and discount code, when
     * theirs has none) are merged into it and the guest basket is closed.
     */
    async acquire(basketId: string | null, viewer: BasketViewer): Promise<BasketResult> {
      const userId = viewer.userId;
      if (userId === null) throw new AppError('unauthorized');
      const guest = basketId ? await repository.findOpen(basketId) : undefined;
      const ownId = await repository.latestOpenOf(userId);
      if (guest && guest.user_id === null) {
        if (!ownId) {
          await repository.claim(guest.id, userId);
          return result(guest.id, viewer);
        }
        await repository.transaction(async (trx) => {
          for (const item of guest.items) {
            const added = await trx.addToLine(ownId, {
              product_id: item.product_id,
              quantity: item.quantity,
              related_item_id: null,
            });
            if (added && added.line.quantity > MAX_LINE_QUANTITY) {
              const own = await trx.findOpen(ownId);
              const line = own?.items.find(
                (i) => i.product_id === item.product_id && i.related_item_id === null,
              );
              if (line) await trx.setQuantity(ownId, line.id, MAX_LINE_QUANTITY);
            }
          }
          const own = await trx.findOpen(ownId);
          if (guest.voucher_code && !own?.voucher_code) {
            await trx.update(ownId, { voucher_code: guest.voucher_code });
          }
          await trx.markMerged(guest.id);
        });
      }
      if (ownId) return result(ownId, viewer);
      return { basketId: null, basket: await buildView(undefined, viewer) };
    },

    /**
     * A link that copies this basket into another browser (valid for 30 days).
     */
    async share(basketId: string | null, viewer: BasketViewer) {
      const basket = await openBasket(basketId, viewer);
      if (!basket || basket.items.length === 0) {
        throw validationError({ basket: ['Your basket is empty: add something to share first.'] });
      }
      const id = randomUUID();
      await repository.createLink(id, basket.id, new Date(Date.now() + LINK_TTL_MS));
      return { id, url: `/basket?restore=${id}` };
    },

    /**
     * Copies the basket behind a link (shared, or from an abandoned-basket email) into
     * this browser's basket: items still on sale, within stock, and its discount code
     * when this basket has none.
     */
    async restore(
      basketId: string | null,
      linkId: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const expired = new AppError('not_found', {
        message: 'This basket link has expired or could not be found.',
      });
      if (typeof linkId !== 'string' || !UUID.test(linkId)) throw expired;
      const sourceId = await repository.basketOfLink(linkId);
      const source = sourceId ? await repository.findAny(sourceId) : undefined;
      if (!source) throw expired;
      const target = await ensureBasket(basketId, viewer);
      if (target.id === source.id) return result(target.id, viewer);
      const snapshot = await catalogue.snapshot();
      const variations = source.items.flatMap((item) => {
        const variation = snapshot.variation(item.product_id);
        return variation && !variation.row.discontinued ? [{ item, variation }] : [];
      });
      const stock = await catalogue.freshStock(
        snapshot,
        variations.map((v) => v.variation),
      );
      await repository.transaction(async (trx) => {
        for (const { item, variation } of variations) {
          const existing = target.items.find(
            (i) => i.product_id === item.product_id && i.related_item_id === null,
          );
          const limit = variation.row.is_preorder
            ? MAX_LINE_QUANTITY
            : snapshot.available(variation, stock);
          const room = Math.min(MAX_LINE_QUANTITY, limit) - (existing?.quantity ?? 0);
          const quantity = Math.min(item.quantity, room);
          if (quantity > 0) {
            await trx.addToLine(target.id, {
              product_id: item.product_id,
              quantity,
              related_item_id: null,
            });
          }
        }
        if (source.voucher_code && !target.voucher_code) {
          await trx.update(target.id, { voucher_code: source.voucher_code });
        }
      });
      return result(target.id, viewer);
    },

    /** Spends (or stops spending) the customer's buds on this basket. */
    async setLoyalty(
      basketId: string | null,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      if (viewer.userId === null) throw new AppError('unauthorized');
      const input = parseInput(loyaltyChoiceSchema, objectBody(body));
      const basket = await ensureBasket(basketId, viewer);
      return saveChanges(basket, { use_loyalty_points: input.use_loyalty_points }, viewer);
    },

    /** The basket for this browser; an empty one when it has none yet. */
    async get(basketId: string | null, viewer: BasketViewer): Promise<BasketResult> {
      const ref = await reference();
      if (basketId) {
        // One indexed read: the view built for this version (any process's writes
        // bump it) is still the basket's view.
        const head = await repository.versionOf(basketId);
        if (head === undefined && viewer.userId === null)
          return { basketId: null, basket: computeView(undefined, viewer, ref) };
        const cached =
          head && mayUse(head, viewer)
            ? views.get(basketId, head.version, viewKey(viewer, ref))
            : undefined;
        if (cached) return { basketId, basket: cached };
      }
      const basket = await openBasket(basketId, viewer);
      return { basketId: basket?.id ?? null, basket: await buildView(basket, viewer, ref) };
    },

    async addItem(
      basketId: string | null,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const input = parseInput(addItemSchema, objectBody(body));
      const snapshot = await catalogue.snapshot();
      let variation = snapshot.variation(input.product_id);
      if (!variation) {
        // A family with a single variation may be added by its own id.
        const family = snapshot.family(String(input.product_id));
        if (family && family.row.id === input.product_id && family.variations.length === 1) {
          variation = family.variations[0];
        }
      }
      if (!variation) throw validationError({ product_id: ['This product could not be found.'] });

      const basket = await ensureBasket(basketId, viewer);
      if (
        input.related_item_id !== null &&
        !basket.items.some((i) => i.id === input.related_item_id)
      ) {
        throw validationError({ related_item_id: ['This item is not in your basket.'] });
      }
      if (variation.row.discontinued) throw new AppError('product_unavailable');
      const available = variation.row.is_preorder
        ? Number.POSITIVE_INFINITY
        : snapshot.available(variation, await catalogue.freshStock(snapshot, [variation]));
      const target = variation;
      const item = {
        product_id: target.row.id,
        quantity: input.quantity,
        related_item_id: input.related_item_id,
      };
      const refused = () => {
        const line = basket.items.find(
          (i) => i.product_id === item.product_id && i.related_item_id === item.related_item_id,
        );
        if ((line?.quantity ?? 0) + item.quantity > MAX_LINE_QUANTITY) {
          const message = `You can add up to ${MAX_LINE_QUANTITY} of one item to your basket.`;
          return validationError({ quantity: [message] });
        }
        return stockError(snapshot, target, available);
      };
      // The line's new quantity is checked in the same statement that adds to it, so
      // concurrent adds cannot overshoot the stock or the per-line limit.
      const limit = Math.min(MAX_LINE_QUANTITY, available);
      if (item.quantity > limit) throw refused();
      const added = await repository.addToLine(basket.id, item, limit);
      if (!added) throw refused();
      const others = (items: BasketRecord['items']) => items.filter((i) => i.id !== added.line.id);
      return afterWrite(
        basket,
        added.version,
        (b) => ({ ...b, items: [...others(b.items), added.line].sort((x, y) => x.id - y.id) }),
        viewer,
      );
    },

    async updateItem(
      basketId: string | null,
      itemId: number,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const input = parseInput(updateItemSchema, objectBody(body));
      const basket = await openBasket(basketId, viewer);
      const item = basket?.items.find((i) => i.id === itemId);
      if (!basket || !item) throw new AppError('not_found');
      const snapshot = await catalogue.snapshot();
      const variation = snapshot.variation(item.product_id);
      if (!variation) throw new AppError('not_found');
      // Lowering the quantity of a line is always allowed; raising it needs stock.
      if (input.quantity > item.quantity) await checkStock(snapshot, variation, input.quantity);
      const version = await repository.setQuantity(basket.id, item.id, input.quantity);
      return afterWrite(
        basket,
        version,
        (b) => ({
          ...b,
          items: b.items.map((i) => (i.id === item.id ? { ...i, quantity: input.quantity } : i)),
        }),
        viewer,
      );
    },

    async removeItem(
      basketId: string | null,
      itemId: number,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const basket = await openBasket(basketId, viewer);
      if (!basket || !(await repository.removeItem(basket.id, itemId))) {
        throw new AppError('not_found');
      }
      return result(basket.id, viewer);
    },

    async updateDetails(
      basketId: string | null,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const input = objectBody(body);
      const current = await openBasket(basketId, viewer);
      const errors: FieldErrors = {};
      const changes: BasketChanges = {};

      if ('email_address' in input) {
        const email = basketEmailSchema.safeParse(input.email_address);
        if (email.success) changes.email_address = email.data;
        else errors.email_address = email.error.issues.map((issue) => issue.message);
      }
      const deliveryAddress = mergeAddress(
        input,
        'delivery_address_',
        current?.delivery_address ?? null,
        errors,
      );
      if (deliveryAddress) changes.delivery_address = deliveryAddress;
      const billingAddress = mergeAddress(
        input,
        'billing_address_',
        current?.billing_address ?? null,
        errors,
      );
      if (billingAddress) changes.billing_address = billingAddress;

      if ('delivery_safe_place_option' in input || 'delivery_safe_place_option_note' in input) {
        const safePlace = safePlaceSchema.safeParse({
          delivery_safe_place_option: input.delivery_safe_place_option,
          delivery_safe_place_option_note: input.delivery_safe_place_option_note,
        });
        if (safePlace.success) {
          Object.assign(changes, safePlace.data, {
            delivery_safe_place: composeSafePlace(
              safePlace.data.delivery_safe_place_option,
              safePlace.data.delivery_safe_place_option_note,
            ),
          });
        } else Object.assign(errors, fieldErrorsFromZod(safePlace.error));
      } else if ('delivery_safe_place' in input) {
        const text = input.delivery_safe_place;
        if (
          text === null ||
          (typeof text === 'string' && text.trim().length <= SAFE_PLACE_TEXT_MAX)
        ) {
          changes.delivery_safe_place = text === null ? null : text.trim() || null;
        } else {
          errors.delivery_safe_place = [
            `Please enter no more than ${SAFE_PLACE_TEXT_MAX} characters`,
          ];
        }
      }

      if (Object.keys(errors).length > 0) throw validationError(errors);
      const basket = current ?? (await ensureBasket(null, viewer));
      if (Object.keys(changes).length === 0) return result(basket.id, viewer);
      return saveChanges(basket, changes, viewer);
    },

    async setDeliveryOption(
      basketId: string | null,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const input = parseInput(deliveryChoiceSchema, objectBody(body));
      const basket = await openBasket(basketId, viewer);
      const address = addressView(basket?.delivery_address ?? null);
      // Only the options the basket's view offers for its delivery address.
      const offered = address ? delivery.quote(await delivery.rules(), address).options : [];
      if (!basket || !offered.some((o) => o.id === input.option_id)) {
        throw new AppError('invalid_delivery_option');
      }
      return saveChanges(basket, { delivery_option_id: input.option_id }, viewer);
    },

    async setVoucher(
      basketId: string | null,
      body: unknown,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const input = parseInput(voucherChoiceSchema, objectBody(body));
      const basket =
        input.voucher_code === null
          ? await openBasket(basketId, viewer)
          : await ensureBasket(basketId, viewer);
      if (!basket) return { basketId: null, basket: await buildView(undefined, viewer) };
      return saveChanges(basket, { voucher_code: input.voucher_code }, viewer);
    },
  };
}

export type BasketService = ReturnType<typeof basketService>;

/** Parses a basket item id from the path; anything else is not found. */
export function itemIdFromPath(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}
