/**
 * Authentication endpoints (spec section 7): login, register, password reset, logout.
 */
import type { FastifyInstance } from 'fastify';
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
  app.post('/auth/logout', async (request) => {
    await auth.logout(request.authToken);
    return { data: { logged_out: true } };
  });
}
