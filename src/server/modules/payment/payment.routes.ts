/**
 * Payment endpoints (ADR 020; shapes in domain/api/ and the OpenAPI document, ADR 031):
 * the client token the browser's payment library starts from, a signed-in customer's
 * vaulted cards, and the payment gateway's webhooks.
 * Vault tokens are shown only to their owner; another customer's is not found.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { data, storedCardsSchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody } from '../../http/parse.ts';
import type { PaymentService } from './payment.service.ts';

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

const webhook = openapi({
  summary: 'The payment gateway’s webhook (Braintree’s signed form post)',
  body: {
    mediaType: 'application/x-www-form-urlencoded',
    schema: z.object({ bt_signature: z.string(), bt_payload: z.string() }),
  },
  replies: { 200: data(z.object({ received: z.literal(true) })) },
  errors: [['unauthorized', 403]],
});

export function paymentRoutes(app: FastifyInstance, deps: { payments: PaymentService }) {
  const { payments } = deps;

  const tokenOf = (id: string) => {
    if (!TOKEN_ID.test(id)) throw new AppError('not_found');
    return id;
  };

  app.post('/payments/token', token, async (request, response) => {
    const token = await payments.clientToken(request.user?.id ?? null, request.ip);
    return response.header('cache-control', 'no-store').send({ data: { token } });
  });

  app.get('/payments/methods', list, async (request, response) => {
    const list = await payments.cards(requireUser(request).id);
    return response.header('cache-control', 'no-store').send({ data: { payment_methods: list } });
  });

  app.delete<{ Params: { id: string } }>('/payments/methods/:id', remove, async (request) => {
    const customerId = requireUser(request).id;
    const list = await payments.deleteCard(customerId, tokenOf(request.params.id));
    return { data: { payment_methods: list } };
  });

  app.put<{ Params: { id: string } }>(
    '/payments/methods/:id/default',
    makeDefault,
    async (request) => {
      const customerId = requireUser(request).id;
      const list = await payments.makeDefaultCard(customerId, tokenOf(request.params.id));
      return { data: { payment_methods: list } };
    },
  );

  // Braintree posts webhooks as a form; only this route reads forms.
  void app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    webhooks.post('/payments/webhooks', webhook, async (request) => {
      const body = objectBody(request.body);
      await payments.webhook({
        signature: typeof body.bt_signature === 'string' ? body.bt_signature : '',
        payload: typeof body.bt_payload === 'string' ? body.bt_payload : '',
      });
      return { data: { received: true } };
    });
  });
}
