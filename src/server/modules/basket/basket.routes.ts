/**
 * Basket endpoints (spec section 7). The basket belongs to the browser through a
 * signed, HttpOnly, SameSite=Lax cookie set on the first write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { BasketView } from '../../../domain/api/basket.ts';
import { basketSchema, basketShareSchema, data } from '../../../domain/api/replies.ts';
import type { ErrorType } from '../../../domain/errors.ts';
import {
  addItemSchema,
  creditChoiceSchema,
  deliveryChoiceSchema,
  loyaltyChoiceSchema,
  updateItemSchema,
  voucherChoiceSchema,
} from '../../../domain/schemas/basket.ts';
import { encodedJson, sendEncodedJson } from '../../http/encoded-json.ts';
import { openapi, type RouteDoc } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { basketIdOf, setBasketCookie } from './basket-cookie.ts';
import { detailsBodySchema } from './basket-details.ts';
import {
  GUEST_VIEWER,
  itemIdFromPath,
  type BasketResult,
  type BasketService,
  type BasketViewer,
} from './basket.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A cached basket view is sent many times: serialise and compress it once.
const basketBody = encodedJson((view: BasketView) => JSON.stringify({ data: view }));

/** The link's id; anything but a uuid is no link (the empty basket answers). */
const abandonedQuery = z.object({ id: z.catch(z.optional(z.string()), undefined) });

/** Every basket route answers the basket (ADR 031). */
const basketReply = data(basketSchema);
const basketDoc = (
  summary: string,
  doc: { body?: RouteDoc['body']; query?: RouteDoc['query']; errors?: ErrorType[] } = {},
) => openapi({ summary, auth: 'optional', replies: { 200: basketReply }, ...doc });

export function basketRoutes(
  app: FastifyInstance,
  deps: {
    baskets: BasketService;
    secureCookies: boolean;
    /** The customer's buds, for signed-in viewers. */
    budsOf: (userId: number) => Promise<number>;
    /** The customer's store credit (pence), for signed-in viewers. */
    creditOf: (userId: number) => Promise<number>;
  },
) {
  const { baskets } = deps;

  async function viewerOf(request: FastifyRequest): Promise<BasketViewer> {
    const user = request.user;
    if (!user) return GUEST_VIEWER;
    const [buds, credit] = await Promise.all([deps.budsOf(user.id), deps.creditOf(user.id)]);
    return {
      userId: user.id,
      pricesExcludeTax: user.prices_exclude_tax,
      loyaltyAvailable: buds,
      creditAvailable: credit,
      wantsReminders: user.basket_reminders,
    };
  }

  function send(
    request: FastifyRequest,
    response: FastifyReply,
    sentId: string | null,
    result: BasketResult,
  ) {
    if (result.basketId && result.basketId !== sentId) {
      setBasketCookie(response, result.basketId, deps.secureCookies);
    }
    response.header('cache-control', 'no-store');
    return sendEncodedJson(request, response, basketBody, result.basket);
  }

  /** Registers a basket route: the handler gets the browser's basket id and the viewer. */
  function route<P extends Record<string, string> = Record<string, never>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    doc: ReturnType<typeof basketDoc>,
    handler: (
      basketId: string | null,
      request: FastifyRequest<{ Params: P }>,
      viewer: BasketViewer,
    ) => Promise<BasketResult>,
  ) {
    app.route<{ Params: P }>({
      method,
      url,
      ...doc,
      // send() answers pre-compressed bodies itself.
      compress: false,
      handler: async (request, response) => {
        const basketId = basketIdOf(request);
        const result = await handler(basketId, request, await viewerOf(request));
        return send(request, response, basketId, result);
      },
    });
  }

  route('GET', '/basket', basketDoc('This browser’s basket'), (id, _request, viewer) =>
    baskets.get(id, viewer),
  );
  // A basket whose order is being paid for refuses every change (ADR 035).
  const paying: ErrorType = 'basket_order_in_progress';
  const stock: ErrorType[] = ['insufficient_stock', 'product_unavailable', paying];
  const add = basketDoc('Adds a product to the basket', { body: addItemSchema, errors: stock });
  route('POST', '/basket', add, (id, request, viewer) =>
    baskets.addItem(id, parseInput(addItemSchema, objectBody(request.body)), viewer),
  );
  const acquire = basketDoc('On login: the guest basket becomes the customer’s', {
    errors: ['unauthorized'],
  });
  route('POST', '/basket/acquire', acquire, (id, _request, viewer) => baskets.acquire(id, viewer));
  const restore = basketDoc('Copies a shared or abandoned basket into this browser’s', {
    query: abandonedQuery,
    errors: ['not_found', paying],
  });
  route('GET', '/basket/abandoned', restore, (id, request, viewer) => {
    const linkId = parseInput(abandonedQuery, request.query).id;
    return baskets.restore(
      id,
      typeof linkId === 'string' && UUID.test(linkId) ? linkId : null,
      viewer,
    );
  });
  const share = openapi({
    summary: 'A link that copies this basket into another browser',
    auth: 'optional',
    replies: { 200: data(basketShareSchema) },
    errors: ['validation'],
  });
  app.post('/basket/share', share, async (request, response) => {
    const shared = await baskets.share(basketIdOf(request), await viewerOf(request));
    return response.header('cache-control', 'no-store').send({ data: shared });
  });
  // Addresses merge onto the stored ones before they are validated (basket-details.ts).
  const details = basketDoc('Sets the email, addresses and safe place, in any combination', {
    body: detailsBodySchema,
    errors: [paying],
  });
  route('PUT', '/basket/details', details, (id, request, viewer) =>
    baskets.updateDetails(id, objectBody(request.body), viewer),
  );
  const delivery = basketDoc('Chooses the delivery option', {
    body: deliveryChoiceSchema,
    errors: ['invalid_delivery_option', paying],
  });
  route('PUT', '/basket/delivery', delivery, (id, request, viewer) =>
    baskets.setDeliveryOption(
      id,
      parseInput(deliveryChoiceSchema, objectBody(request.body)),
      viewer,
    ),
  );
  const voucher = basketDoc('Applies a discount code, or removes it (null)', {
    body: voucherChoiceSchema,
    errors: [paying],
  });
  route('PUT', '/basket/voucher', voucher, (id, request, viewer) =>
    baskets.setVoucher(id, parseInput(voucherChoiceSchema, objectBody(request.body)), viewer),
  );
  const loyalty = basketDoc('Uses the customer’s buds, or stops', {
    body: loyaltyChoiceSchema,
    errors: [paying],
  });
  route('PUT', '/basket/loyalty', loyalty, (id, request, viewer) =>
    baskets.setLoyalty(id, parseInput(loyaltyChoiceSchema, objectBody(request.body)), viewer),
  );
  const credit = basketDoc('Uses the customer’s store credit, or stops', {
    body: creditChoiceSchema,
    errors: [paying],
  });
  route('PUT', '/basket/credit', credit, (id, request, viewer) =>
    baskets.setCredit(id, parseInput(creditChoiceSchema, objectBody(request.body)), viewer),
  );
  const update = basketDoc('Changes a line’s quantity', {
    body: updateItemSchema,
    errors: ['not_found', ...stock],
  });
  route<{ id: string }>('PATCH', '/basket/:id', update, (id, request, viewer) => {
    const itemId = itemIdFromPath(request.params.id);
    return baskets.updateItem(
      id,
      itemId,
      parseInput(updateItemSchema, objectBody(request.body)),
      viewer,
    );
  });
  const remove = basketDoc('Removes a line', { errors: ['not_found', paying] });
  route<{ id: string }>('DELETE', '/basket/:id', remove, (id, request, viewer) =>
    baskets.removeItem(id, itemIdFromPath(request.params.id), viewer),
  );
}
