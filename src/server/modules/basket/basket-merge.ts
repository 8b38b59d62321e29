/**
 * On login, the browser's guest basket becomes the customer's: its items move into the
 * basket they already have, or into a new basket of theirs. Never does the customer's
 * basket keep an id a guest's cookie knew: a basket cookie planted in the browser
 * before login (or copied from it) must not reach the customer's basket, its details
 * or, through the basket id, its order (ADR 044).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../domain/errors.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/schemas/basket.ts';
import type { BasketAccess, BasketResult } from './basket-access.ts';
import type { BasketRecord, BasketRepository } from './basket.repository.ts';
import type { BasketViewer, BasketViews } from './basket-view.ts';

/** Adds the guest basket's items (and code, when the customer's has none) to theirs. */
async function mergeInto(
  repository: BasketRepository,
  guest: BasketRecord,
  ownId: string,
): Promise<string> {
  return repository.transaction(async (trx) => {
    for (const item of guest.items) {
      const added = await trx.addToLine(ownId, {
        product_id: item.product_id,
        quantity: item.quantity,
        related_item_id: null,
      });
      if (added && added.line.quantity > MAX_LINE_QUANTITY) {
        await trx.setQuantity(ownId, added.line.id, MAX_LINE_QUANTITY);
      }
    }
    const own = await trx.findOpen(ownId);
    if (guest.voucher_code && !own?.voucher_code) {
      await trx.update(ownId, { voucher_code: guest.voucher_code });
    }
    await trx.markMerged(guest.id);
    return ownId;
  });
}

/**
 * Moves the guest basket, whole (items, code, checkout details), to a new basket of the
 * customer's under a new id, closing the guest basket: the checkout goes on where it was.
 */
async function moveToNewBasket(
  repository: BasketRepository,
  guest: BasketRecord,
  userId: number,
): Promise<string> {
  const id = randomUUID();
  await repository.transaction(async (trx) => {
    await trx.create(id, userId);
    for (const item of guest.items) {
      await trx.addToLine(id, {
        product_id: item.product_id,
        quantity: item.quantity,
        related_item_id: null,
      });
    }
    await trx.update(id, {
      email_address: guest.email_address,
      delivery_address: guest.delivery_address,
      billing_address: guest.billing_address,
      delivery_option_id: guest.delivery_option_id,
      delivery_safe_place: guest.delivery_safe_place,
      delivery_safe_place_option: guest.delivery_safe_place_option,
      delivery_safe_place_option_note: guest.delivery_safe_place_option_note,
      voucher_code: guest.voucher_code,
      use_loyalty_points: guest.use_loyalty_points,
      use_credit: guest.use_credit,
    });
    await trx.markMerged(guest.id);
  });
  return id;
}

/**
 * Runs a merge or move; undefined when it was refused because one of the baskets has an
 * order being paid for (ADR 035), which leaves both as they were.
 */
async function unlessPaying<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.type === 'basket_order_in_progress') return undefined;
    throw error;
  }
}

/**
 * The id of the customer's basket after login (null when they have none): the guest
 * basket merged into their latest open basket, else moved to a new one of theirs. A
 * basket whose order is being paid for cannot change (ADR 035), and login never fails
 * for it: when the merge is refused (the customer's own basket is being paid for) the
 * guest basket moves to a new one; when the move is refused too (the guest basket is
 * being paid for), the guest basket is left to its order.
 */
export async function acquireBasketId(
  repository: BasketRepository,
  basketId: string | null,
  userId: number,
): Promise<string | null> {
  const guest = basketId ? await repository.findOpen(basketId) : undefined;
  const ownId = await repository.latestOpenOf(userId);
  if (!guest || guest.user_id !== null) return ownId ?? null;
  const merged = ownId ? await unlessPaying(() => mergeInto(repository, guest, ownId)) : undefined;
  return (
    merged ??
    (await unlessPaying(() => moveToNewBasket(repository, guest, userId))) ??
    ownId ??
    null
  );
}

/** The customer's basket after login (see acquireBasketId), and its view. */
export async function acquireBasket(
  deps: { repository: BasketRepository; access: BasketAccess; views: BasketViews },
  basketId: string | null,
  viewer: BasketViewer,
): Promise<BasketResult> {
  if (viewer.userId === null) throw new AppError('unauthorized');
  const id = await acquireBasketId(deps.repository, basketId, viewer.userId);
  if (id) return deps.access.answer(id, viewer);
  return { basketId: null, basket: await deps.views.build(undefined, viewer) };
}
