/**
 * The test-mode "Braintree client API" (ADR 020; shapes in the OpenAPI document, the
 * browser's side in web/features/checkout/payment/client/test-mode/test-client-api.ts):
 * what braintree-web does against Braintree's client API, served by the shop when the
 * gateway is in test mode. The browser's test-mode payment client sends what a card
 * form may send (first six digits, last four, expiry, card type, name — never the full
 * number or CVV) with the fake nonce class its test card stands for, and gets a
 * single-use nonce back; then it runs 3-D Secure with the issuer's answer (the browser
 * plays the issuer) for a new nonce.
 *
 * Each call carries the client token's authorizationFingerprint, checked as Braintree
 * checks its own: a forged or expired one is 401 unauthorized.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { NONCE_TYPES } from '../../../domain/payments/nonce-types.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { NONCE_MESSAGES, TEST_MODE_CLIENT_API, type TestModeGateway } from './test-mode.ts';

const digits = (length: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{${length}}$`), `${what} must be ${length} digits`);

const detailsSchema = z
  .object({
    cardType: z.string().trim().min(1).max(40).optional(),
    lastFour: digits(4, 'lastFour').optional(),
    bin: z
      .string()
      .regex(/^\d{6}(\d{2})?$/, 'bin must be the first 6 (or 8) digits')
      .optional(),
    expirationMonth: z
      .string()
      .regex(/^(0[1-9]|1[0-2])$/, 'expirationMonth must be 01 to 12')
      .optional(),
    expirationYear: digits(4, 'expirationYear').optional(),
    cardholderName: z.string().trim().max(255).optional(),
    email: z.string().trim().max(254).optional(),
  })
  .strict();

const fingerprint = z.string().min(1, 'authorization_fingerprint is required').max(2000);

const nonceRequest = z.object({
  authorization_fingerprint: fingerprint,
  type: z.enum(NONCE_TYPES as [string, ...string[]]),
  fake_nonce: z.string().min(1).max(120),
  details: detailsSchema.default({}),
});

const threeDSecureRequest = z.object({
  authorization_fingerprint: fingerprint,
  nonce: z.string().min(1).max(200),
  amount: z
    .string()
    .regex(/^\d{1,7}\.\d{2}$/, 'amount must be a decimal amount such as 12.34')
    .refine((amount) => Number(amount) > 0, 'amount must be more than 0.00'),
  outcome: z.enum(['authenticated', 'failed', 'unavailable']),
});

const mint = openapi({
  summary: 'Test mode: a single-use nonce for a fake nonce class and card details',
  body: nonceRequest,
  replies: {
    200: data(
      z.object({
        nonce: z.string(),
        type: z.enum(NONCE_TYPES as [string, ...string[]]),
        details: detailsSchema,
      }),
    ),
  },
  errors: ['unauthorized'],
});
const threeDSecure = openapi({
  summary: 'Test mode: runs 3-D Secure on a card nonce with the issuer’s answer',
  body: threeDSecureRequest,
  replies: {
    200: data(
      z.object({
        nonce: z.string(),
        liabilityShifted: z.boolean(),
        liabilityShiftPossible: z.boolean(),
        status: z.string(),
      }),
    ),
  },
  errors: ['unauthorized'],
});

function authorised(gateway: TestModeGateway, value: string): void {
  if (!gateway.authorize(value)) throw new AppError('unauthorized');
}

/** Serves the client API under `base` (TEST_MODE_CLIENT_API). */
export function registerTestModeBraintree(
  app: FastifyInstance,
  gateway: TestModeGateway,
  base: string = TEST_MODE_CLIENT_API,
): void {
  app.post(`${base}/nonces`, mint, async (request, reply) => {
    const input = parseInput(nonceRequest, objectBody(request.body));
    authorised(gateway, input.authorization_fingerprint);
    const details = Object.fromEntries(
      Object.entries(input.details).filter(([, value]) => value !== undefined && value !== ''),
    );
    const minted = await gateway.mintNonce({
      type: input.type as (typeof NONCE_TYPES)[number],
      fakeNonce: input.fake_nonce,
      details,
    });
    if (!minted) {
      throw new AppError('validation', {
        errors: { fake_nonce: [`Not one of Braintree's fake ${input.type} nonces`] },
      });
    }
    return reply.code(200).send({ data: minted });
  });

  app.post(`${base}/three_d_secure`, threeDSecure, async (request, reply) => {
    const input = parseInput(threeDSecureRequest, objectBody(request.body));
    authorised(gateway, input.authorization_fingerprint);
    const result = await gateway.threeDSecure({ nonce: input.nonce, outcome: input.outcome });
    if (!result.ok) {
      const message =
        result.reason === 'consumed'
          ? NONCE_MESSAGES.consumed
          : result.reason === 'not_card'
            ? '3-D Secure is for card nonces only'
            : NONCE_MESSAGES.unknown;
      throw new AppError('validation', { errors: { nonce: [message] } });
    }
    return reply.code(200).send({
      data: {
        nonce: result.nonce,
        liabilityShifted: result.threeDSecure.liabilityShifted,
        liabilityShiftPossible: result.threeDSecure.liabilityShiftPossible,
        status: result.threeDSecure.status,
      },
    });
  });
}

/** Where the fault switch lives (test mode, never in production; ADR 030). */
export const TEST_MODE_FAULTS = '/api/v1/test-mode/braintree/faults';

const MAX_DELAY_MS = 120_000;

const saleFault = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.enum(['timeout', 'network_error']),
      charged: z.boolean().default(false),
      delay_ms: z.number().int().min(0).max(MAX_DELAY_MS).default(0),
      then_unreachable: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      kind: z.literal('slow'),
      delay_ms: z.number().int().min(0).max(MAX_DELAY_MS),
    })
    .strict(),
]);

/** A refund whose answer is lost, made (or not) at the gateway first (ADR 081). */
const refundFault = z
  .object({
    kind: z.enum(['timeout', 'network_error']),
    refunded: z.boolean().default(false),
  })
  .strict();

const faultsRequest = z
  .object({
    sales: z.array(saleFault).max(20).default([]),
    refunds: z.array(refundFault).max(20).default([]),
    unreachable: z.boolean().optional(),
  })
  .strict();

const faultsReply = data(
  z.object({
    sales: z.array(
      z.object({
        kind: z.enum(['timeout', 'network_error', 'slow']),
        charged: z.boolean().optional(),
        then_unreachable: z.boolean().optional(),
        delay_ms: z.number().int(),
      }),
    ),
    refunds: z.array(
      z.object({ kind: z.enum(['timeout', 'network_error']), refunded: z.boolean() }),
    ),
    unreachable: z.boolean(),
    holding: z.number().int(),
  }),
);
const faultsDocs = {
  set: openapi({
    summary:
      'Test mode: queues gateway faults for the next sales or refunds, or makes it unreachable',
    body: faultsRequest,
    replies: { 200: faultsReply },
  }),
  read: openapi({
    summary: 'Test mode: the gateway faults set now',
    replies: { 200: faultsReply },
  }),
  clear: openapi({
    summary: 'Test mode: clears the gateway faults',
    replies: { 200: faultsReply },
  }),
};

function faultsView(gateway: TestModeGateway) {
  const { sales, refunds, unreachable, holding } = gateway.faults.state();
  return {
    data: {
      sales: sales.map((fault) => ({
        kind: fault.kind,
        ...('charged' in fault
          ? { charged: fault.charged, then_unreachable: fault.thenUnreachable ?? false }
          : {}),
        delay_ms: fault.delayMs ?? 0,
      })),
      refunds: refunds.map((fault) => ({ kind: fault.kind, refunded: fault.refunded })),
      unreachable,
      holding,
    },
  };
}

/** Where the test gateway's settlement switch is served (development only). */
export const TEST_MODE_SETTLEMENTS = '/api/v1/test-mode/braintree/settlements';
const settleRequest = z.object({ transaction_id: z.string().min(1).max(64) });
const settleDocs = openapi({
  summary: 'Test mode: settles a sale now, as Braintree’s daily batch would',
  body: settleRequest,
  replies: {
    200: z.object({ data: z.object({ transaction_id: z.string(), settled: z.literal(true) }) }),
  },
  errors: ['not_found'],
});

/**
 * The test gateway's fault switch over HTTP, for browser journeys and tests that run the
 * shop as a process: `POST` queues faults for the next sales
 * (`{ sales: [{ kind: 'timeout' | 'network_error', charged?, delay_ms?,
 * then_unreachable? } | { kind: 'slow', delay_ms }], refunds: [{ kind: 'timeout' |
 * 'network_error', refunded? }], unreachable? }`), `DELETE` clears them, `GET`
 * tells; each answers what is set and how many sales a delay is `holding` now.
 * `POST /api/v1/test-mode/braintree/settlements` `{ transaction_id }` settles a sale.
 * Registered only with the test-mode gateway outside production.
 */
export function registerTestModeFaults(app: FastifyInstance, gateway: TestModeGateway): void {
  app.post(TEST_MODE_FAULTS, faultsDocs.set, async (request, reply) => {
    const input = parseInput(faultsRequest, objectBody(request.body));
    gateway.faults.failNextSales(
      ...input.sales.map((fault) =>
        fault.kind === 'slow'
          ? { kind: fault.kind, delayMs: fault.delay_ms }
          : {
              kind: fault.kind,
              charged: fault.charged,
              delayMs: fault.delay_ms,
              thenUnreachable: fault.then_unreachable,
            },
      ),
    );
    gateway.faults.failNextRefunds(...input.refunds);
    if (input.unreachable !== undefined) gateway.faults.setUnreachable(input.unreachable);
    request.log.warn({ faults: gateway.faults.state() }, 'test-mode payment faults set');
    return reply.code(200).send(faultsView(gateway));
  });
  app.get(TEST_MODE_FAULTS, faultsDocs.read, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(faultsView(gateway)),
  );
  app.delete(TEST_MODE_FAULTS, faultsDocs.clear, async (_request, reply) => {
    gateway.faults.clear();
    return reply.code(200).send(faultsView(gateway));
  });
  // Braintree settles sales in its daily batch, the sandbox when a test says so: this is
  // that switch, so a demo shop can try what only a settled sale allows (partial refunds).
  app.post(TEST_MODE_SETTLEMENTS, settleDocs, async (request, reply) => {
    const input = parseInput(settleRequest, objectBody(request.body));
    const settled = await gateway.settle(input.transaction_id);
    if (!settled) throw new AppError('not_found');
    return reply.code(200).send({ data: { transaction_id: input.transaction_id, settled } });
  });
}
