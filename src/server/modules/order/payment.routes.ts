/**
 * Payment endpoints (contracts.md): the client token the browser's payment library
 * starts from, and a signed-in customer's vaulted cards (their vault id is their user
 * id). Vault tokens are shown only to their owner; another customer's is not found.
 */
import type { FastifyInstance } from 'fastify';
import type { StoredCardView } from '../../../domain/api/order.ts';
import { AppError } from '../../../domain/errors.ts';
import type { PaymentGateway } from '../../adapters/payments/port.ts';
import { requireUser } from '../../http/authenticate.ts';

const TOKEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function paymentRoutes(app: FastifyInstance, deps: { gateway: PaymentGateway }) {
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

  app.post('/payments/token', async (request, response) => {
    const token = await gateway.clientToken({
      customerId: request.user ? String(request.user.id) : null,
    });
    return response.header('cache-control', 'no-store').send({ data: { token } });
  });

  app.get('/payments/methods', async (request, response) => {
    const user = requireUser(request);
    const list = await cards(String(user.id));
    return response.header('cache-control', 'no-store').send({ data: { payment_methods: list } });
  });

  app.delete<{ Params: { id: string } }>('/payments/methods/:id', async (request) => {
    const customerId = String(requireUser(request).id);
    if (!(await gateway.deleteCard(customerId, tokenOf(request.params.id)))) {
      throw new AppError('not_found');
    }
    return { data: { payment_methods: await cards(customerId) } };
  });

  app.put<{ Params: { id: string } }>('/payments/methods/:id/default', async (request) => {
    const customerId = String(requireUser(request).id);
    if (!(await gateway.makeDefaultCard(customerId, tokenOf(request.params.id)))) {
      throw new AppError('not_found');
    }
    return { data: { payment_methods: await cards(customerId) } };
  });
}
