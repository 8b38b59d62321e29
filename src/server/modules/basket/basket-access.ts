/**
 * Which basket a request works on, and the basket it answers after a write.
 */
import { randomUUID } from 'node:crypto';
import type { BasketView } from '../../../domain/api/basket.ts';
import type { BasketChanges, BasketRecord, BasketRepository } from './basket.repository.ts';
import type { BasketViewer, BasketViews } from './basket-view.ts';

/** A basket id (possibly newly created) and its view. */
export interface BasketResult {
  basketId: string | null;
  basket: BasketView;
}

/** A customer's basket is theirs alone; a guest's belongs to whoever holds its cookie. */
export function mayUse(basket: { user_id: number | null }, viewer: BasketViewer): boolean {
  return basket.user_id === null || basket.user_id === viewer.userId;
}

export function basketAccess(deps: { repository: BasketRepository; views: BasketViews }) {
  const { repository, views } = deps;

  /**
   * The browser's basket if this viewer may use it, else the signed-in customer's
   * latest open basket, else none.
   */
  async function open(
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

  /** The basket read afresh, and its view. */
  async function answer(basketId: string, viewer: BasketViewer): Promise<BasketResult> {
    return { basketId, basket: await views.build(await repository.findOpen(basketId), viewer) };
  }

  /**
   * The answer to a write of `before`: when the write moved the version on by exactly
   * one, no other write came between this request's read and its write (every write
   * bumps the version), so the basket is `before` with this write applied and need not
   * be read again. Otherwise it is read.
   */
  async function afterWrite(
    before: BasketRecord,
    version: number | undefined,
    apply: (basket: BasketRecord) => BasketRecord,
    viewer: BasketViewer,
  ): Promise<BasketResult> {
    if (version !== before.version + 1) return answer(before.id, viewer);
    return {
      basketId: before.id,
      basket: await views.build({ ...apply(before), version }, viewer),
    };
  }

  return {
    open,
    answer,
    afterWrite,

    /** The open basket, created when there is none (first write). */
    async ensure(basketId: string | null, viewer: BasketViewer): Promise<BasketRecord> {
      return (await open(basketId, viewer)) ?? repository.create(randomUUID(), viewer.userId);
    },

    /** Saves changes to the basket's own fields and answers the basket. */
    async save(
      before: BasketRecord,
      changes: BasketChanges,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const saved = await repository.update(before.id, changes);
      return afterWrite(
        before,
        saved?.version,
        (b) => ({ ...b, ...saved, items: b.items }),
        viewer,
      );
    },
  };
}

export type BasketAccess = ReturnType<typeof basketAccess>;
