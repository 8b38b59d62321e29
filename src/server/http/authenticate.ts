/**
 * Reads the bearer token on API requests and puts the signed-in user (or null) on
 * the request. A missing or bad token leaves the request a guest's; routes that need
 * a customer call requireUser().
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { UserRecord } from '../modules/auth/auth.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRecord | null;
    authToken: string | null;
  }
}

export function registerAuthentication(
  app: FastifyInstance,
  userForToken: (token: string) => Promise<UserRecord | undefined>,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return;
    const user = await userForToken(match[1]);
    if (user) {
      request.user = user;
      request.authToken = match[1];
    }
  });
}

/** The signed-in user, or a 401 unauthorized. */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
