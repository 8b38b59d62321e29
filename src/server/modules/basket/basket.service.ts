/**
 * Baskets: adding and changing items, the shopper's details, delivery choice, discount
 * code and buds. Every method answers the basket's priced view (basket-view.ts). Input
 * arrives parsed by the routes (zod schemas from src/domain/schemas).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError, validationError } from '../../../domain/errors.ts';
import {
  MAX_LINE_QUANTITY,
  type addItemSchema,
  type deliveryChoiceSchema,
  type creditChoiceSchema,
  type loyaltyChoiceSchema,
  type updateItemSchema,
  type voucherChoiceSchema,
} from '../../../domain/schemas/basket.ts';
import type {
  CatalogueService,
  CatalogueSnapshot,
  Family,
  Variation,
} from '../catalogue/catalogue.service.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { basketAccess, mayUse, type BasketResult } from './basket-access.ts';
import { detailsChanges } from './basket-details.ts';
import { basketLinks } from './basket-links.ts';
import { acquireBasket, acquireBasketId } from './basket-merge.ts';
import type { BasketRecord, BasketRepository } from './basket.repository.ts';
import type { BasketViewCache } from './basket-view-cache.ts';
import { addressView, basketViews, type BasketViewer } from './basket-view.ts';

export type { BasketResult } from './basket-access.ts';
export { GUEST_VIEWER, type BasketViewer } from './basket-view.ts';

export type AddItemInput = z.output<typeof addItemSchema>;
export type UpdateItemInput = z.output<typeof updateItemSchema>;
export type DeliveryChoice = z.output<typeof deliveryChoiceSchema>;
export type VoucherChoice = z.output<typeof voucherChoiceSchema>;
export type LoyaltyChoice = z.output<typeof loyaltyChoiceSchema>;
export type CreditChoice = z.output<typeof creditChoiceSchema>;

function stockError(snapshot: CatalogueSnapshot, variation: Variation, available: number) {
  const name = snapshot.displayName(variation);
  const message =
    available === 0
      ? `Sorry, ${name} is out of stock.`
      : `Sorry, only ${available} of ${name} ${available === 1 ? 'is' : 'are'} available.`;
  return new AppError('insufficient_stock', { message, errors: { quantity: [message] } });
}

/** 'size', 'size and pot', 'size, colour and pot': the family's options, in order. */
function optionList(family: Family): string {
  const names = [
    ...new Set(family.variations.flatMap((v) => v.options.map((o) => o.option.name))),
  ].map((name) => name.toLowerCase());
  if (names.length <= 1) return names[0] ?? 'an option';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The variation an add names: a variation's own id, or the id of a family with only
 * one. A family with several says what to choose (spec: product options).
 */
export function variationToAdd(snapshot: CatalogueSnapshot, productId: number): Variation {
  const variation = snapshot.variation(productId);
  if (variation) return variation;
  const family = snapshot.family(String(productId));
  if (family && family.row.id === productId) {
    if (family.variations.length === 1 && family.variations[0]) return family.variations[0];
    if (family.variations.length > 1) {
      throw validationError({ product_id: [`Please choose a ${optionList(family)}`] });
    }
  }
  throw validationError({ product_id: ['This product could not be found.'] });
}

export function basketService(deps: {
  repository: BasketRepository;
  catalogue: CatalogueService;
  delivery: DeliveryService;
  offers: OffersService;
  /** Views of recently seen baskets, reused until the basket or its prices change. */
  views: BasketViewCache;
  /** The clock delivery estimates start from. */
  now?: () => Date;
  /**
   * Told after each write to a signed-in customer's basket (the abandoned-basket
   * reminders, ADR 077); it handles its own failures.
   */
  onChange?: (basketId: string, userId: number) => Promise<void>;
}) {
  const { repository, catalogue, delivery } = deps;
  const views = basketViews({ ...deps, cache: deps.views });
  const access = basketAccess({ repository, views });
  const links = basketLinks({ repository, catalogue, access });

  /** The answer to a write, once the reminders have been told of it. */
  async function touched(viewer: BasketViewer, result: BasketResult): Promise<BasketResult> {
    if (deps.onChange && viewer.userId !== null && viewer.wantsReminders && result.basketId) {
      await deps.onChange(result.basketId, viewer.userId);
    }
    return result;
  }

  /** Refuses quantities beyond stock, except for pre-order variations. */
  async function checkStock(snapshot: CatalogueSnapshot, variation: Variation, quantity: number) {
    if (variation.row.discontinued) throw new AppError('product_unavailable');
    if (variation.row.is_preorder) return;
    const stock = await catalogue.freshStock(snapshot, [variation]);
    const available = snapshot.available(variation, stock);
    if (quantity > available) throw stockError(snapshot, variation, available);
  }

  return {
    share: links.share,
    restore: async (basketId: string | null, linkId: string | null, viewer: BasketViewer) =>
      touched(viewer, await links.restore(basketId, linkId, viewer)),

    /** On login: the guest basket becomes the customer's, or merges into theirs. */
    acquire: (basketId: string | null, viewer: BasketViewer) =>
      acquireBasket({ repository, access, views }, basketId, viewer),

    /**
     * As acquire, for the login itself: the id the browser's new basket cookie holds
     * (null: none), without pricing the basket.
     */
    acquireId: (basketId: string | null, userId: number) =>
      acquireBasketId(repository, basketId, userId),

    /** The basket for this browser; an empty one when it has none yet. */
    async get(basketId: string | null, viewer: BasketViewer): Promise<BasketResult> {
      const ref = await views.reference();
      if (basketId) {
        // One indexed read: the view built for this version (any process's writes
        // bump it) is still the basket's view.
        const head = await repository.versionOf(basketId);
        if (head === undefined && viewer.userId === null)
          return { basketId: null, basket: await views.build(undefined, viewer, ref) };
        const reused =
          head && mayUse(head, viewer)
            ? views.reused(basketId, head.version, viewer, ref)
            : undefined;
        if (reused) return { basketId, basket: reused };
      }
      const basket = await access.open(basketId, viewer);
      return { basketId: basket?.id ?? null, basket: await views.build(basket, viewer, ref) };
    },

    async addItem(
      basketId: string | null,
      input: AddItemInput,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const snapshot = await catalogue.snapshotOf([input.product_id]);
      const target = variationToAdd(snapshot, input.product_id);
      const basket = await access.open(basketId, viewer);
      if (
        input.related_item_id !== null &&
        !basket?.items.some((i) => i.id === input.related_item_id)
      ) {
        throw validationError({ related_item_id: ['This item is not in your basket.'] });
      }
      if (target.row.discontinued) throw new AppError('product_unavailable');
      const available = target.row.is_preorder
        ? Number.POSITIVE_INFINITY
        : snapshot.available(target, await catalogue.freshStock(snapshot, [target]));
      const item = {
        product_id: target.row.id,
        quantity: input.quantity,
        related_item_id: input.related_item_id,
      };
      const refused = () => {
        const line = basket?.items.find(
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
      if (!basket) {
        // A shopper's first add creates the basket with its line in one statement.
        const created = await repository.createWithLine(randomUUID(), viewer.userId, {
          ...item,
          related_item_id: null,
        });
        return touched(viewer, {
          basketId: created.id,
          basket: await views.build(created, viewer),
        });
      }
      const added = await repository.addToLine(basket.id, item, limit);
      if (!added) throw refused();
      const withLine = (b: BasketRecord): BasketRecord => ({
        ...b,
        items: [...b.items.filter((i) => i.id !== added.line.id), added.line].sort(
          (x, y) => x.id - y.id,
        ),
      });
      return touched(viewer, await access.afterWrite(basket, added.version, withLine, viewer));
    },

    async updateItem(
      basketId: string | null,
      itemId: number,
      input: UpdateItemInput,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const basket = await access.open(basketId, viewer);
      const item = basket?.items.find((i) => i.id === itemId);
      if (!basket || !item) throw new AppError('not_found');
      const snapshot = await catalogue.snapshotOf([item.product_id]);
      const variation = snapshot.variation(item.product_id);
      if (!variation) throw new AppError('not_found');
      // Lowering the quantity of a line is always allowed; raising it needs stock.
      if (input.quantity > item.quantity) await checkStock(snapshot, variation, input.quantity);
      const version = await repository.setQuantity(basket.id, item.id, input.quantity);
      const withQuantity = (b: BasketRecord): BasketRecord => ({
        ...b,
        items: b.items.map((i) => (i.id === item.id ? { ...i, quantity: input.quantity } : i)),
      });
      return touched(viewer, await access.afterWrite(basket, version, withQuantity, viewer));
    },

    async removeItem(
      basketId: string | null,
      itemId: number,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const basket = await access.open(basketId, viewer);
      if (!basket || !(await repository.removeItem(basket.id, itemId))) {
        throw new AppError('not_found');
      }
      return touched(viewer, await access.answer(basket.id, viewer));
    },

    /** Saves the details sent (see basket-details.ts for what is accepted). */
    async updateDetails(
      basketId: string | null,
      body: Record<string, unknown>,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const current = await access.open(basketId, viewer);
      const changes = detailsChanges(body, current);
      const basket = current ?? (await access.ensure(null, viewer));
      if (Object.keys(changes).length === 0) return access.answer(basket.id, viewer);
      return touched(viewer, await access.save(basket, changes, viewer));
    },

    async setDeliveryOption(
      basketId: string | null,
      input: DeliveryChoice,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const basket = await access.open(basketId, viewer);
      const address = addressView(basket?.delivery_address ?? null);
      // Only the options the basket's view offers for its delivery address.
      const offered = address ? delivery.quote(await delivery.rules(), address).options : [];
      if (!basket || !offered.some((o) => o.id === input.option_id)) {
        throw new AppError('invalid_delivery_option');
      }
      return touched(
        viewer,
        await access.save(basket, { delivery_option_id: input.option_id }, viewer),
      );
    },

    async setVoucher(
      basketId: string | null,
      input: VoucherChoice,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const basket =
        input.voucher_code === null
          ? await access.open(basketId, viewer)
          : await access.ensure(basketId, viewer);
      if (!basket) return { basketId: null, basket: await views.build(undefined, viewer) };
      return touched(
        viewer,
        await access.save(basket, { voucher_code: input.voucher_code }, viewer),
      );
    },

    /** Spends (or stops spending) the customer's buds on this basket. */
    async setLoyalty(
      basketId: string | null,
      input: LoyaltyChoice,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      if (viewer.userId === null) throw new AppError('unauthorized');
      const basket = await access.ensure(basketId, viewer);
      return touched(
        viewer,
        await access.save(basket, { use_loyalty_points: input.use_loyalty_points }, viewer),
      );
    },

    /** Spends (or stops spending) the customer's store credit on this basket (ADR 052). */
    async setCredit(
      basketId: string | null,
      input: CreditChoice,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      if (viewer.userId === null) throw new AppError('unauthorized');
      const basket = await access.ensure(basketId, viewer);
      return touched(viewer, await access.save(basket, { use_credit: input.use_credit }, viewer));
    },
  };
}

export type BasketService = ReturnType<typeof basketService>;

/** Parses a basket item id from the path; anything else is not found. */
export function itemIdFromPath(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}
