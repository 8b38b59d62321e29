/**
 * The signed-in customer's endpoints (spec section 7): details, preferences,
 * password, saved addresses, and (ours) their buds with GET /user/loyalty. Every one
 * needs a bearer token (401 otherwise), and a customer only ever sees or changes
 * their own addresses and buds (404 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import { requireUser } from '../../http/authenticate.ts';
import type { UserService } from './user.service.ts';

function idFromPath(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

export function userRoutes(app: FastifyInstance, deps: { users: UserService }) {
  const { users } = deps;
  app.get('/user', async (request) => ({ data: await users.view(requireUser(request)) }));
  app.put('/user/personal', async (request) => ({
    data: await users.updatePersonal(requireUser(request), request.body),
  }));
  app.put('/user/tax', async (request) => ({
    data: await users.updateTax(requireUser(request), request.body),
  }));
  app.put('/user/newsletter', async (request) => ({
    data: await users.updateNewsletter(requireUser(request), request.body),
  }));
  app.put('/user/auth', async (request) => ({
    data: await users.changePassword(requireUser(request), request.body),
  }));
  app.get('/user/loyalty', async (request) => ({
    data: await users.loyalty(requireUser(request)),
  }));
  app.get('/user/addresses', async (request) => ({
    data: await users.listAddresses(requireUser(request)),
  }));
  app.post('/user/addresses', async (request) => ({
    data: await users.createAddress(requireUser(request), request.body),
  }));
  // Fastify's router tries a static segment before a parameter whatever the order of
  // registration, so 'defaults' never reaches /:id (which would refuse it as not_found).
  app.put('/user/addresses/defaults', async (request) => ({
    data: await users.setDefaults(requireUser(request), request.body),
  }));
  app.put<{ Params: { id: string } }>('/user/addresses/:id', async (request) => ({
    data: await users.updateAddress(
      requireUser(request),
      idFromPath(request.params.id),
      request.body,
    ),
  }));
}
