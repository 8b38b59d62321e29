/**
 * Authentication endpoints (spec section 7): login, register, password reset, logout.
 * Each route parses its body with the schema its OpenAPI declaration names (ADR 031)
 * and hands the service plain values.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { data, loginResultSchema, messageSchema } from '../../../domain/api/replies.ts';
import {
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from '../../../domain/schemas/auth.ts';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import type { BasketService } from '../basket/basket.service.ts';
import { BASKET_COOKIE, basketIdOf, setBasketCookie } from '../basket/basket-cookie.ts';
import { ORDERS_COOKIE } from '../order/order-cookie.ts';
import type { AuthService } from './auth.service.ts';

/** What login and registration do to the browser's basket cookie (ADR 044). */
const NEW_BASKET_COOKIE =
  'Also sets a new basket cookie: the browser’s guest basket merged into the customer’s, ' +
  'or moved to a new basket of theirs (removed when there is none).';

const login = openapi({
  summary: 'Logs in: a bearer token for the customer',
  description: NEW_BASKET_COOKIE,
  auth: 'optional',
  body: loginSchema,
  replies: { 200: data(loginResultSchema) },
  errors: ['authorized', 'invalid_login', 'rate_limit'],
});
const register = openapi({
  summary: 'Creates an account and logs it in',
  description: NEW_BASKET_COOKIE,
  auth: 'optional',
  body: registerSchema,
  replies: { 200: data(loginResultSchema) },
  errors: ['authorized', 'email_exists'],
});
const resetRequest = openapi({
  summary: 'Emails a password reset link (the same reply whether or not the account exists)',
  body: resetRequestSchema,
  replies: { 200: data(messageSchema) },
  errors: ['rate_limit'],
});
const resetConfirm = openapi({
  summary: 'Sets a new password with a reset link’s token',
  body: resetConfirmSchema,
  replies: { 200: data(messageSchema) },
});
const logout = openapi({
  summary: 'Ends the bearer token’s session',
  auth: 'optional',
  replies: { 200: data(z.object({ logged_out: z.literal(true) })) },
});

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    baskets: Pick<BasketService, 'acquireId'>;
    secureCookies: boolean;
  },
) {
  const { auth } = deps;
  /**
   * A login or registration gives the browser a new basket cookie: the customer's basket,
   * holding the guest basket's items under an id no guest knew (ADR 044). Whatever
   * basket cookie was in the browser before, planted or not, reaches nothing of theirs,
   * whether or not the page then calls /basket/acquire.
   */
  async function newBasketCookie(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const basketId = await deps.baskets.acquireId(basketIdOf(request), userId);
    setBasketCookie(reply, basketId, deps.secureCookies);
  }
  /** Logging in or registering while signed in is refused before the body is read. */
  const signedOut = (request: FastifyRequest) => {
    if (request.user !== null) throw new AppError('authorized');
    return { remoteIp: request.ip };
  };

  app.post('/auth/login', login, async (request, reply) => {
    const context = signedOut(request);
    const input = parseInput(loginSchema, objectBody(request.body));
    const { result, userId } = await auth.login(input, context);
    await newBasketCookie(request, reply, userId);
    return { data: result };
  });
  app.post('/auth/register', register, async (request, reply) => {
    const context = signedOut(request);
    const input = parseInput(registerSchema, objectBody(request.body));
    const { result, userId } = await auth.register(input, context);
    await newBasketCookie(request, reply, userId);
    return { data: result };
  });
  app.post('/auth/reset_password', resetRequest, async (request) => ({
    data: await auth.requestReset(parseInput(resetRequestSchema, objectBody(request.body)), {
      remoteIp: request.ip,
    }),
  }));
  app.post('/auth/reset_password/confirm', resetConfirm, async (request) => ({
    data: await auth.confirmReset(parseInput(resetConfirmSchema, objectBody(request.body))),
  }));
  app.post('/auth/logout', logout, async (request, reply) => {
    await auth.logout(request.authToken);
    // The browser also forgets its basket and orders cookies: on a shared computer the
    // next person must not read (or cancel) the customer's orders placed there (ADR 010).
    for (const name of [BASKET_COOKIE, ORDERS_COOKIE]) reply.clearCookie(name, { path: '/' });
    return { data: { logged_out: true } };
  });
}
