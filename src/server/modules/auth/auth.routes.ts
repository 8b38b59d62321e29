/**
 * Authentication endpoints (spec section 7): login, register, password reset, logout.
 */
import type { FastifyInstance } from 'fastify';
import { BASKET_COOKIE } from '../basket/basket.routes.ts';
import { ORDERS_COOKIE } from '../order/order.routes.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService }) {
  const { auth } = deps;
  const context = (request: { ip: string; user: unknown }) => ({
    remoteIp: request.ip,
    signedIn: request.user !== null,
  });

  app.post('/auth/login', async (request) => ({
    data: await auth.login(request.body, context(request)),
  }));
  app.post('/auth/register', async (request) => ({
    data: await auth.register(request.body, context(request)),
  }));
  app.post('/auth/reset_password', async (request) => ({
    data: await auth.requestReset(request.body, context(request)),
  }));
  app.post('/auth/reset_password/confirm', async (request) => ({
    data: await auth.confirmReset(request.body),
  }));
  app.post('/auth/logout', async (request, reply) => {
    await auth.logout(request.authToken);
    // The browser also forgets its basket and orders cookies: on a shared computer the
    // next person must not read (or cancel) the customer's orders placed there (ADR 010).
    for (const name of [BASKET_COOKIE, ORDERS_COOKIE]) reply.clearCookie(name, { path: '/' });
    return { data: { logged_out: true } };
  });
}
