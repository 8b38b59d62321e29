/**
 * Payment endpoints (contracts.md): the client token the browser's payment library
 * starts from, and a signed-in customer's vaulted cards (their vault id is their user
 * id). Vault tokens are shown only to their owner; another customer's is not found.
 */
import type { FastifyInstance } from 'fastify';
import type { StoredCardView } from '../../../domain/api/order.ts';
import { z } from 'zod/mini';
import { data, storedCardsSchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import type { PaymentGateway } from '../../adapters/payments/port.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi } from '../../http/openapi.ts';
import type { PaymentAttempts } from './payment-attempts.ts';

const TOKEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

const token = openapi({
  summary: 'A client token for the browser’s payment library (the customer’s vault when signed in)',
  auth: 'optional',
  replies: { 200: data(z.object({ token: z.string() })) },
  errors: ['rate_limit'],
});
const cardsReply = data(storedCardsSchema);
const list = openapi({
  summary: 'The customer’s saved cards, default first',
  auth: 'customer',
  replies: { 200: cardsReply },
});
const remove = openapi({
  summary: 'Deletes a saved card',
  auth: 'customer',
  replies: { 200: cardsReply },
  errors: ['not_found'],
});
const makeDefault = openapi({
  summary: 'Makes a saved card the default',
  auth: 'customer',
  replies: { 200: cardsReply },
  errors: ['not_found'],
});

export function paymentRoutes(
  app: FastifyInstance,
  deps: { gateway: PaymentGateway; attempts: Pick<PaymentAttempts, 'admitClientToken'> },
) {
  const { gateway } = deps;

  async function cards(customerId: string): Promise<StoredCardView[]> {
    const list = await gateway.listCards(customerId);
    return list.map((card) => ({
      id: card.token,
      nonce: card.nonce,
      default: card.default,
      details: {
        cardType: card.cardType,
        lastFour: card.lastFour,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        bin: card.bin,
      },
    }));
  }

  const tokenOf = (id: string) => {
    if (!TOKEN_ID.test(id)) throw new AppError('not_found');
    return id;
  };

  app.post('/payments/token', token, async (request, response) => {
    // Card testing (ADR 040): the way in to the gateway is limited per client address.
    await deps.attempts.admitClientToken(request.ip);
    const token = await gateway.clientToken({
      customerId: request.user ? String(request.user.id) : null,
    });
    return response.header('cache-control', 'no-store').send({ data: { token } });
  });

  app.get('/payments/methods', list, async (request, response) => {
    const user = requireUser(request);
    const list = await cards(String(user.id));
    return response.header('cache-control', 'no-store').send({ data: { payment_methods: list } });
  });

  app.delete<{ Params: { id: string } }>('/payments/methods/:id', remove, async (request) => {
    const customerId = String(requireUser(request).id);
    if (!(await gateway.deleteCard(customerId, tokenOf(request.params.id)))) {
      throw new AppError('not_found');
    }
    return { data: { payment_methods: await cards(customerId) } };
  });

  app.put<{ Params: { id: string } }>(
    '/payments/methods/:id/default',
    makeDefault,
    async (request) => {
      const customerId = String(requireUser(request).id);
      if (!(await gateway.makeDefaultCard(customerId, tokenOf(request.params.id)))) {
        throw new AppError('not_found');
      }
      return { data: { payment_methods: await cards(customerId) } };
    },
  );
}
