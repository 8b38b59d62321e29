/**
 * Links that copy a basket into another browser: shared by the shopper, or sent in an
 * abandoned-basket email. Valid for 30 days.
 */
import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '../../../domain/errors.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/schemas/basket.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { BasketAccess, BasketResult } from './basket-access.ts';
import type { BasketRepository } from './basket.repository.ts';
import type { BasketViewer } from './basket-view.ts';

const LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A new 30-day link to this basket, for a caller that has already checked it may have
 * one (the abandoned-basket reminder, ADR 077).
 */
export async function createRecoveryLink(
  repository: Pick<BasketRepository, 'createLink'>,
  basketId: string,
): Promise<{ id: string; url: string }> {
  const id = randomUUID();
  await repository.createLink(id, basketId, new Date(Date.now() + LINK_TTL_MS));
  return { id, url: `/basket?restore=${id}` };
}

export function basketLinks(deps: {
  repository: BasketRepository;
  catalogue: CatalogueService;
  access: BasketAccess;
}) {
  const { repository, catalogue, access } = deps;
  return {
    /** A link that copies this basket into another browser. */
    async share(basketId: string | null, viewer: BasketViewer) {
      const basket = await access.open(basketId, viewer);
      if (!basket || basket.items.length === 0) {
        throw validationError({ basket: ['Your basket is empty: add something to share first.'] });
      }
      return createRecoveryLink(repository, basket.id);
    },

    /**
     * Copies the basket behind a link into this browser's basket: items still on sale,
     * within stock, and its discount code when this basket has none.
     */
    async restore(
      basketId: string | null,
      linkId: string | null,
      viewer: BasketViewer,
    ): Promise<BasketResult> {
      const expired = new AppError('not_found', {
        message: 'This basket link has expired or could not be found.',
      });
      const sourceId = linkId ? await repository.basketOfLink(linkId) : undefined;
      const source = sourceId ? await repository.findAny(sourceId) : undefined;
      if (!source) throw expired;
      const target = await access.ensure(basketId, viewer);
      if (target.id === source.id) return access.answer(target.id, viewer);
      const snapshot = await catalogue.snapshotOf(source.items.map((item) => item.product_id));
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
      return access.answer(target.id, viewer);
    },
  };
}
