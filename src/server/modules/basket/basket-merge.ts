/**
 * On login, the browser's guest basket becomes the customer's, or is merged into the
 * basket they already have.
 */
import { AppError } from '../../../domain/errors.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/schemas/basket.ts';
import type { BasketAccess, BasketResult } from './basket-access.ts';
import type { BasketRecord, BasketRepository } from './basket.repository.ts';
import type { BasketViewer, BasketViews } from './basket-view.ts';

/** Adds the guest basket's items (and code, when the customer's has none) to theirs. */
async function mergeInto(repository: BasketRepository, guest: BasketRecord, ownId: string) {
  await repository.transaction(async (trx) => {
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
  });
}

/**
 * Runs a claim or merge; false when it was refused because one of the baskets has an
 * order being paid for (ADR 035), which leaves both as they were.
 */
async function unlessPaying(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.type === 'basket_order_in_progress') return false;
    throw error;
  }
}

/**
 * The customer's basket after login: the guest basket claimed when they have none,
 * else merged into their latest open basket and closed. A basket whose order is being
 * paid for cannot change (ADR 035), and login never fails for it: when the merge is
 * refused the guest basket is claimed instead (the customer's own basket was the one
 * being paid for); when that is refused too, the guest basket is left to its order.
 */
export async function acquireBasket(
  deps: { repository: BasketRepository; access: BasketAccess; views: BasketViews },
  basketId: string | null,
  viewer: BasketViewer,
): Promise<BasketResult> {
  const { repository, access, views } = deps;
  const userId = viewer.userId;
  if (userId === null) throw new AppError('unauthorized');
  const guest = basketId ? await repository.findOpen(basketId) : undefined;
  const ownId = await repository.latestOpenOf(userId);
  if (guest && guest.user_id === null) {
    if (ownId && (await unlessPaying(() => mergeInto(repository, guest, ownId)))) {
      return access.answer(ownId, viewer);
    }
    if (await unlessPaying(() => repository.claim(guest.id, userId))) {
      return access.answer(guest.id, viewer);
    }
    return access.answer(ownId ?? guest.id, viewer);
  }
  if (ownId) return access.answer(ownId, viewer);
  return { basketId: null, basket: await views.build(undefined, viewer) };
}
