/**
 * Basket endpoints (spec section 7). The basket belongs to the browser through a
 * signed, HttpOnly, SameSite=Lax cookie set on the first write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GUEST_VIEWER,
  itemIdFromPath,
  type BasketResult,
  type BasketService,
} from './basket.service.ts';

export const BASKET_COOKIE = 'everbloom_basket';
const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

export function basketRoutes(
  app: FastifyInstance,
  deps: { baskets: BasketService; secureCookies: boolean },
) {
  const { baskets } = deps;

  function basketId(request: FastifyRequest): string | null {
    const raw = request.cookies[BASKET_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value)
      ? unsigned.value
      : null;
  }

  function reply(request: FastifyRequest, response: FastifyReply, result: BasketResult) {
    if (result.basketId && result.basketId !== basketId(request)) {
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
    return { data: result.basket };
  }

  app.get('/basket', async (request, response) =>
    reply(request, response, await baskets.get(basketId(request), GUEST_VIEWER)),
  );
  app.post('/basket', async (request, response) =>
    reply(request, response, await baskets.addItem(basketId(request), request.body, GUEST_VIEWER)),
  );
  app.put('/basket/details', async (request, response) =>
    reply(
      request,
      response,
      await baskets.updateDetails(basketId(request), request.body, GUEST_VIEWER),
    ),
  );
  app.put('/basket/delivery', async (request, response) =>
    reply(
      request,
      response,
      await baskets.setDeliveryOption(basketId(request), request.body, GUEST_VIEWER),
    ),
  );
  app.put('/basket/voucher', async (request, response) =>
    reply(
      request,
      response,
      await baskets.setVoucher(basketId(request), request.body, GUEST_VIEWER),
    ),
  );
  app.patch<{ Params: { id: string } }>('/basket/:id', async (request, response) =>
    reply(
      request,
      response,
      await baskets.updateItem(
        basketId(request),
        itemIdFromPath(request.params.id),
        request.body,
        GUEST_VIEWER,
      ),
    ),
  );
  app.delete<{ Params: { id: string } }>('/basket/:id', async (request, response) =>
    reply(
      request,
      response,
      await baskets.removeItem(basketId(request), itemIdFromPath(request.params.id), GUEST_VIEWER),
    ),
  );
}
