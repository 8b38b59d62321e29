/**
 * Basket endpoints (spec section 7). The basket belongs to the browser through a
 * signed, HttpOnly, SameSite=Lax cookie set on the first write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BasketView } from '../../../domain/api/basket.ts';
import {
  addItemSchema,
  deliveryChoiceSchema,
  loyaltyChoiceSchema,
  updateItemSchema,
  voucherChoiceSchema,
} from '../../../domain/schemas/basket.ts';
import { encodedJson, sendEncodedJson } from '../../http/encoded-json.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import {
  GUEST_VIEWER,
  itemIdFromPath,
  type BasketResult,
  type BasketService,
  type BasketViewer,
} from './basket.service.ts';

export const BASKET_COOKIE = 'everbloom_basket';
const THIRTY_DAYS_S = 60 * 60 * 24 * 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A cached basket view is sent many times: serialise and compress it once.
const basketBody = encodedJson((view: BasketView) => JSON.stringify({ data: view }));

/** A signed basket id is 80 characters (uuid, dot, base64url HMAC); longer is forged. */
const SIGNED_ID_MAX_LENGTH = 128;

/** The basket id from the signed cookie, or null when absent or tampered with. */
export function basketIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[BASKET_COOKIE];
  if (!raw || raw.length > SIGNED_ID_MAX_LENGTH) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && UUID.test(unsigned.value) ? unsigned.value : null;
}

export function basketRoutes(
  app: FastifyInstance,
  deps: {
    baskets: BasketService;
    secureCookies: boolean;
    /** The customer's buds, for signed-in viewers. */
    budsOf: (userId: number) => Promise<number>;
  },
) {
  const { baskets } = deps;

  async function viewerOf(request: FastifyRequest): Promise<BasketViewer> {
    const user = request.user;
    if (!user) return GUEST_VIEWER;
    return {
      userId: user.id,
      pricesExcludeTax: user.prices_exclude_tax,
      loyaltyAvailable: await deps.budsOf(user.id),
    };
  }

  function send(
    request: FastifyRequest,
    response: FastifyReply,
    sentId: string | null,
    result: BasketResult,
  ) {
    if (result.basketId && result.basketId !== sentId) {
      response.setCookie(BASKET_COOKIE, result.basketId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        signed: true,
        maxAge: THIRTY_DAYS_S,
      });
    }
    response.header('cache-control', 'no-store');
    return sendEncodedJson(request, response, basketBody, result.basket);
  }

  /** Registers a basket route: the handler gets the browser's basket id and the viewer. */
  function route<P extends Record<string, string> = Record<string, never>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    handler: (
      basketId: string | null,
      request: FastifyRequest<{ Params: P }>,
      viewer: BasketViewer,
    ) => Promise<BasketResult>,
  ) {
    app.route<{ Params: P }>({
      method,
      url,
      // send() answers pre-compressed bodies itself.
      compress: false,
      handler: async (request, response) => {
        const basketId = basketIdOf(request);
        const result = await handler(basketId, request, await viewerOf(request));
        return send(request, response, basketId, result);
      },
    });
  }

  route('GET', '/basket', (id, _request, viewer) => baskets.get(id, viewer));
  route('POST', '/basket', (id, request, viewer) =>
    baskets.addItem(id, parseInput(addItemSchema, objectBody(request.body)), viewer),
  );
  route('POST', '/basket/acquire', (id, _request, viewer) => baskets.acquire(id, viewer));
  route('GET', '/basket/abandoned', (id, request, viewer) => {
    const linkId = (request.query as { id?: unknown }).id;
    return baskets.restore(
      id,
      typeof linkId === 'string' && UUID.test(linkId) ? linkId : null,
      viewer,
    );
  });
  app.post('/basket/share', async (request, response) => {
    const shared = await baskets.share(basketIdOf(request), await viewerOf(request));
    return response.header('cache-control', 'no-store').send({ data: shared });
  });
  // Addresses merge onto the stored ones before they are validated (basket-details.ts).
  route('PUT', '/basket/details', (id, request, viewer) =>
    baskets.updateDetails(id, objectBody(request.body), viewer),
  );
  route('PUT', '/basket/delivery', (id, request, viewer) =>
    baskets.setDeliveryOption(
      id,
      parseInput(deliveryChoiceSchema, objectBody(request.body)),
      viewer,
    ),
  );
  route('PUT', '/basket/voucher', (id, request, viewer) =>
    baskets.setVoucher(id, parseInput(voucherChoiceSchema, objectBody(request.body)), viewer),
  );
  route('PUT', '/basket/loyalty', (id, request, viewer) =>
    baskets.setLoyalty(id, parseInput(loyaltyChoiceSchema, objectBody(request.body)), viewer),
  );
  route<{ id: string }>('PATCH', '/basket/:id', (id, request, viewer) => {
    const itemId = itemIdFromPath(request.params.id);
    return baskets.updateItem(
      id,
      itemId,
      parseInput(updateItemSchema, objectBody(request.body)),
      viewer,
    );
  });
  route<{ id: string }>('DELETE', '/basket/:id', (id, request, viewer) =>
    baskets.removeItem(id, itemIdFromPath(request.params.id), viewer),
  );
}
