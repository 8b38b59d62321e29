/**
 * The signed-in customer's endpoints (spec section 7): details, preferences,
 * password, saved addresses, and (ours) their buds with GET /user/loyalty. Every one
 * needs a bearer token (401 otherwise), and a customer only ever sees or changes
 * their own addresses and buds (404 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import {
  data,
  loginResultSchema,
  loyaltySchema,
  savedAddressChangeSchema,
  savedAddressesSchema,
  userSchema,
} from '../../../domain/api/replies.ts';
import {
  basketRemindersSchema,
  changePasswordSchema,
  newsletterSchema,
  personalSchema,
  taxPreferenceSchema,
} from '../../../domain/schemas/auth.ts';
import type { ErrorType } from '../../../domain/errors.ts';
import { AppError } from '../../../domain/errors.ts';
import { requireUser } from '../../http/authenticate.ts';
import { openapi, type RouteDoc } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { defaultsSchema, savedAddressSchema } from './user.schema.ts';
import type { UserService } from './user.service.ts';

/** A signed-in customer's route; its handler parses the body with `body` (ADR 031). */
const customer = (
  summary: string,
  reply: RouteDoc['replies'][number],
  doc: { body?: RouteDoc['body']; errors?: ErrorType[] } = {},
) => openapi({ summary, auth: 'customer', replies: { 200: reply }, ...doc });

const userReply = data(userSchema);
const addressChange = data(savedAddressChangeSchema);

/** The request body, parsed with the schema its route declares (422 with field messages). */
const parsed = <S extends $ZodType>(schema: S, body: unknown): output<S> =>
  parseInput(schema, objectBody(body));

function idFromPath(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

export function userRoutes(app: FastifyInstance, deps: { users: UserService }) {
  const { users } = deps;
  app.get('/user', customer('The customer’s details', userReply), async (request) => ({
    data: await users.view(requireUser(request)),
  }));
  const personal = customer('Changes the name', userReply, { body: personalSchema });
  app.put('/user/personal', personal, async (request) => ({
    data: await users.updatePersonal(requireUser(request), parsed(personalSchema, request.body)),
  }));
  const tax = customer('Shows prices with or without VAT', userReply, {
    body: taxPreferenceSchema,
  });
  app.put('/user/tax', tax, async (request) => ({
    data: await users.updateTax(requireUser(request), parsed(taxPreferenceSchema, request.body)),
  }));
  const newsletter = customer('Subscribes or unsubscribes', userReply, { body: newsletterSchema });
  app.put('/user/newsletter', newsletter, async (request) => ({
    data: await users.updateNewsletter(
      requireUser(request),
      parsed(newsletterSchema, request.body),
    ),
  }));
  const reminders = customer('Basket reminders on or off (opt-in)', userReply, {
    body: basketRemindersSchema,
  });
  app.put('/user/basket-reminders', reminders, async (request) => ({
    data: await users.updateBasketReminders(
      requireUser(request),
      parsed(basketRemindersSchema, request.body),
    ),
  }));
  const password = customer('Changes the password: a new token', data(loginResultSchema), {
    body: changePasswordSchema,
  });
  app.put('/user/auth', password, async (request) => ({
    data: await users.changePassword(
      requireUser(request),
      parsed(changePasswordSchema, request.body),
    ),
  }));
  const loyalty = customer('The customer’s buds and their history', data(loyaltySchema));
  app.get('/user/loyalty', loyalty, async (request) => ({
    data: await users.loyalty(requireUser(request)),
  }));
  const addresses = customer('The saved addresses', data(savedAddressesSchema));
  app.get('/user/addresses', addresses, async (request) => ({
    data: await users.listAddresses(requireUser(request)),
  }));
  const create = customer('Saves an address', addressChange, { body: savedAddressSchema });
  app.post('/user/addresses', create, async (request) => ({
    data: await users.createAddress(requireUser(request), parsed(savedAddressSchema, request.body)),
  }));
  // Fastify's router tries a static segment before a parameter whatever the order of
  // registration, so 'defaults' never reaches /:id (which would refuse it as not_found).
  const defaults = customer('Chooses the default addresses', data(savedAddressesSchema), {
    body: defaultsSchema,
  });
  app.put('/user/addresses/defaults', defaults, async (request) => ({
    data: await users.setDefaults(requireUser(request), parsed(defaultsSchema, request.body)),
  }));
  const update = customer('Changes a saved address', addressChange, {
    body: savedAddressSchema,
    errors: ['not_found'],
  });
  app.put<{ Params: { id: string } }>('/user/addresses/:id', update, async (request) => ({
    data: await users.updateAddress(
      requireUser(request),
      idFromPath(request.params.id),
      parsed(savedAddressSchema, request.body),
    ),
  }));
}
