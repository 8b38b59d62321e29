/**
 * Wishlist endpoints (issue 11, ADR 024). /user/wishlist… need a bearer token (401
 * otherwise) and only ever touch the customer's own list; /wishlists/{share_id} is
 * readable by anyone holding the link.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { data, sharedWishlistSchema, wishlistSchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi, type RouteDoc } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import type { WishlistService } from './wishlist.service.ts';

const PRODUCT_MESSAGE = 'Please choose a product';

const addSchema = z.object({
  product_id: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value,
    ),
    z.int({ error: PRODUCT_MESSAGE }).check(z.positive(PRODUCT_MESSAGE)),
  ),
});

const own = (summary: string, doc: Partial<RouteDoc> = {}) =>
  openapi({
    summary,
    auth: 'customer',
    replies: { 200: data(z.object({ wishlist: wishlistSchema })) },
    ...doc,
  });
const view = own('The customer’s wishlist, newest first');
const add = own('Saves a product', { body: addSchema });
const remove = own('Removes a saved product', { errors: ['wishlist_item_not_found'] });
const share = own('Shares the wishlist: a link anyone may read');
const stopSharing = own('Withdraws the share link');
const shared = openapi({
  summary: 'A shared wishlist, read-only',
  replies: { 200: data(z.object({ wishlist: sharedWishlistSchema })) },
  errors: ['wishlist_not_found'],
});

function itemIdFromPath(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new AppError('wishlist_item_not_found');
  return Number(value);
}

export function wishlistRoutes(app: FastifyInstance, deps: { wishlists: WishlistService }) {
  const { wishlists } = deps;
  const reply = async (wishlist: Promise<unknown>) => ({ data: { wishlist: await wishlist } });

  app.get('/user/wishlist', view, async (request) =>
    reply(wishlists.view(requireUser(request).id)),
  );
  app.post('/user/wishlist/items', add, async (request) => {
    const user = requireUser(request);
    const { product_id } = parseInput(addSchema, objectBody(request.body));
    return reply(wishlists.add(user.id, product_id));
  });
  app.delete<{ Params: { id: string } }>('/user/wishlist/items/:id', remove, async (request) => {
    const user = requireUser(request);
    return reply(wishlists.remove(user.id, itemIdFromPath(request.params.id)));
  });
  app.post('/user/wishlist/share', share, async (request) =>
    reply(wishlists.share(requireUser(request).id)),
  );
  app.delete('/user/wishlist/share', stopSharing, async (request) =>
    reply(wishlists.stopSharing(requireUser(request).id)),
  );
  app.get<{ Params: { shareId: string } }>(
    '/wishlists/:shareId',
    shared,
    async (request, response) => {
      // A withdrawn link must stop working at once: no shared caches.
      response.header('cache-control', 'no-store');
      return reply(wishlists.shared(request.params.shareId));
    },
  );
}
